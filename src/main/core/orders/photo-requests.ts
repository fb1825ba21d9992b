import type { CoreContext } from '../context.js';
import { appendTimeline, money, part } from './timeline.js';
import { scheduleStep } from '../autopilot/queue.js';
import { inspectionPhotoPath, MAX_PHOTO_INDEX } from '../media/media.js';
import { readSetting } from '../settings/settings.js';
import { conflict, notFound } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { postEntry } from '../wallet/ledger.js';
import { PHOTO_STEP, photoRequestPrice } from './after-sales-rules.js';
export { PHOTO_STEP } from './after-sales-rules.js';
import { requireDecisionWindow } from './returns.js';
import { requireOrder } from './views.js';
import { photoRequestRows, type PhotoRequestRow } from './rows.js';
import type { PhotoRequest } from '../../../contract/open/orders.js';

/**
 * Paid extra QC photos (extensions.md section 3): inside the decision window the user buys 1-10 more
 * photos (charged at once, ledger `service_charge`); the back office takes them and they join the
 * order's inspection marked `requested: true` (admin API, back office, or the autopilot's step).
 */
/** Requested photos take the inspection's indexes from 10 up (0-9 are the arrival's). */
const FIRST_REQUESTED_INDEX = 10;

function view(ctx: CoreContext, row: PhotoRequestRow): PhotoRequest {
  return {
    id: row.id,
    orderNo: row.order_no,
    count: row.count,
    note: row.note,
    price: toAmount(row.price_minor),
    status: row.status,
    photos: (JSON.parse(row.photos) as string[]).map((p) => ctx.mediaUrl(p)),
    createdAt: row.created_at,
    doneAt: row.done_at,
  };
}

export function listPhotoRequests(ctx: CoreContext, orderNo: string): PhotoRequest[] {
  return photoRequestRows.all(ctx.db.prepare('SELECT * FROM order_photo_requests WHERE order_no = ? ORDER BY id').all(orderNo)).map((r) => view(ctx, r));
}

export function requestPhotos(ctx: CoreContext, userId: number, orderNo: string, input: { count: number; note?: string }): PhotoRequest {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, userId);
      requireDecisionWindow(ctx, order);
      const price = photoRequestPrice(input.count, readSetting(ctx.db, 'photoPriceMinor'));
      const now = ctx.nowIso();
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO order_photo_requests (order_no, user_id, count, note, price_minor, status, created_at) VALUES (?, ?, ?, ?, ?, 'requested', ?)`,
          )
          .run(orderNo, userId, input.count, input.note ?? '', price, now).lastInsertRowid,
      );
      if (price > 0) {
        postEntry(ctx, { userId, type: 'service_charge', amount: -price, reference: orderNo, description: `${input.count} extra inspection photo(s) for purchase order ${orderNo}` });
      }
      scheduleStep(ctx.db, PHOTO_STEP, id, { since: now });
      appendTimeline(ctx, orderNo, order.status, now, { parts: [part('order.photos_requested', { count: input.count, ...money(price, order.currency) })] });
      return view(ctx, photoRequestRows.existing(ctx.db.prepare('SELECT * FROM order_photo_requests WHERE id = ?').get(id)));
    })
    .immediate();
}

/** The back office takes the photos (generated ones when none are given). 409 once done. */
export function fulfilPhotoRequest(ctx: CoreContext, orderNo: string, id: number, photos?: readonly string[]): PhotoRequest {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      const row = photoRequestRows.one(ctx.db.prepare('SELECT * FROM order_photo_requests WHERE id = ? AND order_no = ?').get(id, orderNo));
      if (!row) throw notFound(`Photo request ${id} of order ${orderNo} not found`);
      if (row.status !== 'requested') throw conflict(`Photo request ${id} is already done`);
      const taken = ctx.db.prepare("SELECT COALESCE(SUM(count), 0) FROM order_photo_requests WHERE order_no = ? AND status = 'done'").pluck().get(orderNo) as number;
      const made =
        photos && photos.length > 0
          ? [...photos]
          : Array.from({ length: row.count }, (_, i) => inspectionPhotoPath(orderNo, Math.min(MAX_PHOTO_INDEX, FIRST_REQUESTED_INDEX + taken + i)));
      const now = ctx.nowIso();
      ctx.db.prepare("UPDATE order_photo_requests SET status = 'done', photos = ?, done_at = ? WHERE id = ?").run(JSON.stringify(made), now, id);
      appendTimeline(ctx, orderNo, order.status, now, { parts: [part('order.photos_added', { count: made.length })] });
      return view(ctx, photoRequestRows.existing(ctx.db.prepare('SELECT * FROM order_photo_requests WHERE id = ?').get(id)));
    })
    .immediate();
}

/** Requested photos as the inspection shows them. */
export function requestedPhotos(ctx: CoreContext, orderNo: string): { url: string; requested: true; requestId: number }[] {
  return requestedPhotosOf(listPhotoRequests(ctx, orderNo));
}

/** The same, from requests already read. */
export function requestedPhotosOf(requests: readonly PhotoRequest[]): { url: string; requested: true; requestId: number }[] {
  return requests.flatMap((r) => r.photos.map((url) => ({ url, requested: true as const, requestId: r.id })));
}
