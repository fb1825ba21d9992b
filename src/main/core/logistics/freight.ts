/**
 * The freight engine of decisions.md, as pure functions over a channel's price model. No I/O, no clock.
 *
 *   volumetric (g) = ceil(L x W x H / divisor x 1000)      all three dimensions given and a divisor, else 0
 *   charge (g)     = max(actual, volumetric), rounded up to a multiple of the continued-weight step
 *   base           = first price + ceil((charge - first) / step) x step price   (just the first price when charge <= first)
 *   total          = base + fuel surcharge (base x basis points / 10000, rounded half up to the minor unit)
 *
 * Arithmetic is exact: dimensions are turned into exact decimal fractions (10.1 cm is 101/10, not the
 * binary float near it) and products of three of them, and money, are computed in BigInt so that no
 * intermediate value can lose precision whatever the operator sets as prices.
 */
import type { Minor } from '../shared/money.js';

export const VOLUMETRIC_DIVISORS = [5000, 6000, 8000] as const;
export type VolumetricDivisor = (typeof VOLUMETRIC_DIVISORS)[number];

export interface PriceModel {
  /** Grams covered by the first price. */
  firstWeight: number;
  firstPrice: Minor;
  /** Continued-weight step in grams, and the price of each step past the first weight. */
  stepWeight: number;
  stepPrice: Minor;
  /** cm^3 per kg; null: the channel bills actual weight only. */
  volumetricDivisor: VolumetricDivisor | null;
  /** Fuel surcharge in basis points of the base price (1250 = 12.5%). */
  fuelSurchargeBp: number;
}

export interface ParcelSize {
  /** Actual weight, integer grams. */
  weight: number;
  /** Centimetres; any decimal number > 0. Volumetric weight counts only when all three are given. */
  length?: number;
  width?: number;
  height?: number;
}

export interface FreightBreakdown {
  actualWeight: number;
  volumetricWeight: number;
  chargeWeight: number;
  basePrice: Minor;
  fuelSurcharge: Minor;
  totalPrice: Minor;
}

interface Fraction {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * The exact decimal a client wrote, from its number. String(n) is the shortest text that reads back as n,
 * i.e. what the JSON said ("10.1", "1e-7"), so the fraction is that decimal, not the float's binary value.
 */
export function exactDecimal(value: number): Fraction {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative finite number: ${value}`);
  const match = DECIMAL.exec(String(value));
  if (!match) throw new RangeError(`cannot read ${value} as a decimal`);
  const fraction = match[2] ?? '';
  const exponent = Number(match[3] ?? '0') - fraction.length;
  const digits = BigInt(match[1]! + fraction);
  return exponent >= 0 ? { num: digits * 10n ** BigInt(exponent), den: 1n } : { num: digits, den: 10n ** BigInt(-exponent) };
}

function ceilDiv(num: bigint, den: bigint): bigint {
  return (num + den - 1n) / den;
}

function assertGrams(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
}

function toSafe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is out of range`);
  return Number(value);
}

/** Volumetric weight in grams; 0 without a divisor or when any of the three dimensions is missing. */
export function volumetricWeight(parcel: Omit<ParcelSize, 'weight'>, divisor: VolumetricDivisor | null): number {
  const { length, width, height } = parcel;
  if (divisor === null || length === undefined || width === undefined || height === undefined) return 0;
  const [l, w, h] = [length, width, height].map((d) => {
    if (!(d > 0)) throw new RangeError('dimensions must be greater than 0');
    return exactDecimal(d);
  }) as [Fraction, Fraction, Fraction];
  // L x W x H / divisor x 1000 = (lN wN hN x 1000) / (lD wD hD x divisor)
  const num = l.num * w.num * h.num * 1000n;
  const den = l.den * w.den * h.den * BigInt(divisor);
  return toSafe(ceilDiv(num, den), 'volumetric weight');
}

/** max(actual, volumetric) rounded up to a whole number of continued-weight steps. */
export function chargeWeight(actual: number, volumetric: number, stepWeight: number): number {
  assertGrams('weight', actual, 0);
  assertGrams('volumetric weight', volumetric, 0);
  assertGrams('step weight', stepWeight, 1);
  const heavier = BigInt(Math.max(actual, volumetric));
  const step = BigInt(stepWeight);
  return toSafe(ceilDiv(heavier, step) * step, 'charge weight');
}

/** First price, plus one step price per started step past the first weight. */
export function basePrice(model: PriceModel, charge: number): Minor {
  assertGrams('charge weight', charge, 0);
  assertGrams('first weight', model.firstWeight, 1);
  assertGrams('step weight', model.stepWeight, 1);
  if (charge <= model.firstWeight) return model.firstPrice;
  const steps = ceilDiv(BigInt(charge - model.firstWeight), BigInt(model.stepWeight));
  return toSafe(BigInt(model.firstPrice) + steps * BigInt(model.stepPrice), 'price');
}

/** The fuel surcharge on a base price: basis points, rounded half up to the minor unit. */
export function fuelSurcharge(base: Minor, basisPoints: number): Minor {
  assertGrams('base price', base, 0);
  assertGrams('fuel surcharge', basisPoints, 0);
  // Half up on non-negative values: floor((2 x base x bp + 10000) / 20000).
  return toSafe((2n * BigInt(base) * BigInt(basisPoints) + 10_000n) / 20_000n, 'fuel surcharge');
}

/** The whole computation for one parcel on one channel. */
export function computeFreight(model: PriceModel, parcel: ParcelSize): FreightBreakdown {
  assertGrams('weight', parcel.weight, 1);
  const volumetric = volumetricWeight(parcel, model.volumetricDivisor);
  const charge = chargeWeight(parcel.weight, volumetric, model.stepWeight);
  const base = basePrice(model, charge);
  const fuel = fuelSurcharge(base, model.fuelSurchargeBp);
  return {
    actualWeight: parcel.weight,
    volumetricWeight: volumetric,
    chargeWeight: charge,
    basePrice: base,
    fuelSurcharge: fuel,
    totalPrice: toSafe(BigInt(base) + BigInt(fuel), 'price'),
  };
}

/** Whether a channel's weight range holds a charge weight (both ends inclusive). */
export function inWeightRange(range: { min: number; max: number }, charge: number): boolean {
  return charge >= range.min && charge <= range.max;
}
