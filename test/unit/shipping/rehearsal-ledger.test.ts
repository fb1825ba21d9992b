import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { requestRehearsal } from '../../../src/main/core/shipping/rehearsals.js';
import { createArrivedOrder, deposit } from '../../helpers/fixtures.js';

/** A rehearsal's fee on the ledger (extensions.md section 5): its description counts the packages in English. */
let core: Core;
beforeAll(() => {
  core = openCore({ dataDir: ':memory:' });
  deposit(core.ctx, 1, 10_000);
});
afterAll(() => core.close());

const descriptionOf = (id: string) =>
  core.ctx.db.prepare("SELECT description FROM wallet_entries WHERE reference = ? AND type = 'service_charge'").pluck().get(id) as string;

describe('rehearsal packing on the ledger', () => {
  it('one package is "1 package", two are "2 packages"', () => {
    const one = requestRehearsal(core.ctx, 1, [createArrivedOrder(core.ctx).packageIds[0]!]);
    expect(descriptionOf(one.id)).toBe(`Rehearsal packing ${one.id} (1 package)`);
    const two = requestRehearsal(core.ctx, 1, [createArrivedOrder(core.ctx).packageIds[0]!, createArrivedOrder(core.ctx).packageIds[0]!]);
    expect(descriptionOf(two.id)).toBe(`Rehearsal packing ${two.id} (2 packages)`);
  });
});
