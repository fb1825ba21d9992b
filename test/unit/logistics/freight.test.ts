import { describe, expect, it } from 'vitest';
import { channelCargoForGoods, channelCargoForQuery } from '../../../src/main/core/logistics/cargo.js';
import type { Channel } from '../../../src/main/core/logistics/channels.js';
import { carryProblem } from '../../../src/main/core/logistics/eligibility.js';
import {
  basePrice,
  chargeWeight,
  computeFreight,
  exactDecimal,
  fuelSurcharge,
  inWeightRange,
  volumetricWeight,
  type PriceModel,
} from '../../../src/main/core/logistics/freight.js';

/**
 * Every expected value below is worked out by hand from decisions.md's formulas (the comment shows the
 * arithmetic), never by calling the code under test.
 */

// Express: first 500 g 210.00, each further 500 g 56.00, divisor 5000, fuel 21.5%.
const EXPRESS: PriceModel = { firstWeight: 500, firstPrice: 21_000, stepWeight: 500, stepPrice: 5_600, volumetricDivisor: 5000, fuelSurchargeBp: 2_150 };
// Economy: first 100 g 18.00, each further 50 g 2.25, actual weight only, no fuel surcharge.
const ECONOMY: PriceModel = { firstWeight: 100, firstPrice: 1_800, stepWeight: 50, stepPrice: 225, volumetricDivisor: null, fuelSurchargeBp: 0 };
// Air: first 100 g 36.00, each further 100 g 9.20, divisor 6000, fuel 10%.
const AIR: PriceModel = { firstWeight: 100, firstPrice: 3_600, stepWeight: 100, stepPrice: 920, volumetricDivisor: 6000, fuelSurchargeBp: 1_000 };

describe('exactDecimal', () => {
  it('reads the decimal the client wrote, not the float next to it', () => {
    expect(exactDecimal(10.1)).toEqual({ num: 101n, den: 10n });
    expect(exactDecimal(22.5)).toEqual({ num: 225n, den: 10n });
    expect(exactDecimal(40)).toEqual({ num: 40n, den: 1n });
    expect(exactDecimal(0.07)).toEqual({ num: 7n, den: 100n });
    expect(exactDecimal(1e-7)).toEqual({ num: 1n, den: 10_000_000n });
    expect(exactDecimal(1.5e21)).toEqual({ num: 1_500_000_000_000_000_000_000n, den: 1n });
  });
  it('rejects negative and non-finite numbers', () => {
    expect(() => exactDecimal(-1)).toThrow(RangeError);
    expect(() => exactDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => exactDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('volumetricWeight', () => {
  it('is ceil(L x W x H / divisor x 1000) grams', () => {
    // 40 x 30 x 20 = 24000 cm3; / 5000 = 4.8 kg = 4800 g exactly
    expect(volumetricWeight({ length: 40, width: 30, height: 20 }, 5000)).toBe(4800);
    // same box at 6000: 24000 / 6000 = 4 kg = 4000 g; at 8000: 3 kg = 3000 g
    expect(volumetricWeight({ length: 40, width: 30, height: 20 }, 6000)).toBe(4000);
    expect(volumetricWeight({ length: 40, width: 30, height: 20 }, 8000)).toBe(3000);
    // 10 x 10 x 10 = 1000 cm3 / 6000 x 1000 = 166.67 g -> 167 (rounded up)
    expect(volumetricWeight({ length: 10, width: 10, height: 10 }, 6000)).toBe(167);
    // 10.1^3 = 1030.301 cm3 / 5000 x 1000 = 206.0602 g -> 207
    expect(volumetricWeight({ length: 10.1, width: 10.1, height: 10.1 }, 5000)).toBe(207);
  });

  it('is exact with decimal dimensions where floats would round the wrong way', () => {
    // 10.8 x 22.5 x 5 = 1215 cm3 exactly; / 5000 x 1000 = 243 g exactly. Floats give 243.00000000000003 -> 244.
    expect(Math.ceil(((10.8 * 22.5 * 5) / 5000) * 1000)).toBe(244);
    expect(volumetricWeight({ length: 10.8, width: 22.5, height: 5 }, 5000)).toBe(243);
    // 12.5 x 17.6 x 1 = 220 cm3; / 5000 x 1000 = 44 g exactly (floats: 45)
    expect(volumetricWeight({ length: 12.5, width: 17.6, height: 1 }, 5000)).toBe(44);
    // one more cubic millimetre's worth tips it over: 10.81 x 22.5 x 5 = 1216.125 cm3 -> 243.225 -> 244
    expect(volumetricWeight({ length: 10.81, width: 22.5, height: 5 }, 5000)).toBe(244);
  });

  it('is 0 when any dimension is missing', () => {
    expect(volumetricWeight({ length: 40, width: 30 }, 5000)).toBe(0);
    expect(volumetricWeight({ width: 30, height: 20 }, 5000)).toBe(0);
    expect(volumetricWeight({ length: 40, height: 20 }, 5000)).toBe(0);
    expect(volumetricWeight({}, 5000)).toBe(0);
  });

  it('is 0 for a channel without a divisor (actual weight only)', () => {
    expect(volumetricWeight({ length: 100, width: 100, height: 100 }, null)).toBe(0);
  });

  it('refuses a zero or negative dimension (the API rejects them before)', () => {
    expect(() => volumetricWeight({ length: 0, width: 1, height: 1 }, 5000)).toThrow(RangeError);
    expect(() => volumetricWeight({ length: -1, width: 1, height: 1 }, 5000)).toThrow(RangeError);
  });
});

describe('chargeWeight', () => {
  it('is the larger of actual and volumetric, rounded up to the step', () => {
    expect(chargeWeight(500, 0, 500)).toBe(500); // exactly a step
    expect(chargeWeight(501, 0, 500)).toBe(1000); // one gram over
    expect(chargeWeight(1, 0, 500)).toBe(500);
    expect(chargeWeight(1000, 4800, 500)).toBe(5000); // volumetric wins, then rounds up
    expect(chargeWeight(5001, 4800, 500)).toBe(5500); // actual wins
    expect(chargeWeight(101, 0, 50)).toBe(150);
    expect(chargeWeight(150, 0, 50)).toBe(150);
  });
});

describe('basePrice', () => {
  it('is the first price up to and including the first weight', () => {
    expect(basePrice(EXPRESS, 500)).toBe(21_000);
    expect(basePrice(EXPRESS, 0)).toBe(21_000);
    expect(basePrice(ECONOMY, 100)).toBe(1_800);
  });
  it('adds one step price per started step past the first weight', () => {
    // 1000: 21000 + ceil(500/500)=1 x 5600 = 26600
    expect(basePrice(EXPRESS, 1000)).toBe(26_600);
    // 1500: 21000 + 2 x 5600 = 32200
    expect(basePrice(EXPRESS, 1500)).toBe(32_200);
    // 150: 1800 + ceil(50/50)=1 x 225 = 2025; 200: 1800 + 2 x 225 = 2250
    expect(basePrice(ECONOMY, 150)).toBe(2_025);
    expect(basePrice(ECONOMY, 200)).toBe(2_250);
  });
  it('counts a started step when the first weight is not a multiple of the step', () => {
    const odd: PriceModel = { ...ECONOMY, firstWeight: 300, stepWeight: 200, stepPrice: 400 };
    // charge 400 (350 rounded up to 200s): 1800 + ceil((400-300)/200)=1 x 400 = 2200
    expect(basePrice(odd, chargeWeight(350, 0, 200))).toBe(2_200);
    // charge 600: 1800 + ceil(300/200)=2 x 400 = 2600
    expect(basePrice(odd, 600)).toBe(2_600);
  });
});

describe('fuelSurcharge', () => {
  it('is basis points of the base price, rounded half up to the minor unit', () => {
    expect(fuelSurcharge(21_000, 2_150)).toBe(4_515); // 21000 x 21.5% = 4515 exactly
    expect(fuelSurcharge(1_004, 1_250)).toBe(126); // 125.5 -> 126 (half up)
    expect(fuelSurcharge(1_003, 1_250)).toBe(125); // 125.375 -> 125
    expect(fuelSurcharge(1_005, 1_250)).toBe(126); // 125.625 -> 126
    expect(fuelSurcharge(1, 5_000)).toBe(1); // 0.5 -> 1
    expect(fuelSurcharge(1, 4_999)).toBe(0); // 0.4999 -> 0
    expect(fuelSurcharge(12_345, 0)).toBe(0);
  });
});

describe('computeFreight', () => {
  it('exactly the first weight', () => {
    // charge 500; base 21000; fuel 4515; total 25515
    expect(computeFreight(EXPRESS, { weight: 500 })).toEqual({
      actualWeight: 500, volumetricWeight: 0, chargeWeight: 500, basePrice: 21_000, fuelSurcharge: 4_515, totalPrice: 25_515,
    });
  });
  it('one gram over the first weight', () => {
    // charge 1000; base 26600; fuel 26600 x 21.5% = 5719; total 32319
    expect(computeFreight(EXPRESS, { weight: 501 })).toEqual({
      actualWeight: 501, volumetricWeight: 0, chargeWeight: 1000, basePrice: 26_600, fuelSurcharge: 5_719, totalPrice: 32_319,
    });
  });
  it('on a step edge and one gram past it', () => {
    expect(computeFreight(EXPRESS, { weight: 1000 }).totalPrice).toBe(32_319);
    // charge 1500; base 32200; fuel 6923; total 39123
    expect(computeFreight(EXPRESS, { weight: 1001 })).toMatchObject({ chargeWeight: 1500, basePrice: 32_200, fuelSurcharge: 6_923, totalPrice: 39_123 });
  });
  it('volumetric weight larger than actual', () => {
    // 40 x 30 x 20 / 5000 = 4800 g > 1000 g; charge 5000; base 21000 + 9 x 5600 = 71400; fuel 15351; total 86751
    expect(computeFreight(EXPRESS, { weight: 1000, length: 40, width: 30, height: 20 })).toEqual({
      actualWeight: 1000, volumetricWeight: 4800, chargeWeight: 5000, basePrice: 71_400, fuelSurcharge: 15_351, totalPrice: 86_751,
    });
  });
  it('actual weight larger than volumetric', () => {
    // 10 x 10 x 10 / 6000 = 167 g < 420 g; charge 500; base 3600 + 4 x 920 = 7280; fuel 728; total 8008
    expect(computeFreight(AIR, { weight: 420, length: 10, width: 10, height: 10 })).toEqual({
      actualWeight: 420, volumetricWeight: 167, chargeWeight: 500, basePrice: 7_280, fuelSurcharge: 728, totalPrice: 8_008,
    });
  });
  it('missing dimensions: billed on actual weight', () => {
    expect(computeFreight(EXPRESS, { weight: 1000, length: 40, width: 30 })).toMatchObject({ volumetricWeight: 0, chargeWeight: 1000, totalPrice: 32_319 });
  });
  it('a channel without a divisor ignores dimensions', () => {
    // charge 150 (101 up to 50s); base 2025; no fuel
    expect(computeFreight(ECONOMY, { weight: 101, length: 100, width: 100, height: 100 })).toEqual({
      actualWeight: 101, volumetricWeight: 0, chargeWeight: 150, basePrice: 2_025, fuelSurcharge: 0, totalPrice: 2_025,
    });
  });
  it('a weight below a step still bills at least the first weight price', () => {
    expect(computeFreight(ECONOMY, { weight: 1 })).toMatchObject({ chargeWeight: 50, totalPrice: 1_800 });
  });
  it('stays exact with prices that would overflow float arithmetic', () => {
    const huge: PriceModel = { ...EXPRESS, firstPrice: 100_000_000, stepPrice: 100_000_000, stepWeight: 1, fuelSurchargeBp: 10_000 };
    // charge 1_000_000; base 1e8 + 999_500 x 1e8 = 99_950_100_000_000; fuel 100% doubles it
    expect(computeFreight(huge, { weight: 1_000_000 }).totalPrice).toBe(199_900_200_000_000);
  });
  it('refuses a weight below 1 g', () => {
    expect(() => computeFreight(EXPRESS, { weight: 0 })).toThrow(RangeError);
    expect(() => computeFreight(EXPRESS, { weight: 1.5 })).toThrow(RangeError);
  });
});

describe('weight range and channel eligibility', () => {
  const channel: Channel = {
    channelId: 'test-express',
    name: 'Test Express',
    carrier: 'Test',
    deliveryDays: '3-6',
    supportedCargo: ['general'],
    weightRange: { min: 500, max: 30_000 },
    countries: ['US', 'GB'],
    price: EXPRESS,
    active: true,
    position: 1,
  };

  it('holds both ends of the range', () => {
    expect(inWeightRange(channel.weightRange, 499)).toBe(false);
    expect(inWeightRange(channel.weightRange, 500)).toBe(true);
    expect(inWeightRange(channel.weightRange, 30_000)).toBe(true);
    expect(inWeightRange(channel.weightRange, 30_001)).toBe(false);
  });

  it('checks the charge weight: 29 999 g bills 30 000 (in range), 30 001 g bills 30 500 (out)', () => {
    const at = (weight: number) => carryProblem(channel, { chargeWeight: computeFreight(EXPRESS, { weight }).chargeWeight });
    expect(at(29_999)).toBeNull();
    expect(at(30_000)).toBeNull();
    expect(at(30_001)).toBe('Channel test-express carries 500 to 30000 g; the charge weight is 30500 g');
  });

  it('names the country and the cargo it cannot take', () => {
    expect(carryProblem(channel, { country: 'US' })).toBeNull();
    expect(carryProblem(channel, { country: 'FR' })).toBe('Channel test-express does not ship to FR');
    expect(carryProblem(channel, { cargo: ['sensitive'] })).toBe('Channel test-express does not carry sensitive cargo (it carries: general)');
    expect(carryProblem({ ...channel, supportedCargo: ['general', 'sensitive'] }, { cargo: ['general', 'sensitive'] })).toBeNull();
  });

  it('maps cargo words: normal -> general; battery and sensitive -> sensitive', () => {
    expect(channelCargoForQuery('normal')).toBe('general');
    expect(channelCargoForQuery('battery')).toBe('sensitive');
    expect(channelCargoForQuery('sensitive')).toBe('sensitive');
    expect(channelCargoForGoods('general')).toBe('general');
    expect(channelCargoForGoods('battery')).toBe('sensitive');
    expect(channelCargoForGoods('sensitive')).toBe('sensitive');
  });
});
