import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../src/main/core/context.js';
import { journalCompleteSince, journaledAdvance, noteClockAdvance } from '../../../src/main/core/worlds/file/advance-journal.js';

/** A world as the journal tells worlds apart: its database file. */
const world = (name: string) => ({ dataDir: '/data', db: { name: `/data/worlds/${name}/crossbuy.sqlite` } }) as unknown as CoreContext;
const span = { from: '2026-03-02T09:00:00.000Z', to: '2026-03-03T09:00:00.000Z' };

describe('the journal of clock advances', () => {
  it('gives the latest run of an advance over the same span (a world reset and sent the same requests again)', () => {
    const ctx = world('w_reset');
    noteClockAdvance(ctx, { ...span, wallStart: 1_000, wallEnd: 1_010 });
    noteClockAdvance(ctx, { ...span, wallStart: 9_000, wallEnd: 9_010 });
    expect(journaledAdvance(ctx, span.from, span.to)).toMatchObject({ wallStart: 9_000, wallEnd: 9_010 });
    expect(journaledAdvance(world('w_other'), span.from, span.to)).toBeNull();
  });

  it('keeps the most recently advanced worlds only; a world whose journal went is complete only from then on', () => {
    const first = world('w_first');
    noteClockAdvance(first, { ...span, wallStart: 1, wallEnd: 2 });
    const before = journalCompleteSince(first)!;
    for (let i = 0; i < 300; i++) noteClockAdvance(world(`w_many_${i}`), { ...span, wallStart: 1, wallEnd: 2 });
    expect(journaledAdvance(first, span.from, span.to)).toBeNull();
    expect(journalCompleteSince(first)).toBeGreaterThanOrEqual(before);
    expect(journaledAdvance(world('w_many_299'), span.from, span.to)).not.toBeNull();
  });

  it('keeps nothing for an in-memory database', () => {
    const memory = { dataDir: ':memory:', db: { name: ':memory:' } } as unknown as CoreContext;
    noteClockAdvance(memory, { ...span, wallStart: 1, wallEnd: 2 });
    expect(journaledAdvance(memory, span.from, span.to)).toBeNull();
    expect(journalCompleteSince(memory)).toBeNull();
  });
});
