import type { CoreContext } from '../context.js';
import { cancelStep, scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { packParcel } from '../logistics/packing.js';
import { rehearsalPhotoPath } from '../media/media.js';
import { badRequest, conflict, notFound } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { postEntry } from '../wallet/ledger.js';
import { readFigure } from '../warehouse/figures.js';
import { findPackageRow } from '../warehouse/packages.js';
import { rehearsalRows, type RehearsalRow } from './rows.js';
import { drawPackingShareBp } from './packed-weight-draw.js';
import { packedVolumeBp } from '../warehouse/services.js';
import { scheduleStorage } from '../warehouse/storage.js';
import { MAX_SHIPPING_ITEMS } from '../../../contract/limits.js';
import type { RehearsalView } from '../../../contract/open/shipping.js';

/**
 * Rehearsal packing (extensions.md section 5): the warehouse packs the chosen packages as they would ship,
 * weighs and measures the parcel and photographs it, for a fee (ledger `service_charge`), so the freight
 * is quoted on the real parcel. Packages are `rehearsing` meanwhile; a shipping order created with the
 * rehearsal takes them as they are (the rehearsal becomes `used`).
 */
export type { RehearsalRow, RehearsalStatus } from './rows.js';


export const REHEARSAL_PHOTOS = 3;

export function rehearsalView(ctx: CoreContext, r: RehearsalRow): RehearsalView {
  return {
    id: r.id,
    status: r.status,
    inventoryIds: JSON.parse(r.inventory_ids) as number[],
    fee: toAmount(r.fee_minor),
    packedWeight: r.packed_weight_g,
    length: r.length_cm,
    width: r.width_cm,
    height: r.height_cm,
    photos: (JSON.parse(r.photos) as string[]).map((p) => ctx.mediaUrl(p)),
    createdAt: r.created_at,
    packedAt: r.packed_at,
  };
}

export function findRehearsalRow(ctx: CoreContext, id: string, userId?: number): RehearsalRow | null {
  const row = rehearsalRows.one(ctx.db.prepare('SELECT * FROM rehearsals WHERE id = ?').get(id));
  if (!row || (userId !== undefined && row.user_id !== userId)) return null;
  return row;
}

function requireRehearsal(ctx: CoreContext, id: string, userId?: number): RehearsalRow {
  const row = findRehearsalRow(ctx, id, userId);
  if (!row) throw notFound(`Rehearsal ${id} not found`);
  return row;
}

export function getRehearsal(ctx: CoreContext, userId: number, id: string): RehearsalView {
  return rehearsalView(ctx, requireRehearsal(ctx, id, userId));
}

/** Newest first, a bounded page from the (user, created_at) index. */
export function listRehearsals(ctx: CoreContext, userId: number, limit: number): RehearsalView[] {
  const rows = rehearsalRows.all(ctx.db.prepare('SELECT * FROM rehearsals WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?').all(userId, limit));
  return rows.map((r) => rehearsalView(ctx, r));
}

/**
 * Rehearsals waiting for the warehouse (the back office's packing list): every requested rehearsal owes a
 * shipping.rehearsal_pack step, so the queue's primary key finds them without reading the others.
 */
export function requestedRehearsals(ctx: CoreContext, limit: number) {
  const rows = rehearsalRows.all(
    ctx.db
      .prepare(
        `SELECT r.* FROM due_steps d JOIN rehearsals r ON r.id = d.subject
          WHERE d.kind = 'shipping.rehearsal_pack' AND r.status = 'requested' ORDER BY d.subject LIMIT ?`,
      )
      .all(limit),
  );
  return rows.map((r) => ({ ...rehearsalView(ctx, r), userId: r.user_id }));
}

function movePackagesOf(ctx: CoreContext, ids: readonly number[], from: string, to: string): void {
  const update = ctx.db.prepare('UPDATE packages SET status = ? WHERE id = ? AND status = ?');
  for (const id of ids) if (update.run(to, id, from).changes !== 1) throw new Error(`package ${id} is not ${from}`);
}

/** The customer asks for a rehearsal: fee charged now, packages reserved, packing queued for the back office. */
export function requestRehearsal(ctx: CoreContext, userId: number, inventoryIds: number[]) {
  return ctx.db
    .transaction(() => {
      if (inventoryIds.length === 0 || inventoryIds.length > MAX_SHIPPING_ITEMS) throw badRequest(`inventoryIds must hold 1 to ${MAX_SHIPPING_ITEMS} packages`);
      if (new Set(inventoryIds).size !== inventoryIds.length) throw badRequest('inventoryIds must not repeat a package');
      inventoryIds.forEach((id, index) => {
        const pkg = findPackageRow(ctx, userId, id);
        if (!pkg) throw notFound(`inventoryIds[${index}]: package ${id} not found`);
        if (pkg.status !== 'in_warehouse') throw conflict(`inventoryIds[${index}]: package ${id} is ${pkg.status}, not in_warehouse`);
      });
      const now = ctx.nowIso();
      const draw = ctx.random.draw();
      let id: string;
      do id = `RH${now.slice(0, 10).replaceAll('-', '')}${draw.code(6)}`;
      while (findRehearsalRow(ctx, id));
      const fee = readFigure(ctx, 'rehearsalFeeMinor');
      if (fee > 0) postEntry(ctx, { userId, type: 'service_charge', amount: -fee, reference: id, description: `Rehearsal packing ${id} (${inventoryIds.length} ${inventoryIds.length === 1 ? 'package' : 'packages'})` });
      const sorted = [...inventoryIds].sort((a, b) => a - b);
      ctx.db
        .prepare(`INSERT INTO rehearsals (id, user_id, status, inventory_ids, fee_minor, created_at) VALUES (?, ?, 'requested', ?, ?, ?)`)
        .run(id, userId, JSON.stringify(sorted), fee, now);
      const link = ctx.db.prepare('INSERT INTO rehearsal_packages (rehearsal_id, package_id) VALUES (?, ?)');
      for (const p of sorted) link.run(id, p);
      movePackagesOf(ctx, sorted, 'in_warehouse', 'rehearsing');
      scheduleStep(ctx.db, 'shipping.rehearsal_pack', id, { since: now });
      return rehearsalView(ctx, requireRehearsal(ctx, id));
    })
    .immediate();
}

/**
 * The back office packs: dimensions from the packages and their done services (logistics/packing.ts), the
 * weight by the rule of dispatch (extensions.md section 10): the goods plus the packing share drawn for this
 * rehearsal from the operator's figures (packed-weight-draw.ts).
 */
export function packRehearsal(ctx: CoreContext, id: string): RehearsalView {
  return ctx.db
    .transaction(() => {
      const r = requireRehearsal(ctx, id);
      if (r.status !== 'requested') throw conflict(`Rehearsal ${id} is ${r.status}; only requested rehearsals can be packed`);
      const ids = JSON.parse(r.inventory_ids) as number[];
      const weights = ctx.db.prepare('SELECT weight_g FROM packages WHERE id = ?').pluck();
      const parcel = packParcel(
        ids.map((p) => ({ weight: weights.get(p) as number, volumeBp: packedVolumeBp(ctx, p) })),
        drawPackingShareBp(ctx, ids, id),
      );
      const now = ctx.nowIso();
      const photos = Array.from({ length: REHEARSAL_PHOTOS }, (_, i) => rehearsalPhotoPath(id, i + 1));
      ctx.db
        .prepare(
          `UPDATE rehearsals SET status = 'packed', packed_weight_g = ?, length_cm = ?, width_cm = ?, height_cm = ?, photos = ?, packed_at = ?
            WHERE id = ? AND status = 'requested'`,
        )
        .run(parcel.weight, parcel.length, parcel.width, parcel.height, JSON.stringify(photos), now, id);
      cancelStep(ctx.db, 'shipping.rehearsal_pack', id);
      emitEvent(ctx, 'shipping.rehearsal_packed', r.user_id, { rehearsalId: id, packedWeight: parcel.weight, length: parcel.length, width: parcel.width, height: parcel.height, at: now });
      return rehearsalView(ctx, requireRehearsal(ctx, id));
    })
    .immediate();
}

/**
 * The customer cancels: packages back on the shelf; the fee comes back (a positive service_charge entry)
 * only when the warehouse has not packed yet. A used or cancelled rehearsal: 409.
 */
export function cancelRehearsal(ctx: CoreContext, userId: number, id: string) {
  return ctx.db
    .transaction(() => {
      const r = requireRehearsal(ctx, id, userId);
      if (r.status !== 'requested' && r.status !== 'packed') throw conflict(`Rehearsal ${id} is ${r.status} and cannot be cancelled`);
      const ids = JSON.parse(r.inventory_ids) as number[];
      movePackagesOf(ctx, ids, 'rehearsing', 'in_warehouse');
      const arrived = ctx.db.prepare('SELECT arrived_at FROM packages WHERE id = ?').pluck();
      for (const p of ids) scheduleStorage(ctx, p, arrived.get(p) as string);
      ctx.db.prepare("UPDATE rehearsals SET status = 'cancelled' WHERE id = ?").run(id);
      cancelStep(ctx.db, 'shipping.rehearsal_pack', id);
      const refund = r.status === 'requested' ? r.fee_minor : 0;
      if (refund > 0) postEntry(ctx, { userId, type: 'service_charge', amount: refund, reference: id, description: `Rehearsal ${id} cancelled before packing: fee refunded` });
      return {
        ...rehearsalView(ctx, requireRehearsal(ctx, id)),
        refundAmount: toAmount(refund),
        message: refund > 0 ? `Rehearsal ${id} cancelled; ${formatAmount(refund, ctx.currency)} refunded.` : `Rehearsal ${id} cancelled; the parcel was already packed, so the fee is kept.`,
      };
    })
    .immediate();
}

/**
 * For shipping create: the rehearsal must be the user's, packed, and name exactly these packages. Marks
 * it used and hands back the packed parcel.
 */
/** The packed parcel of a rehearsal of exactly these packages (404, 409 not packed, 400 other packages); reads only. */
export function packedRehearsal(ctx: CoreContext, userId: number, id: string, inventoryIds: readonly number[]) {
  const r = findRehearsalRow(ctx, id, userId);
  if (!r) throw notFound(`rehearsalId: rehearsal ${id} not found`);
  if (r.status !== 'packed') throw conflict(`rehearsalId: rehearsal ${id} is ${r.status}, not packed`);
  const own = JSON.parse(r.inventory_ids) as number[];
  const asked = [...inventoryIds].sort((a, b) => a - b);
  if (own.length !== asked.length || own.some((p, i) => p !== asked[i])) {
    throw badRequest(`items must be exactly the packages of rehearsal ${id} (${own.join(', ')})`);
  }
  return { id: r.id, fee: r.fee_minor, weight: r.packed_weight_g!, length: r.length_cm!, width: r.width_cm!, height: r.height_cm! };
}

/** A packed rehearsal becomes used by the shipping order created from it. */
export function markRehearsalUsed(ctx: CoreContext, id: string): void {
  ctx.db.prepare("UPDATE rehearsals SET status = 'used' WHERE id = ?").run(id);
}
