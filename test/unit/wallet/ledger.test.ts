import { describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';
import { auditLedger, captureHold, placeHold, postEntry, releaseHold, walletState } from '../../../src/main/core/wallet/ledger.js';

function freshCore() {
  return openCore({ dataDir: ':memory:', empty: true });
}

describe('wallet ledger', () => {
  it('keeps the cached balance equal to the ledger through deposits, holds, captures and releases', () => {
    const core = freshCore();
    const { ctx } = core;
    const tx = <T>(f: () => T) => ctx.db.transaction(f)();
    tx(() => postEntry(ctx, { userId: 1, type: 'deposit', amount: 10_000 }));
    tx(() => placeHold(ctx, 1, 'SO1', 3_000));
    expect(walletState(ctx, 1)).toEqual({ balance: 10_000, frozen: 3_000, available: 7_000 });
    tx(() => placeHold(ctx, 1, 'SO2', 2_000));
    tx(() => captureHold(ctx, 'SO1', 'shipping_payment', 'fee'));
    expect(walletState(ctx, 1)).toEqual({ balance: 7_000, frozen: 2_000, available: 5_000 });
    expect(tx(() => releaseHold(ctx, 'SO2'))).toBe(2_000);
    expect(walletState(ctx, 1)).toEqual({ balance: 7_000, frozen: 0, available: 7_000 });
    expect(auditLedger(ctx).every((a) => a.ok)).toBe(true);
    core.close();
  });

  it('refuses to spend or freeze more than is available, with the contract message, writing nothing', () => {
    const core = freshCore();
    const { ctx } = core;
    ctx.db.transaction(() => postEntry(ctx, { userId: 1, type: 'deposit', amount: 1_000 }))();
    ctx.db.transaction(() => placeHold(ctx, 1, 'SO1', 600))();
    expect(() => ctx.db.transaction(() => postEntry(ctx, { userId: 1, type: 'order_payment', amount: -500 }))()).toThrow(
      'Insufficient balance. Required: 5.00 CNY. Available: 4.00 CNY',
    );
    expect(() => ctx.db.transaction(() => placeHold(ctx, 1, 'SO2', 401))()).toThrow(/Insufficient balance/);
    expect(walletState(ctx, 1)).toEqual({ balance: 1_000, frozen: 600, available: 400 });
    expect(auditLedger(ctx).every((a) => a.ok)).toBe(true);
    core.close();
  });

  it('must be called inside a transaction', () => {
    const core = freshCore();
    expect(() => postEntry(core.ctx, { userId: 1, type: 'deposit', amount: 1 })).toThrow(/transaction/);
    core.close();
  });
});
