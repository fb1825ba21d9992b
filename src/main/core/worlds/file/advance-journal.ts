import type { CoreContext } from '../../context.js';

/**
 * When, in wall time, each clock advance of this process ran: what the recording of a session (record.ts)
 * needs to put the advances between its requests. The event log keeps an advance in service time only, and
 * a frozen clock's service time says nothing of wall time. Kept in memory per database file (a world
 * closed and reopened keeps its journal), the latest few hundred per world: an advance made by another
 * process, or before this one started, is placed by estimate instead.
 */
export interface JournaledAdvance {
  from: string;
  to: string;
  wallStart: number;
  wallEnd: number;
}

const KEPT_PER_WORLD = 500;
const journals = new Map<string, JournaledAdvance[]>();

const worldOf = (ctx: CoreContext) => (ctx.dataDir === ':memory:' ? null : ctx.db.name);

export function noteClockAdvance(ctx: CoreContext, advance: JournaledAdvance): void {
  const world = worldOf(ctx);
  if (world === null) return;
  const journal = journals.get(world) ?? [];
  journal.push(advance);
  if (journal.length > KEPT_PER_WORLD) journal.shift();
  journals.set(world, journal);
}

/** The wall times of the advance from `from` to `to` (ISO), when this process ran it. */
export function journaledAdvance(ctx: CoreContext, from: string, to: string): JournaledAdvance | null {
  const world = worldOf(ctx);
  return (world === null ? undefined : journals.get(world)?.find((a) => a.from === from && a.to === to)) ?? null;
}
