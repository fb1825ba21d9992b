import type { RequestSummary } from '../../../../contract/admin/requests.js';
import type { WorldFile } from '../../../../contract/admin/world-file.js';
import { MAX_LIMIT } from '../../../../contract/limits.js';
import type { CoreContext } from '../../context.js';
import { readScenarioRates } from '../../orders/scenarios.js';
import type { RequestLog } from '../../requests/request-log.js';
import { readSetting } from '../../settings/settings.js';
import { ApiError, badRequest } from '../../shared/errors.js';
import { buildRecording, type LoggedEntry } from './record-build.js';
import { formatDuration, placeAdvances, type AdvanceSpan } from './record-timeline.js';

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
  return buildRecording(
    entries,
    inSession.map((p) => ({ before: p.before, by: formatDuration(advances[p.advance]!.to - advances[p.advance]!.from) })),
    {
      name: `recorded-key-${query.keyId}`,
      clockStart: new Date(firstAt + offsetAtStart).toISOString(),
      // h-determinism's seeded stream: the recorded world's seed, once a world has one.
      seed: null,
      // A world that began with the demo deposit replays from the demo data.
      demo: ctx.db.prepare(`SELECT 1 FROM wallet_entries WHERE reference = 'DEMO' LIMIT 1`).get() !== undefined,
      // The autopilot as it is now: advances replay with the same pace and scenario rates.
      settings: { autopilot: { pace: readSetting(ctx.db, 'autopilotPace'), refundRate: readSetting(ctx.db, 'autopilotRefundBp') / 100, scenarioRates: readScenarioRates(ctx.db) } },
    },
  );
}
