import { contextAt, type CoreContext } from '../context.js';
import { cancelStep, scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { readDisplayCurrency } from '../settings/display-currency.js';
import { ApiError, badRequest, conflict, notFound } from '../shared/errors.js';
import { decimalOf, formatAmount, parseAmount, toAmount } from '../shared/money.js';
import { integerCursor, pageOf, requireFirstPage, unknownCursor, type Page } from '../shared/pagination.js';
import { requireScenarioHeaderOn } from '../warehouse/figures.js';
import { checkBalanceCap } from './admin.js';
import { postEntry } from './ledger.js';
import { topUpMethodRows, topUpRows, type TopUpMethodRow, type TopUpRow } from './rows.js';
import { DEFAULT_METHOD_FIGURES, quoteTopUp, settlesAt, type MethodFigures } from './top-up-rules.js';
import { TOP_UP_METHODS, TOP_UP_SCENARIOS, type TopUpMethod, type TopUpScenario, type TopUpStatus } from '../../../contract/enums.js';
import type { NewTopUpBody, TopUpPreviewView, TopUpView } from '../../../contract/open/wallet.js';

/**
 * Topping up the wallet (extensions.md section 12): the user pays by a method (PayPal, card, Alipay,
 * WeChat, bank transfer) in a currency; the fee and the rate are frozen on the top-up, and its one
 * `deposit` ledger entry (of `credited`, the description naming method and fee) is written when it
 * succeeds: at once for the instant methods, on the service clock for a bank transfer or a review (a due
 * step, `wallet.top_up_settle`). Nothing is credited before `succeeded`; a failed top-up credits nothing.
 */
export const TOP_UP_SETTLE_STEP = 'wallet.top_up_settle';

const METHOD_LABEL: Record<TopUpMethod, string> = { paypal: 'PayPal', card: 'card', alipay: 'Alipay', wechat: 'WeChat Pay', bank_transfer: 'bank transfer' };

/**
 * What a top-up credits as its view says it: the amount frozen at creation while pending (what will
 * arrive) or once succeeded (what arrived), 0 once failed (nothing did: a script summing `credited` must
 * not count a declined or rejected top-up). The row keeps the quote (credited_minor > 0 by its CHECK).
 */
function creditedOf(row: Pick<TopUpRow, 'status' | 'credited_minor'>): number {
  return row.status === 'failed' ? 0 : row.credited_minor;
}

function view(ctx: CoreContext, row: TopUpRow): TopUpView & { userId: number } {
  return {
    userId: row.user_id,
    id: row.id,
    method: row.method,
    amount: toAmount(row.amount_minor),
    currency: row.currency,
    rate: Number(row.rate),
    fee: toAmount(row.fee_minor),
    credited: toAmount(creditedOf(row)),
    ledgerCurrency: ctx.currency,
    status: row.status,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    failureReason: row.failure_reason,
    expectedAt: row.status === 'pending' ? row.due_at : null,
    scenarios: JSON.parse(row.scenarios) as string[],
  };
}

const figuresOf = (r: TopUpMethodRow): MethodFigures => ({
  method: r.method,
  feeBp: r.fee_bp,
  fixedFeeMinor: r.fixed_fee_minor,
  fixedFeeCurrency: r.fixed_fee_currency,
  arrival: r.arrival,
  enabled: r.enabled === 1,
});

/** The operator's figures per method (the defaults of the contract for any row missing). */
export function listTopUpMethods(ctx: CoreContext): MethodFigures[] {
  const rows = topUpMethodRows.all(ctx.db.prepare('SELECT * FROM top_up_methods').all());
  const byMethod = new Map(rows.map((r) => [r.method, figuresOf(r)]));
  return TOP_UP_METHODS.map((m) => byMethod.get(m) ?? DEFAULT_METHOD_FIGURES[m]);
}

export function topUpMethod(ctx: CoreContext, method: TopUpMethod): MethodFigures {
  const row = topUpMethodRows.one(ctx.db.prepare('SELECT * FROM top_up_methods WHERE method = ?').get(method));
  return row ? figuresOf(row) : DEFAULT_METHOD_FIGURES[method];
}

/** The back office changes a method's figures (admin route, back office). */
export function updateTopUpMethod(ctx: CoreContext, method: TopUpMethod, patch: Partial<Omit<MethodFigures, 'method'>>): MethodFigures {
  const next = { ...topUpMethod(ctx, method), ...patch };
  if (!Number.isSafeInteger(next.feeBp) || next.feeBp < 0 || next.feeBp > 5000) throw badRequest('feeBp must be an integer from 0 to 5000');
  if (!Number.isSafeInteger(next.fixedFeeMinor) || next.fixedFeeMinor < 0) throw badRequest('fixedFee must be a non-negative amount');
  if (!/^[A-Z]{3}$/.test(next.fixedFeeCurrency)) throw badRequest('fixedFeeCurrency must be an ISO 4217 code');
  ctx.db
    .prepare(
      `INSERT INTO top_up_methods (method, fee_bp, fixed_fee_minor, fixed_fee_currency, arrival, enabled) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (method) DO UPDATE SET fee_bp = excluded.fee_bp, fixed_fee_minor = excluded.fixed_fee_minor,
         fixed_fee_currency = excluded.fixed_fee_currency, arrival = excluded.arrival, enabled = excluded.enabled`,
    )
    .run(method, next.feeBp, next.fixedFeeMinor, next.fixedFeeCurrency, next.arrival, next.enabled ? 1 : 0);
  return next;
}

/** Parses the Crossbuy-Scenario header of a top-up: 400 for an unknown name or while the operator has scenarios off. */
export function parseTopUpScenarios(ctx: CoreContext, header: string | string[] | undefined): TopUpScenario[] {
  if (header === undefined) return [];
  const names = (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return [];
  for (const name of names) {
    if (!(TOP_UP_SCENARIOS as readonly string[]).includes(name)) {
      throw badRequest(`Crossbuy-Scenario: unknown top-up scenario "${name}"; valid: ${TOP_UP_SCENARIOS.join(', ')}`);
    }
  }
  requireScenarioHeaderOn(ctx);
  return [...new Set(names)] as TopUpScenario[];
}

function requireRow(ctx: CoreContext, id: number, userId: number | null): TopUpRow {
  const row = topUpRows.one(ctx.db.prepare('SELECT * FROM wallet_top_ups WHERE id = ?').get(id));
  if (!row || (userId !== null && row.user_id !== userId)) throw notFound(`Top-up ${id} not found`);
  return row;
}

function describe(row: Pick<TopUpRow, 'id' | 'method' | 'amount_minor' | 'currency' | 'rate' | 'fee_minor'>, ledgerCurrency: string): string {
  const paid = `${decimalOf(row.amount_minor)} ${row.currency}`;
  const rate = row.currency === ledgerCurrency ? '' : ` at ${row.rate} ${row.currency}/${ledgerCurrency}`;
  return `Top-up ${row.id} by ${METHOD_LABEL[row.method]}: ${paid}${rate}, fee ${formatAmount(row.fee_minor, ledgerCurrency)}`;
}

/** Credits a pending top-up (its one deposit) and marks it succeeded. In the caller's transaction. */
function succeed(ctx: CoreContext, row: TopUpRow): void {
  const at = ctx.nowIso();
  checkBalanceCap(ctx, row.user_id, row.credited_minor);
  const entry = postEntry(ctx, {
    userId: row.user_id,
    type: 'deposit',
    amount: row.credited_minor,
    reference: `top-up ${row.id}`,
    description: describe(row, ctx.currency),
  });
  ctx.db.prepare("UPDATE wallet_top_ups SET status = 'succeeded', completed_at = ?, entry_id = ? WHERE id = ?").run(at, entry.id, row.id);
  resolved(ctx, row, 'succeeded', null, at);
}

function fail(ctx: CoreContext, row: TopUpRow, reason: string): void {
  const at = ctx.nowIso();
  ctx.db.prepare("UPDATE wallet_top_ups SET status = 'failed', completed_at = ?, failure_reason = ? WHERE id = ?").run(at, reason, row.id);
  resolved(ctx, row, 'failed', reason, at);
}

function resolved(ctx: CoreContext, row: TopUpRow, status: TopUpStatus, failureReason: string | null, at: string): void {
  cancelStep(ctx.db, TOP_UP_SETTLE_STEP, row.id);
  emitEvent(ctx, 'wallet.top_up_resolved', row.user_id, {
    topUpId: row.id,
    method: row.method,
    status,
    credited: status === 'succeeded' ? toAmount(row.credited_minor) : 0,
    currency: ctx.currency,
    failureReason,
    at,
  });
}

/** A top-up's figures as they are now: the checks a create makes before writing (400, 422), then its quote. */
function quoted(ctx: CoreContext, body: NewTopUpBody) {
  const amount = parseAmount(body.amount);
  if (amount === null || amount <= 0) throw badRequest('amount must be a positive number with at most two decimals');
  const currency = body.currency ?? ctx.currency;
  const figures = topUpMethod(ctx, body.method);
  if (!figures.enabled) throw new ApiError(422, `method ${body.method} is turned off by the operator`);
  const quote = quoteTopUp({ amount, currency, ledgerCurrency: ctx.currency, rates: readDisplayCurrency(ctx.db).displayRates, figures });
  return { amount, currency, figures, quote };
}

/**
 * POST /user/wallet/top-ups/preview: what a top-up with this body would charge and credit now (the fee and
 * what arrives, shown before the user pays), by the same path as createTopUp, the same refusals included,
 * and the same sandbox scenarios (declined: nothing arrives; pending_review: a day later); nothing is written.
 */
export function previewTopUp(ctx: CoreContext, userId: number, body: NewTopUpBody, scenarios: TopUpScenario[] = []): TopUpPreviewView {
  const { amount, currency, figures, quote } = quoted(ctx, body);
  checkBalanceCap(ctx, userId, quote.credited);
  const declined = scenarios.includes('declined');
  const due = declined ? null : settlesAt(new Date(ctx.nowIso()), figures.arrival, scenarios.includes('pending_review'));
  return {
    method: body.method,
    amount: toAmount(amount),
    currency,
    rate: quote.rate,
    fee: toAmount(quote.fee),
    credited: declined ? 0 : toAmount(quote.credited),
    ledgerCurrency: ctx.currency,
    expectedAt: due?.toISOString() ?? null,
  };
}

/** POST /user/wallet/top-ups: quote, record, and settle at once when the method is instant. */

export function createTopUp(live: CoreContext, userId: number, body: NewTopUpBody, scenarios: TopUpScenario[] = []): TopUpView {
  // One instant for the whole top-up: an instant method's completedAt is its createdAt.
  const ctx = contextAt(live, live.clock.now());
  const { amount, currency, figures, quote } = quoted(ctx, body);
  return ctx.db
    .transaction(() => {
      checkBalanceCap(ctx, userId, quote.credited);
      const now = ctx.nowIso();
      const due = settlesAt(new Date(now), figures.arrival, scenarios.includes('pending_review'));
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO wallet_top_ups (user_id, method, amount_minor, currency, rate, fee_minor, credited_minor, status, scenarios, created_at, due_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
          )
          .run(userId, body.method, amount, currency, String(quote.rate), quote.fee, quote.credited, JSON.stringify(scenarios), now, due?.toISOString() ?? null)
          .lastInsertRowid,
      );
      let row = requireRow(ctx, id, userId);
      if (scenarios.includes('declined')) fail(ctx, row, 'declined by the payment provider');
      else if (due === null) succeed(ctx, row);
      else scheduleStep(ctx.db, TOP_UP_SETTLE_STEP, id, due);
      row = requireRow(ctx, id, userId);
      emitEvent(ctx, 'wallet.top_up_created', userId, { topUpId: id, method: row.method, status: row.status, credited: toAmount(creditedOf(row)), currency: ctx.currency });
      return view(ctx, row);
    })
    .immediate();
}

/** The due step: a pending top-up whose time has come succeeds (bank transfer arrived, review passed). */
export function settleTopUp(ctx: CoreContext, id: number): void {
  const row = topUpRows.one(ctx.db.prepare('SELECT * FROM wallet_top_ups WHERE id = ?').get(id));
  if (!row || row.status !== 'pending') return;
  if (row.due_at !== null && Date.parse(ctx.nowIso()) < Date.parse(row.due_at)) return;
  succeed(ctx, row);
}

/** The back office settles a pending top-up by hand: received (succeeded) or rejected (failed, nothing credited). */
export function resolveTopUp(ctx: CoreContext, id: number, outcome: 'succeeded' | 'failed', reason?: string): TopUpView & { userId: number } {
  return ctx.db
    .transaction(() => {
      const row = requireRow(ctx, id, null);
      if (row.status !== 'pending') throw conflict(`Top-up ${id} is ${row.status}; only a pending top-up can be settled`);
      if (outcome === 'succeeded') succeed(ctx, row);
      else fail(ctx, row, reason?.trim() || 'rejected by the operator');
      return view(ctx, requireRow(ctx, id, null));
    })
    .immediate();
}

export function getTopUp(ctx: CoreContext, id: number, userId: number | null): TopUpView {
  return view(ctx, requireRow(ctx, id, userId));
}

/** A page of a top-up list: `limit` of them after the cursor `startingAfter` (a top-up id); `page` is always 1. */
export interface TopUpListQuery {
  limit: number;
  page?: number;
  startingAfter?: string;
  status?: TopUpStatus;
}

/**
 * Newest first, by cursor (extensions.md section 12: "cursor paging"): one seek in the (user[, status],
 * id) index, or the primary key / (status, id) for the back office (`userId` null: every user's), and the
 * total from wallet_top_up_counts (migration 030). Nothing read grows with the number of top-ups. Any
 * top-up of the list's user is a valid cursor whatever its status, so a walk survives settlements made
 * while it pages. A `page` other than 1 is a 400 pointing at the cursor (an ignored page would hand a
 * page walker the first page forever).
 */
export function listTopUps(ctx: CoreContext, userId: number | null, query: TopUpListQuery): Page<TopUpView & { userId: number }> {
  requireFirstPage(query.page, 'top-up', 'the last top-up id of the page');
  const scope = userId ?? 0;
  const where = [userId === null ? '' : 'user_id = ?', query.status ? 'status = ?' : '', 'id < ?'].filter(Boolean).join(' AND ');
  const args: (string | number)[] = [...(userId === null ? [] : [userId]), ...(query.status ? [query.status] : [])];
  const total = (
    query.status
      ? ctx.db.prepare('SELECT COALESCE(SUM(n), 0) FROM wallet_top_up_counts WHERE user_id = ? AND status = ?').pluck().get(scope, query.status)
      : ctx.db.prepare('SELECT COALESCE(SUM(n), 0) FROM wallet_top_up_counts WHERE user_id = ?').pluck().get(scope)
  ) as number;
  let before = Number.MAX_SAFE_INTEGER;
  if (query.startingAfter !== undefined) {
    before = integerCursor(query.startingAfter);
    const owner = ctx.db.prepare('SELECT user_id FROM wallet_top_ups WHERE id = ?').pluck().get(before) as number | undefined;
    if (owner === undefined || (userId !== null && owner !== userId)) unknownCursor();
  }
  const rows = topUpRows.all(ctx.db.prepare(`SELECT * FROM wallet_top_ups WHERE ${where} ORDER BY id DESC LIMIT ?`).all(...args, before, query.limit));
  return pageOf(
    rows.map((r) => view(ctx, r)),
    total,
    { page: 1, limit: query.limit },
  );
}
