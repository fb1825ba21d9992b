import { describe, expect, it } from 'vitest';
import { packParcel } from '../../../src/main/core/logistics/packing.js';
import { estimatedDuties, insurancePremium, lossPayout } from '../../../src/main/core/shipping/charges.js';
import { FIGURE_DEFAULTS } from '../../../src/main/core/warehouse/figures.js';
import { weightAfter } from '../../../src/main/core/warehouse/services.js';
import { nextStorageStep, storageFeeMinor, storageTimeline } from '../../../src/main/core/warehouse/storage.js';

const ARRIVED = '2026-01-01T00:00:00.000Z';
const day = (n: number, extraMs = 0) => new Date(Date.parse(ARRIVED) + n * 86_400_000 + extraMs);

describe('storage (pure)', () => {
  it('is free for 90 whole days, then 0.50 per started day past them', () => {
    expect(storageFeeMinor(ARRIVED, day(90, 86_399_999), FIGURE_DEFAULTS)).toBe(0);
    expect(storageFeeMinor(ARRIVED, day(91), FIGURE_DEFAULTS)).toBe(50);
    expect(storageFeeMinor(ARRIVED, day(100), FIGURE_DEFAULTS)).toBe(500);
    expect(storageFeeMinor(ARRIVED, day(91), { freeStorageDays: 30, storageFeePerDayMinor: 120 })).toBe(61 * 120);
  });
  it('timeline and the next step: expiring at 87, overdue at 90, disposal at 180 (always owed)', () => {
    expect(storageTimeline(ARRIVED, day(10), FIGURE_DEFAULTS)).toEqual({ freeDaysLeft: 80, freeUntil: day(90).toISOString(), disposalAt: day(180).toISOString() });
    expect(nextStorageStep(ARRIVED, day(0), FIGURE_DEFAULTS)).toEqual({ kind: 'package.storage_expiring', at: day(87) });
    expect(nextStorageStep(ARRIVED, day(87), FIGURE_DEFAULTS)).toEqual({ kind: 'package.storage_overdue', at: day(90) });
    expect(nextStorageStep(ARRIVED, day(95), FIGURE_DEFAULTS)).toEqual({ kind: 'package.dispose', at: day(180) });
    // Back on the shelf after 180 days: disposed at once.
    expect(nextStorageStep(ARRIVED, day(200), FIGURE_DEFAULTS)).toEqual({ kind: 'package.dispose', at: day(200) });
  });
});

describe('charges (pure)', () => {
  it('premium 3% half up, minimum 5.00; duties above the de minimis only; payout declared + fee when insured', () => {
    expect(insurancePremium(10_000, 300, 500)).toBe(500);
    expect(insurancePremium(25_050, 300, 500)).toBe(752); // 751.5 -> 752
    expect(estimatedDuties(117_000, { deMinimis: 117_000, dutyRateBp: 1900 })).toBe(0);
    expect(estimatedDuties(117_001, { deMinimis: 117_000, dutyRateBp: 1900 })).toBe(22_230);
    expect(lossPayout({ insurance: true, declaredValue: 30_000, shippingFee: 12_744 })).toBe(42_744);
    expect(lossPayout({ insurance: false, declaredValue: 30_000, shippingFee: 12_744 })).toBe(0);
  });
});

describe('services and packing (pure)', () => {
  it('weight effects: +200 g, -10%, never below 1 g', () => {
    expect(weightAfter(1000, { weight_delta_g: 200, weight_bp: 10_000 })).toBe(1200);
    expect(weightAfter(1000, { weight_delta_g: 0, weight_bp: 9000 })).toBe(900);
    expect(weightAfter(1, { weight_delta_g: -50, weight_bp: 10_000 })).toBe(1);
  });
  it('packs plausibly: the drawn packing share added (rounded up to a gram), vacuum shrinks the box, a minimum box', () => {
    const plain = packParcel([{ weight: 1000, volumeBp: 10_000 }], 600);
    expect(plain.weight).toBe(1060);
    expect(packParcel([{ weight: 1001, volumeBp: 10_000 }], 1200).weight).toBe(1001 + Math.ceil(1001 * 0.12));
    expect(packParcel([{ weight: 1000, volumeBp: 10_000 }], 0).weight).toBe(1000);
    const vacuum = packParcel([{ weight: 1000, volumeBp: 7000 }], 600);
    expect(vacuum.length * vacuum.width * vacuum.height).toBeLessThan(plain.length * plain.width * plain.height);
    expect(packParcel([{ weight: 10, volumeBp: 10_000 }], 600)).toMatchObject({ length: 15, width: 10, height: 5 });
    expect(plain.length).toBeGreaterThanOrEqual(plain.width);
    expect(plain.width).toBeGreaterThanOrEqual(plain.height);
    expect(() => packParcel([], 600)).toThrow(RangeError);
  });
});
