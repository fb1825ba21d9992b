import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../src/main/core/context.js';
import { journalCompleteSince, journaledAdvance, journaledAdvancesSince, noteClockAdvance } from '../../../src/main/core/worlds/file/advance-journal.js';

/** A world as the journal tells worlds apart: its database file. */
const world = (name: string) => ({ dataDir: '/data', db: { name: `/data/worlds/${name}/crossbuy.sqlite` } }) as unknown as CoreContext;
const span = { eventId: 1, from: '2026-03-02T09:00:00.000Z', to: '2026-03-03T09:00:00.000Z' };

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

  it('reads the session\'s advances by their event ids: those a reset took back are left out, each event once', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE events (id INTEGER PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL)');
    const ctx = { dataDir: '/data', db } as unknown as CoreContext;
    const event = (id: number, from: string, to: string) => db.prepare(`INSERT INTO events (id, type, data) VALUES (?, 'clock.advanced', ?)`).run(id, JSON.stringify({ from, to }));
    const day = (d: number) => `2026-03-0${d}T09:00:00.000Z`;
    // before the session; then an advance a reset took back (its event id now holds another advance);
    // then the same span run again after the reset (one event, noted twice); then a later one
    noteClockAdvance(ctx, { eventId: 5, from: day(1), to: day(2), wallStart: 100, wallEnd: 110 });
    noteClockAdvance(ctx, { eventId: 7, from: day(2), to: day(4), wallStart: 1_000, wallEnd: 1_010 });
    noteClockAdvance(ctx, { eventId: 7, from: day(2), to: day(3), wallStart: 2_000, wallEnd: 2_010 });
    noteClockAdvance(ctx, { eventId: 7, from: day(2), to: day(3), wallStart: 3_000, wallEnd: 3_010 });
    noteClockAdvance(ctx, { eventId: 9, from: day(3), to: day(5), wallStart: 4_000, wallEnd: 4_010 });
    event(5, day(1), day(2));
    event(7, day(2), day(3));
    event(9, day(3), day(5));
    expect(journaledAdvancesSince(ctx, 500).map((a) => [a.eventId, a.to, a.wallStart])).toEqual([
      [7, day(3), 3_000],
      [9, day(5), 4_000],
    ]);
  });
});
