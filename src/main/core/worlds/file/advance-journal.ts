import type { CoreContext } from '../../context.js';

/**
 * When, in wall time, each clock advance of this process ran: what the recording of a session (record.ts)
 * needs to put the advances between its requests. The event log keeps an advance in service time only, and
 * a frozen clock's service time says nothing of wall time. Kept in memory per database file (a world
 * closed and reopened keeps its journal), the latest few hundred per world and the most recently advanced
 * few hundred worlds (a deleted world's journal ages out): an advance made by another process, or before
 * this one started, is placed by estimate instead, or is history when the journal was complete before the
 * session began.
 */
export interface JournaledAdvance {
  /** Its clock.advanced event (a reset may have taken it back: check the event is still there). */
  eventId: number;
  from: string;
  to: string;
  wallStart: number;
  wallEnd: number;
}

const KEPT_PER_WORLD = 500;
const KEPT_WORLDS = 256;

interface Journal {
  advances: JournaledAdvance[];
  /** From this wall time on, every advance this process made in the world is in `advances`. */
  completeSince: number;
}

const startedAt = Date.now();
/** When the last whole journal was dropped (a world then noted again starts its journal there). */
let droppedAt = Number.NEGATIVE_INFINITY;
/** Least recently advanced world first (a Map keeps insertion order). */
const journals = new Map<string, Journal>();

const worldOf = (ctx: CoreContext) => (ctx.dataDir === ':memory:' ? null : ctx.db.name);

export function noteClockAdvance(ctx: CoreContext, advance: JournaledAdvance): void {
  const world = worldOf(ctx);
  if (world === null) return;
  const journal = journals.get(world) ?? { advances: [], completeSince: Math.max(startedAt, droppedAt) };
  journals.delete(world);
  journals.set(world, journal);
  journal.advances.push(advance);
  if (journal.advances.length > KEPT_PER_WORLD) journal.completeSince = journal.advances.shift()!.wallEnd;
  if (journals.size > KEPT_WORLDS) {
    journals.delete(journals.keys().next().value!);
    droppedAt = Date.now();
  }
}

/**
 * The wall times of the advance from `from` to `to` (ISO), when this process ran it: the latest such one
 * (a world reset and sent the same requests again moves its clock over the same span again).
 */
export function journaledAdvance(ctx: CoreContext, from: string, to: string): JournaledAdvance | null {
  const world = worldOf(ctx);
  return (world === null ? undefined : journals.get(world)?.advances.findLast((a) => a.from === from && a.to === to)) ?? null;
}

/**
 * Since when (wall ms) the journal holds every advance this process made in the world, null when it keeps
 * none (an in-memory database). An advance not in it ran before that time (or in another process).
 */
export function journalCompleteSince(ctx: CoreContext): number | null {
  const world = worldOf(ctx);
  if (world === null) return null;
  return journals.get(world)?.completeSince ?? Math.max(startedAt, droppedAt);
}

/**
 * The advances of the journal that ended at `since` (wall ms) or later and whose clock.advanced event the
 * world still holds (a reset takes events back), oldest first: read by their event ids, never by a walk of
 * the event log.
 */
export function journaledAdvancesSince(ctx: CoreContext, since: number): JournaledAdvance[] {
  const world = worldOf(ctx);
  const advances = (world === null ? undefined : journals.get(world)?.advances) ?? [];
  const event = ctx.db.prepare(`SELECT data FROM events WHERE id = ? AND type = 'clock.advanced'`);
  const found: JournaledAdvance[] = [];
  const seen = new Set<number>();
  for (let i = advances.length - 1; i >= 0 && advances[i]!.wallEnd >= since; i--) {
    const advance = advances[i]!;
    if (seen.has(advance.eventId)) continue;
    seen.add(advance.eventId);
    const row = event.get(advance.eventId) as { data: string } | undefined;
    const data = row && (JSON.parse(row.data) as { from: string; to: string });
    if (data?.from === advance.from && data.to === advance.to) found.push(advance);
  }
  return found.reverse();
}
