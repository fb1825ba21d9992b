import type { RequestSummary } from '../../../../contract/admin/requests.js';
import type { WorldFile } from '../../../../contract/admin/world-file.js';
import { MAX_LIMIT } from '../../../../contract/limits.js';
import type { CoreContext } from '../../context.js';
import { readScenarioRates } from '../../orders/scenarios.js';
import type { RequestLog } from '../../requests/request-log.js';
import { readSetting } from '../../settings/settings.js';
import { ApiError, badRequest } from '../../shared/errors.js';
import { MAX_NOTE } from '../../../../contract/limits.js';
import { DEMO_DEPOSIT_MINOR } from '../../seed/demo-data.js';
import { toAmount } from '../../shared/money.js';
import { buildRecording, type LoggedEntry, type PlacedStep } from './record-build.js';
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
    const page = await log.list({ key: query.keyId, since: query.since, limit: MAX_LIMIT, startingAfter });
    for (const item of page.items) if (until === null || Date.parse(item.at) <= until) found.push(item);
    if (found.length > MAX_RECORDED) throw new ApiError(422, `More than ${MAX_RECORDED} requests of key ${query.keyId} in that window: narrow it with since and until`);
    if (!page.hasMore || page.items.length === 0) break;
    startingAfter = page.items.at(-1)!.id;
  }
  return found.reverse();
}

/** The clock.advanced events that may fall in the session, oldest first (read newest first, stopping early). */
function advancesSince(ctx: CoreContext, firstAt: number, offsetNow: number): AdvanceSpan[] {
  const found: AdvanceSpan[] = [];
  let offset = offsetNow;
  for (const row of ctx.db.prepare(`SELECT data FROM events WHERE type = 'clock.advanced' ORDER BY id DESC`).iterate() as Iterable<{ data: string }>) {
    const data = JSON.parse(row.data) as { from: string; to: string };
    const span = { from: Date.parse(data.from), to: Date.parse(data.to) };
    // Roughly when it ended (its run time left out): far enough before the session, the walk stops.
    if (span.to - offset < firstAt - ADVANCE_MARGIN_MS) break;
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

/**
 * The money the session had, which the log does not show (the back office adds it): the balance when it
 * began as one opening deposit (less the demo deposit a demo world starts with), and each deposit or
 * adjustment made during it, placed by service time among the requests.
 */
function walletSteps(ctx: CoreContext, keyId: number, start: number, serviceAt: readonly number[], end: number, demo: boolean): PlacedStep[] {
  const owner = ctx.db.prepare('SELECT user_id FROM api_keys WHERE id = ?').get(keyId) as { user_id: number } | undefined;
  if (!owner) return [];
  const userId = owner.user_id;
  const steps: PlacedStep[] = [];
  const startIso = new Date(start).toISOString();
  const during: { type: string; amount_minor: number; description: string; created_at: string }[] = [];
  let opening = 0;
  // Newest first, stopping at the first entry before the session: its balance is the opening one.
  for (const row of ctx.db
    .prepare('SELECT type, amount_minor, balance_after_minor, description, created_at FROM wallet_entries WHERE user_id = ? ORDER BY id DESC')
    .iterate(userId) as Iterable<{ type: string; amount_minor: number; balance_after_minor: number; description: string; created_at: string }>) {
    if (row.created_at < startIso) {
      opening = row.balance_after_minor;
      break;
    }
    if ((row.type === 'deposit' || row.type === 'adjustment') && Date.parse(row.created_at) <= end) during.push(row);
  }
  const openingMinor = opening - (demo && userId === 1 ? DEMO_DEPOSIT_MINOR : 0);
  if (openingMinor !== 0) steps.push({ before: 0, at: Number.NEGATIVE_INFINITY, step: walletStep(openingMinor, 'opening balance of the recorded session', userId) });
  for (const row of during.reverse()) {
    const at = Date.parse(row.created_at);
    let before = serviceAt.findIndex((s) => s > at);
    if (before < 0) before = serviceAt.length;
    steps.push({ before, at, step: walletStep(row.amount_minor, row.description, userId) });
  }
  return steps;
}

/** Each request's service time: its wall time plus the offset of the stretch between advances it fell in. */
function serviceTimes(spans: readonly { at: number }[], placed: readonly PlacedAdvance[], advances: readonly AdvanceSpan[], offsetAtStart: number): number[] {
  return spans.map((span, i) => {
    const last = placed.filter((p) => p.before <= i).at(-1);
    return span.at + (last ? advances[last.advance]!.to - last.wallEnd : offsetAtStart);
  });
}

export async function recordWorldFile(ctx: CoreContext, log: RequestLog, query: RecordQuery): Promise<WorldFile> {
  const since = parseTime(query.since, 'since');
  const until = parseTime(query.until, 'until');
  if (since !== null && until !== null && until < since) throw badRequest('until must not be before since');
  const listed = await summaries(log, query, until);
  if (listed.length === 0) throw new ApiError(422, `No requests of key ${query.keyId} in the log${query.since ? ` since ${query.since}` : ''}: nothing to record`);
  const wanted = listed.filter((s) => s.status >= 200 && s.status <= 299);
  const entries: LoggedEntry[] = [];
  for (let i = 0; i < wanted.length; i += DETAIL_BATCH) {
    entries.push(...(await Promise.all(wanted.slice(i, i + DETAIL_BATCH).map((s) => log.get(s.id)))));
  }
  const spans = wanted.map((s) => ({ at: Date.parse(s.at), end: Date.parse(s.at) + Math.ceil(s.durationMs) }));
  const firstAt = Date.parse(listed[0]!.at);
  const offsetNow = readSetting(ctx.db, 'clockOffsetMs');
  const advances = advancesSince(ctx, firstAt, offsetNow);
  const placed = placeAdvances(spans, advances, offsetNow);
  const lastAt = until ?? Number.POSITIVE_INFINITY;
  const inSession = placed.filter((p) => p.wallEnd >= firstAt && p.wallStart <= lastAt);
  // The service time when the session began: wall time plus the offset before the first advance in it.
  const firstAdvance = inSession[0];
  const offsetAtStart = firstAdvance ? advances[firstAdvance.advance]!.from - firstAdvance.wallStart : offsetNow;
  const clockStart = firstAt + offsetAtStart;
  // A world that began with the demo deposit replays from the demo data.
  const demo = ctx.db.prepare(`SELECT 1 FROM wallet_entries WHERE reference = 'DEMO' LIMIT 1`).get() !== undefined;
  const serviceAt = serviceTimes(spans, inSession, advances, offsetAtStart);
  const lastAdvance = inSession.at(-1);
  const end = until !== null ? until + (lastAdvance ? advances[lastAdvance.advance]!.to - lastAdvance.wallEnd : offsetAtStart) : Number.POSITIVE_INFINITY;
  const placedSteps: PlacedStep[] = [
    ...inSession.map((p) => ({ before: p.before, at: advances[p.advance]!.from, step: { advance: formatDuration(advances[p.advance]!.to - advances[p.advance]!.from) } })),
    ...walletSteps(ctx, query.keyId, clockStart, serviceAt, end, demo),
  ];
  return buildRecording(
    entries,
    placedSteps,
    {
      name: `recorded-key-${query.keyId}`,
      clockStart: new Date(clockStart).toISOString(),
      // h-determinism's seeded stream: the recorded world's seed, once a world has one.
      seed: null,
      demo,
      // The autopilot as it is now: advances replay with the same pace and scenario rates.
      settings: { autopilot: { pace: readSetting(ctx.db, 'autopilotPace'), refundRate: readSetting(ctx.db, 'autopilotRefundBp') / 100, scenarioRates: readScenarioRates(ctx.db) } },
    },
  );
}
