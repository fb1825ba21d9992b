import { describe, expect, it } from 'vitest';
import { DEFAULT_PACKING, drawShareBp, packingShare, settleFee, toleranceOf, weighParcel } from '../../../src/main/core/shipping/packed-weight.js';

describe('packed weight rules', () => {
  it('packing adds 6-12% by default, less without retail packaging, more when reinforced', () => {
    expect(packingShare(DEFAULT_PACKING, { removePackaging: false, reinforce: false })).toEqual({ minBp: 600, maxBp: 1200 });
    expect(packingShare(DEFAULT_PACKING, { removePackaging: true, reinforce: false })).toEqual({ minBp: 300, maxBp: 600 });
    expect(packingShare(DEFAULT_PACKING, { removePackaging: false, reinforce: true })).toEqual({ minBp: 1000, maxBp: 1600 });
    expect(drawShareBp(DEFAULT_PACKING, 0)).toBe(600);
    expect(drawShareBp(DEFAULT_PACKING, 0.999999)).toBe(1200);
    const parcel = weighParcel([{ weight: 1000, volumeBp: 10_000 }, { weight: 501, volumeBp: 10_000 }], 700);
    expect(parcel.weight).toBe(1501 + Math.ceil((1501 * 700) / 10_000));
    // A dispatch box: the volumetric weight at 6000 stays under the actual weight of ordinary goods.
    expect((parcel.length * parcel.width * parcel.height * 1000) / 6000).toBeLessThan(parcel.weight);
  });

  it('settles lower, absorbed within the tolerance, or a supplement of the difference beyond it', () => {
    expect(toleranceOf(10_000, 200)).toBe(200);
    expect(settleFee(10_000, 9_000, 200)).toEqual({ kind: 'lower', chargedFee: 9_000, supplement: 0 });
    expect(settleFee(10_000, 10_000, 200)).toEqual({ kind: 'same', chargedFee: 10_000, supplement: 0 });
    expect(settleFee(10_000, 10_200, 200)).toEqual({ kind: 'absorbed', chargedFee: 10_000, supplement: 0 });
    expect(settleFee(10_000, 10_201, 200)).toEqual({ kind: 'supplement', chargedFee: 10_000, supplement: 201 });
  });
});
