import type { RequestSummary } from '../../../../contract/admin/requests.js';
import type { WorldFile, WorldFileSettings } from '../../../../contract/admin/world-file.js';
import { MAX_LIMIT } from '../../../../contract/limits.js';
import type { CoreContext } from '../../context.js';
import { readAutopilotSettings } from '../../autopilot/settings.js';
import type { RequestLog } from '../../requests/request-log.js';
import { isDefaultSetting, readSetting } from '../../settings/settings.js';
import { ApiError, badRequest } from '../../shared/errors.js';
import { MAX_NOTE } from '../../../../contract/limits.js';
import { DEMO_DEPOSIT_MINOR, DEMO_REFERENCE } from '../../seed/demo-data.js';
import { toAmount } from '../../shared/money.js';
import { buildRecording, type LoggedEntry, type PlacedStep } from './record-build.js';
import { worldIdentity } from '../../world/identity.js';
import { journalCompleteSince, journaledAdvance, journaledAdvancesSince } from './advance-journal.js';
import { sessionEntryRows } from '../../wallet/rows.js';
import type { RowOf } from '../../db/row-reader.js';
import { formatDuration, placeAdvances, type AdvanceSpan, type PlacedAdvance } from './record-timeline.js';

/**
 * GET /admin/requests/world-file and `crossbuy world record`: one key's requests in the log, between
 * `since` and `until`, as a world file (worlds.md section 4). The log's thread does the reading; this side
 * holds at most MAX_RECORDED entries (a 422 past that: narrow the window).
 */
export const MAX_RECORDED = 2000;
/** Entries fetched from the log's thread at once. */
const DETAIL_BATCH = 50;
/** Clock advances this long before the first recorded request are history, not part of the session. */
const ADVANCE_MARGIN_MS = 60_000;

export interface RecordQuery {
  keyId: number;
  since?: string;
  until?: string;
  /** The world whose log entries are read (the request's world; `default` when absent). */
  world?: string;
}

function parseTime(text: string | undefined, name: string): number | null {
  if (text === undefined) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw badRequest(`${name} must be an ISO 8601 date-time`);
  return ms;
}

async function summaries(log: RequestLog, query: RecordQuery, until: number | null): Promise<RequestSummary[]> {
  const found: RequestSummary[] = [];
  let startingAfter: number | undefined;
  for (;;) {
    const page = await log.list({ key: query.keyId, since: query.since, limit: MAX_LIMIT, startingAfter }, query.world);
    for (const item of page.items) if (until === null || Date.parse(item.at) <= until) found.push(item);
    if (found.length > MAX_RECORDED) throw new ApiError(422, `More than ${MAX_RECORDED} requests of key ${query.keyId} in that window: narrow it with since and until`);
    if (!page.hasMore || page.items.length === 0) break;
    startingAfter = page.items.at(-1)!.id;
  }
  return found.reverse();
}

/**
 * The clock.advanced events that may fall in the session, oldest first (read newest first, stopping
 * early), with their wall times where this process ran them. A frozen clock's service time says nothing
 * of wall time: there an advance this process did not run cannot be placed, and is a 422, unless the
 * journal was complete before the session began (then it is history: a kept template's, an earlier run's).
 * A clock that runs with wall time is always read from the event log (its partial index holds only the
 * advances, and the walk stops at the first one before the session): the journal holds this process's
 * advances only, and one made meanwhile by another process on the folder (`crossbuy admin clock advance`
 * beside a running server) is the session's too, placed by estimate.
 */
function advancesSince(ctx: CoreContext, firstAt: number, offsetNow: number, frozen: boolean): AdvanceSpan[] {
  // A frozen world whose journal has held every advance since before the session: those are the
  // session's (an advance it lacks ran before, and is history), read without walking the event log.
  const completeSince = frozen ? journalCompleteSince(ctx) : null;
  if (completeSince !== null && completeSince <= firstAt) {
    return journaledAdvancesSince(ctx, firstAt - ADVANCE_MARGIN_MS).map((a) => ({ from: Date.parse(a.from), to: Date.parse(a.to), wall: { start: a.wallStart, end: a.wallEnd } }));
  }
  const found: AdvanceSpan[] = [];
  let offset = offsetNow;
  for (const row of ctx.db.prepare(`SELECT data FROM events WHERE type = 'clock.advanced' ORDER BY id DESC`).iterate() as Iterable<{ data: string }>) {
    const data = JSON.parse(row.data) as { from: string; to: string };
    const journaled = journaledAdvance(ctx, data.from, data.to);
    const span: AdvanceSpan = { from: Date.parse(data.from), to: Date.parse(data.to), ...(journaled ? { wall: { start: journaled.wallStart, end: journaled.wallEnd } } : {}) };
    // When it ended (roughly, for an unfrozen clock): far enough before the session, the walk stops.
    const ended = journaled ? journaled.wallEnd : frozen ? null : span.to - offset;
    if (ended !== null && ended < firstAt - ADVANCE_MARGIN_MS) break;
    if (ended === null) {
      throw new ApiError(422, `The clock advance from ${data.from} to ${data.to} was not made by this server since it started: in a frozen world its place among the requests cannot be told (record a session made against the running server)`);
    }
    offset -= span.to - span.from;
    found.push(span);
  }
  return found.reverse();
}

/** A wallet step: what the back office's deposit or signed adjustment takes. */
function walletStep(amountMinor: number, note: string, userId: number): WorldFile['steps'][number] {
  const text = (note.trim() || 'recorded').slice(0, MAX_NOTE);
  const body = { amount: toAmount(amountMinor), note: text, ...(userId === 1 ? {} : { userId }) };
  return amountMinor > 0 ? { call: 'POST /admin/wallet/deposit', body } : { call: 'POST /admin/wallet/adjust', body };
}

/** The id of the user's first ledger entry when it is the demo deposit (a world made with the demo data). */
function demoDepositId(ctx: CoreContext, userId: number): number | null {
  const first = sessionEntryRows.one(
    ctx.db.prepare('SELECT id, type, amount_minor, balance_after_minor, description, reference, created_at FROM wallet_entries WHERE user_id = ? ORDER BY id LIMIT 1').get(userId),
  );
  return first && first.type === 'deposit' && first.reference === DEMO_REFERENCE && first.amount_minor === DEMO_DEPOSIT_MINOR ? first.id : null;
}

/**
 * The money the session had, which the log does not show (the back office adds it): the balance when it
 * began as one opening deposit (less the demo deposit a demo world starts with), and each deposit or
 * adjustment made during it, placed before the first request that spent after it: a request whose answer
 * names the reference of a later ledger entry (its order or shipping number). With a clock that runs with
 * wall time, also before the first request made after it in service time.
 */
function walletSteps(
  ctx: CoreContext,
  keyId: number,
  session: { start: number; end: number; demo: boolean; frozen: boolean },
  entries: readonly LoggedEntry[],
  serviceAt: readonly number[],
): PlacedStep[] {
  const owner = ctx.db.prepare('SELECT user_id FROM api_keys WHERE id = ?').get(keyId) as { user_id: number } | undefined;
  if (!owner) return [];
  const userId = owner.user_id;
  const steps: PlacedStep[] = [];
  const startIso = new Date(session.start).toISOString();
  const during: RowOf<typeof sessionEntryRows>[] = [];
  let opening = 0;
  // A demo world's first entry is its demo deposit, which a replay's `demo` makes again: history, even
  // where a frozen clock stamped it at the session's very start (it was counted as given during it).
  const demoEntry = session.demo && userId === 1 ? demoDepositId(ctx, userId) : null;
  // Newest first, stopping at the first entry before the session: its balance is the opening one.
  for (const row of sessionEntryRows.each(
    ctx.db
      .prepare('SELECT id, type, amount_minor, balance_after_minor, description, reference, created_at FROM wallet_entries WHERE user_id = ? ORDER BY id DESC')
      .iterate(userId),
  )) {
    if (row.created_at < startIso || row.id === demoEntry) {
      opening = row.balance_after_minor;
      break;
    }
    if (Date.parse(row.created_at) <= session.end) during.push(row);
  }
  during.reverse();
  const openingMinor = opening - (session.demo && userId === 1 ? DEMO_DEPOSIT_MINOR : 0);
  if (openingMinor !== 0) steps.push({ before: 0, at: Number.NEGATIVE_INFINITY, step: walletStep(openingMinor, 'opening balance of the recorded session', userId) });
  // The first ledger entry each request made, found by the references its answer names.
  const spent = entries.map((entry) => {
    const text = entry.responseBody.text ?? '';
    return during.find((row) => row.reference !== '' && row.type !== 'deposit' && row.type !== 'adjustment' && text.includes(JSON.stringify(row.reference)))?.id ?? null;
  });
  for (const row of during) {
    if (row.type !== 'deposit' && row.type !== 'adjustment') continue;
    const at = Date.parse(row.created_at);
    const byLedger = spent.findIndex((id) => id !== null && id > row.id);
    const byClock = session.frozen ? -1 : serviceAt.findIndex((s) => s > at);
    const found = [byLedger, byClock].filter((i) => i >= 0);
    steps.push({ before: found.length > 0 ? Math.min(...found) : serviceAt.length, at, step: walletStep(row.amount_minor, row.description, userId) });
  }
  return steps;
}

/**
 * The settings of PUT /admin/settings that shape the answers, where the recorded world changed them from a
 * fresh world's: replayed, an order is charged the same fee in the same currency.
 */
function answerSettings(ctx: CoreContext): Omit<WorldFileSettings, 'autopilot'> {
  const changed = (key: Parameters<typeof isDefaultSetting>[1]) => !isDefaultSetting(ctx.db, key);
  return {
    ...(changed('currency') ? { currency: readSetting(ctx.db, 'currency') } : {}),
    ...(changed('serviceFeeBp') ? { serviceFeeRate: readSetting(ctx.db, 'serviceFeeBp') / 100 } : {}),
    ...(changed('lowBalanceThresholdMinor') ? { lowBalanceThreshold: toAmount(readSetting(ctx.db, 'lowBalanceThresholdMinor')) } : {}),
    ...(changed('webhooksAllowRemote') ? { webhooksAllowRemote: readSetting(ctx.db, 'webhooksAllowRemote') === 'yes' } : {}),
  };
}

/**
 * Each request's service time: its wall time plus the offset of the stretch between advances it fell in;
 * for a frozen clock, where the clock stood (the last advance's end, or the session's start).
 */
function serviceTimes(spans: readonly { at: number }[], placed: readonly PlacedAdvance[], advances: readonly AdvanceSpan[], start: { frozen: boolean; at: number; offset: number }): number[] {
  return spans.map((span, i) => {
    const last = placed.filter((p) => p.before <= i).at(-1);
    if (start.frozen) return last ? advances[last.advance]!.to : start.at;
    return span.at + (last ? advances[last.advance]!.to - last.wallEnd : start.offset);
  });
}

export async function recordWorldFile(ctx: CoreContext, log: RequestLog, query: RecordQuery): Promise<WorldFile> {
  const since = parseTime(query.since, 'since');
  const until = parseTime(query.until, 'until');
  if (since !== null && until !== null && until < since) throw badRequest('until must not be before since');
  const world = query.world ?? 'default';
  // Key ids are per world: a key of another world asked without its Crossbuy-World is told apart from a quiet key.
  if (!ctx.db.prepare('SELECT 1 FROM api_keys WHERE id = ?').get(query.keyId)) {
    throw new ApiError(404, `Key ${query.keyId} is not a key of the world ${world}: key ids are per world, and Crossbuy-World (--world) names the key's world`);
  }
  const listed = await summaries(log, query, until);
  if (listed.length === 0) {
    const otherWorld = world === 'default' ? ' (for a key of another world, Crossbuy-World or --world names it)' : '';
    throw new ApiError(422, `No requests of key ${query.keyId} in the log of the world ${world}${query.since ? ` since ${query.since}` : ''}: nothing to record${otherWorld}`);
  }
  const wanted = listed.filter((s) => s.status >= 200 && s.status <= 299);
  const entries: LoggedEntry[] = [];
  for (let i = 0; i < wanted.length; i += DETAIL_BATCH) {
    entries.push(...(await Promise.all(wanted.slice(i, i + DETAIL_BATCH).map((s) => log.get(s.id, query.world)))));
  }
  const spans = wanted.map((s) => ({ at: Date.parse(s.at), end: Date.parse(s.at) + Math.ceil(s.durationMs) }));
  const firstAt = Date.parse(listed[0]!.at);
  const identity = worldIdentity(ctx);
  const offsetNow = readSetting(ctx.db, 'clockOffsetMs');
  const advances = advancesSince(ctx, firstAt, offsetNow, identity.frozen);
  const placed = placeAdvances(spans, advances, offsetNow);
  const lastAt = until ?? Number.POSITIVE_INFINITY;
  const inSession = placed.filter((p) => p.wallEnd >= firstAt && p.wallStart <= lastAt);
  // The service time when the session began: wall time plus the offset before the first advance in it (a
  // frozen clock: where it stood, the clock start plus the advances before the session).
  const firstAdvance = inSession[0];
  const frozenStart = Date.parse(identity.clockStart) + offsetNow - inSession.reduce((sum, p) => sum + advances[p.advance]!.to - advances[p.advance]!.from, 0);
  // An advance placed by estimate is taken to have run in no time here: its start is a guess (up to a
  // second early), and a start taken too early would put the session's first writes before clockStart
  // (into the opening balance); its end is where the offset says it was.
  const offsetBefore = (p: PlacedAdvance) => advances[p.advance]!.from - (advances[p.advance]!.wall ? p.wallStart : p.wallEnd);
  const offsetAtStart = identity.frozen ? frozenStart - firstAt : firstAdvance ? offsetBefore(firstAdvance) : offsetNow;
  const clockStart = firstAt + offsetAtStart;
  // A world that began with the demo deposit replays from the demo data.
  const demo = ctx.db.prepare(`SELECT 1 FROM wallet_entries WHERE reference = 'DEMO' LIMIT 1`).get() !== undefined;
  const serviceAt = serviceTimes(spans, inSession, advances, { frozen: identity.frozen, at: clockStart, offset: offsetAtStart });
  const lastAdvance = inSession.at(-1);
  const standing = lastAdvance ? advances[lastAdvance.advance]!.to : clockStart;
  const end = until === null ? Number.POSITIVE_INFINITY : identity.frozen ? standing : until + (lastAdvance ? standing - lastAdvance.wallEnd : offsetAtStart);
  const placedSteps: PlacedStep[] = [
    ...inSession.map((p) => ({ before: p.before, at: advances[p.advance]!.from, step: { advance: formatDuration(advances[p.advance]!.to - advances[p.advance]!.from) } })),
    ...walletSteps(ctx, query.keyId, { start: clockStart, end, demo, frozen: identity.frozen }, entries, serviceAt),
  ];
  return buildRecording(
    entries,
    placedSteps,
    {
      name: query.world && query.world !== 'default' ? `recorded-${query.world}-key-${query.keyId}` : `recorded-key-${query.keyId}`,
      clockStart: new Date(clockStart).toISOString(),
      // The recorded world's seed: replayed with it, the answers are the same (worlds.md section 3).
      seed: identity.seed,
      demo,
      // The settings as they are now: the same fee and currency, advances with the same pace and scenario rates.
      settings: { ...answerSettings(ctx), autopilot: readAutopilotSettings(ctx) },
    },
  );
}
