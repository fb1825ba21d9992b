import type { Db } from '../db/database.js';
import type { RunningPace } from './pace.js';

/**
 * The due-step queue (table `due_steps`, migration 005): one row per step a subject is owed, with its due
 * time at each pace, indexed by due time. The next step is one index seek, whatever the number of active
 * orders; a step's row is deleted in the transaction that runs it, so a restart can never run it twice.
 *
 * A leaf: the domains (orders, shipping, warehouse) write to it, and it imports no step, so the steps
 * (autopilot/steps/, which call the domains) sit above them with no import circle. Filling in due times,
 * which needs the step registry's delays, lives in runner.ts.
 */
export interface DueStep {
  kind: string;
  subject: string;
  /** Epoch ms at the pace it was read for. */
  due: number;
}

/** The column holding the due time at a pace (a closed set: safe to put in SQL text). */
const DUE_COLUMN: Record<RunningPace, string> = { realistic: 'due_realistic', demo: 'due_demo' };

/**
 * Schedules (or moves) the one step of `kind` owed by `subject`, in the caller's transaction:
 * - at a fixed time (a deadline: a supplement expiring, storage reaching 180 days): pass the Date;
 * - after staff delay (`{ since }`): the due time is drawn from the kind's `delays` for each pace when the
 *   runner first sees the row.
 */
export function scheduleStep(db: Db, kind: string, subject: string | number, when: Date | { since: Date | string }): void {
  const key = String(subject);
  if (when instanceof Date) {
    const at = when.getTime();
    if (!Number.isFinite(at)) throw new RangeError(`invalid due time for ${kind} ${key}`);
    db.prepare('INSERT OR REPLACE INTO due_steps (kind, subject, since, due_realistic, due_demo) VALUES (?, ?, ?, ?, ?)').run(
      kind,
      key,
      when.toISOString(),
      at,
      at,
    );
    return;
  }
  const since = typeof when.since === 'string' ? when.since : when.since.toISOString();
  db.prepare('INSERT OR REPLACE INTO due_steps (kind, subject, since, due_realistic, due_demo) VALUES (?, ?, ?, NULL, NULL)').run(kind, key, since);
}

/** Drops the step of `kind` owed by `subject`, if any (the subject moved on some other way). */
export function cancelStep(db: Db, kind: string, subject: string | number): void {
  db.prepare('DELETE FROM due_steps WHERE kind = ? AND subject = ?').run(kind, String(subject));
}

/** The step of `kind` owed by `subject`, if one is queued (tests, the back office). */
export function findStep(db: Db, kind: string, subject: string | number): { since: string; dueRealistic: number | null; dueDemo: number | null } | null {
  const row = db.prepare('SELECT since, due_realistic, due_demo FROM due_steps WHERE kind = ? AND subject = ?').get(kind, String(subject)) as
    | { since: string; due_realistic: number | null; due_demo: number | null }
    | undefined;
  return row ? { since: row.since, dueRealistic: row.due_realistic, dueDemo: row.due_demo } : null;
}

/**
 * The earliest resolved step due at or before `until` at `pace`, skipping the given keys (steps that
 * failed earlier in this run). Ties go by subject, then kind. Reads at most skip.size + 1 index entries.
 */
export function nextDueStep(db: Db, pace: RunningPace, until: number, skip: ReadonlySet<string> = new Set()): DueStep | null {
  const column = DUE_COLUMN[pace];
  const rows = db
    .prepare(`SELECT kind, subject, ${column} AS due FROM due_steps WHERE ${column} <= ? ORDER BY ${column}, subject, kind LIMIT ?`)
    .all(until, skip.size + 1) as DueStep[];
  return rows.find((r) => !skip.has(stepKey(r))) ?? null;
}

/**
 * The same among the steps of the given kinds only (the service's rules while the autopilot is off):
 * one seek per kind on the (kind, due) index (migration 020), however many staff steps wait meanwhile.
 * Fixed-time steps have the same due time at every pace: the realistic column is read.
 */
export function nextDueStepOfKinds(db: Db, kinds: readonly string[], until: number, skip: ReadonlySet<string> = new Set()): DueStep | null {
  let next: DueStep | null = null;
  const statement = db.prepare('SELECT kind, subject, due_realistic AS due FROM due_steps WHERE kind = ? AND due_realistic <= ? ORDER BY due_realistic, subject LIMIT ?');
  for (const kind of kinds) {
    const row = (statement.all(kind, until, skip.size + 1) as DueStep[]).find((r) => !skip.has(stepKey(r)));
    if (row && (next === null || row.due < next.due || (row.due === next.due && (row.subject < next.subject || (row.subject === next.subject && row.kind < next.kind))))) next = row;
  }
  return next;
}

export function stepKey(step: { kind: string; subject: string }): string {
  return `${step.kind}\u0000${step.subject}`;
}

/** Takes the step's row out of the queue; false when it is gone or moved (another process ran it). */
export function claimStep(db: Db, pace: RunningPace, step: DueStep): boolean {
  return db.prepare(`DELETE FROM due_steps WHERE kind = ? AND subject = ? AND ${DUE_COLUMN[pace]} = ?`).run(step.kind, step.subject, step.due).changes === 1;
}
