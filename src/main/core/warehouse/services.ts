import type { CoreContext } from '../context.js';
import { scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { badRequest, conflict, notFound } from '../shared/errors.js';
import { applyBasisPoints, formatAmount, parseAmount, toAmount } from '../shared/money.js';
import { postEntry } from '../wallet/ledger.js';
import { findPackageRow } from './packages.js';
import { packageServiceRows, serviceRows, type PackageServiceRow, type ServiceRow } from './rows.js';

/**
 * Warehouse services (extensions.md section 4): a catalog the operator edits, requests charged at once
 * (ledger `service_charge`), done by the back office (admin route, autopilot step `package.service`), and
 * the weight effect applied to the package when done.
 */
export type { PackageServiceRow, ServiceRow } from './rows.js';

export const MAX_PHOTO_COUNT = 20;

export function serviceView(s: ServiceRow) {
  return { serviceId: s.service_id, name: s.name, description: s.description, price: toAmount(s.price_minor), unit: s.unit };
}

export function adminServiceView(s: ServiceRow) {
  return {
    ...serviceView(s),
    active: s.active === 1,
    weightDelta: s.weight_delta_g,
    weightPercent: s.weight_bp / 100,
    packedVolumePercent: s.volume_bp / 100,
  };
}

export function listServices(ctx: CoreContext, options: { includeInactive?: boolean } = {}): ServiceRow[] {
  return serviceRows.all(
    ctx.db.prepare(`SELECT * FROM warehouse_services ${options.includeInactive ? '' : 'WHERE active = 1'} ORDER BY position, service_id`).all(),
  );
}

function findService(ctx: CoreContext, serviceId: string): ServiceRow | null {
  return serviceRows.one(ctx.db.prepare('SELECT * FROM warehouse_services WHERE service_id = ?').get(serviceId)) ?? null;
}

export interface ServicePatch {
  name?: string;
  description?: string;
  price?: number;
  active?: boolean;
  weightDelta?: number;
  weightPercent?: number;
  packedVolumePercent?: number;
}

/** The operator edits a service; new requests use the new figures, requests already made keep theirs. */
export function updateService(ctx: CoreContext, serviceId: string, patch: ServicePatch): ServiceRow {
  const current = findService(ctx, serviceId);
  if (!current) throw notFound(`Service ${serviceId} not found`);
  const next = { ...current };
  if (patch.name !== undefined) next.name = patch.name.trim() || current.name;
  if (patch.description !== undefined) next.description = patch.description.trim();
  if (patch.price !== undefined) {
    const minor = parseAmount(patch.price);
    if (minor === null || minor < 0) throw badRequest('price must be a non-negative amount with at most two decimals');
    next.price_minor = minor;
  }
  if (patch.active !== undefined) next.active = patch.active ? 1 : 0;
  if (patch.weightDelta !== undefined) next.weight_delta_g = patch.weightDelta;
  const percent = (value: number, field: string) => {
    const bp = parseAmount(value);
    if (bp === null || bp < 1 || bp > 20_000) throw badRequest(`${field} must be more than 0 and at most 200, with at most two decimals`);
    return bp;
  };
  if (patch.weightPercent !== undefined) next.weight_bp = percent(patch.weightPercent, 'weightPercent');
  if (patch.packedVolumePercent !== undefined) next.volume_bp = percent(patch.packedVolumePercent, 'packedVolumePercent');
  ctx.db
    .prepare(
      `UPDATE warehouse_services SET name = @name, description = @description, price_minor = @price_minor, active = @active,
         weight_delta_g = @weight_delta_g, weight_bp = @weight_bp, volume_bp = @volume_bp WHERE service_id = @service_id`,
    )
    .run(next);
  return next;
}

export function servicesOfPackage(ctx: CoreContext, packageId: number): PackageServiceRow[] {
  return packageServiceRows.all(ctx.db.prepare('SELECT * FROM package_services WHERE package_id = ? ORDER BY id').all(packageId));
}

export function packageServiceView(r: PackageServiceRow) {
  return {
    requestId: r.id,
    serviceId: r.service_id,
    status: r.status,
    price: toAmount(r.price_minor),
    photoCount: r.photo_count,
    requestedAt: r.requested_at,
    doneAt: r.done_at,
  };
}

/**
 * The customer asks for services on a package on the shelf: each is charged now (one service_charge entry
 * for the lot, 402 when short) and queued for the back office. A service already requested for the
 * package is a 409 (photos excepted: more photos can always be asked for).
 */
export function requestServices(ctx: CoreContext, userId: number, packageId: number, input: { serviceIds: string[]; photoCount?: number }) {
  return ctx.db
    .transaction(() => {
      const pkg = findPackageRow(ctx, userId, packageId);
      if (!pkg) throw notFound(`Package ${packageId} not found`);
      if (pkg.status !== 'in_warehouse') throw conflict(`Package ${packageId} is ${pkg.status}; services can be requested only for in_warehouse packages`);
      const ids = input.serviceIds;
      if (ids.length === 0) throw badRequest('serviceIds must name at least one service');
      if (new Set(ids).size !== ids.length) throw badRequest('serviceIds must not repeat a service');
      const existing = new Set(servicesOfPackage(ctx, packageId).map((s) => s.service_id));
      const services = ids.map((id, index) => {
        const s = findService(ctx, id);
        if (!s || s.active !== 1) throw badRequest(`serviceIds[${index}]: unknown service ${id}`);
        if (s.unit === 'package' && existing.has(id)) throw conflict(`Service ${id} is already requested for package ${packageId}`);
        return s;
      });
      const wantsPhotos = services.some((s) => s.unit === 'photo');
      if (input.photoCount !== undefined && !wantsPhotos) throw badRequest('photoCount applies only with a per-photo service');
      const photoCount = wantsPhotos ? (input.photoCount ?? 1) : 0;
      if (wantsPhotos && (!Number.isInteger(photoCount) || photoCount < 1 || photoCount > MAX_PHOTO_COUNT)) throw badRequest(`photoCount must be 1 to ${MAX_PHOTO_COUNT}`);
      const now = ctx.nowIso();
      const priced = services.map((s) => ({ s, price: s.unit === 'photo' ? s.price_minor * photoCount : s.price_minor }));
      const total = priced.reduce((sum, p) => sum + p.price, 0);
      if (total > 0) {
        postEntry(ctx, {
          userId,
          type: 'service_charge',
          amount: -total,
          reference: `PKG${packageId}`,
          description: `Warehouse services for package ${packageId}: ${priced.map((p) => `${p.s.service_id} ${formatAmount(p.price, ctx.currency)}`).join(', ')}`,
        });
      }
      const insert = ctx.db.prepare(
        `INSERT INTO package_services (package_id, user_id, service_id, status, price_minor, photo_count, requested_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
      );
      for (const p of priced) {
        const requestId = Number(insert.run(packageId, userId, p.s.service_id, p.price, p.s.unit === 'photo' ? photoCount : 0, now).lastInsertRowid);
        scheduleStep(ctx.db, 'package.service', requestId, { since: now });
      }
      return { packageId, charged: toAmount(total), currency: ctx.currency, services: servicesOfPackage(ctx, packageId).map(packageServiceView) };
    })
    .immediate();
}

/** The weight after a service's effect (never below 1 g). */
export function weightAfter(weight: number, s: Pick<ServiceRow, 'weight_delta_g' | 'weight_bp'>): number {
  return Math.max(1, applyBasisPoints(weight, s.weight_bp) + s.weight_delta_g);
}

/**
 * The back office marks a requested service done: its weight effect applies to the package now, and the
 * event says so. Done is final (409 a second time).
 */
export function completeService(ctx: CoreContext, requestId: number) {
  return ctx.db
    .transaction(() => {
      const r = packageServiceRows.one(ctx.db.prepare('SELECT * FROM package_services WHERE id = ?').get(requestId));
      if (!r) throw notFound(`Service request ${requestId} not found`);
      if (r.status === 'done') throw conflict(`Service request ${requestId} is already done`);
      const s = findService(ctx, r.service_id)!;
      const pkg = ctx.db.prepare('SELECT weight_g, order_no FROM packages WHERE id = ?').get(r.package_id) as { weight_g: number; order_no: string };
      const weight = weightAfter(pkg.weight_g, s);
      const now = ctx.nowIso();
      ctx.db.prepare("UPDATE package_services SET status = 'done', done_at = ? WHERE id = ? AND status = 'pending'").run(now, requestId);
      ctx.db.prepare('UPDATE packages SET weight_g = ? WHERE id = ?').run(weight, r.package_id);
      ctx.db.prepare("DELETE FROM due_steps WHERE kind = 'package.service' AND subject = ?").run(String(requestId));
      emitEvent(ctx, 'package.service_done', r.user_id, { packageId: r.package_id, requestId, serviceId: r.service_id, weight, at: now });
      return { ...packageServiceView({ ...r, status: 'done', done_at: now }), packageId: r.package_id, weight };
    })
    .immediate();
}

/** Requests still pending, oldest first (the back office's work list). */
export function pendingServiceRequests(ctx: CoreContext, limit: number) {
  const rows = packageServiceRows.all(ctx.db.prepare("SELECT * FROM package_services WHERE status = 'pending' ORDER BY id LIMIT ?").all(limit));
  return rows.map((r) => ({ ...packageServiceView(r), packageId: r.package_id, userId: r.user_id }));
}

/** The packed volume factor of a package's done services, in basis points (vacuum: 7000). */
export function packedVolumeBp(ctx: CoreContext, packageId: number): number {
  const rows = ctx.db
    .prepare("SELECT s.volume_bp FROM package_services p JOIN warehouse_services s ON s.service_id = p.service_id WHERE p.package_id = ? AND p.status = 'done'")
    .pluck()
    .all(packageId) as number[];
  return rows.reduce((bp, v) => Math.round((bp * v) / 10_000), 10_000);
}
