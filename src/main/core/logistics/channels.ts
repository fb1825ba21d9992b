import type { CoreContext } from '../context.js';
import { badRequest, notFound } from '../shared/errors.js';
import { parseAmount, toAmount, type Minor } from '../shared/money.js';
import { CHANNEL_CARGO, type ChannelCargo } from './cargo.js';
import { SEED_CHANNELS } from './channel-seed.js';
import { isKnownCountry } from './countries.js';
import { channelRows } from './rows.js';
import type { RowOf } from '../db/row-reader.js';
import { VOLUMETRIC_DIVISORS, type PriceModel, type VolumetricDivisor } from './freight.js';
import type { ChannelPatch } from '../../../contract/admin/channels.js';

/**
 * Shipping channels: data the operator edits, priced by freight.ts from these columns. Inactive channels
 * are invisible to the open API (listed, quoted and chosen as if they did not exist) but kept, so that
 * shipping orders made on them still resolve.
 */
export interface Channel {
  channelId: string;
  name: string;
  carrier: string;
  /** "7-12": a range of days, as text. */
  deliveryDays: string;
  supportedCargo: ChannelCargo[];
  weightRange: { min: number; max: number };
  /** Country codes served. */
  countries: string[];
  price: PriceModel;
  active: boolean;
  position: number;
  /** The most the carrier accepts as declared value, minor units; null: no cap (v1.1 section 5). */
  maxDeclaredValue?: Minor | null;
}

export type NewChannel = Omit<Channel, 'active' | 'position'>;

function fromRow(row: RowOf<typeof channelRows>): Channel {
  return {
    channelId: row.channel_id,
    name: row.name,
    carrier: row.carrier,
    deliveryDays: row.delivery_days,
    supportedCargo: JSON.parse(row.supported_cargo) as ChannelCargo[],
    weightRange: { min: row.min_weight_g, max: row.max_weight_g },
    countries: JSON.parse(row.countries) as string[],
    price: {
      firstWeight: row.first_weight_g,
      firstPrice: row.first_price_minor,
      stepWeight: row.step_weight_g,
      stepPrice: row.step_price_minor,
      volumetricDivisor: row.volumetric_divisor as VolumetricDivisor | null,
      fuelSurchargeBp: row.fuel_surcharge_bp,
    },
    active: row.active === 1,
    position: row.position,
    maxDeclaredValue: row.max_declared_value_minor,
  };
}

/** The channel's declared-value cap in minor units, null when it has none. */
export function channelMaxDeclaredValue(ctx: CoreContext, channelId: string): Minor | null {
  return (ctx.db.prepare('SELECT max_declared_value_minor FROM channels WHERE channel_id = ?').pluck().get(channelId) as number | null | undefined) ?? null;
}

const ORDER = 'ORDER BY position, channel_id';

export function listChannels(ctx: CoreContext, options: { includeInactive?: boolean } = {}): Channel[] {
  const where = options.includeInactive ? '' : 'WHERE active = 1';
  return channelRows.all(ctx.db.prepare(`SELECT * FROM channels ${where} ${ORDER}`).all()).map(fromRow);
}

export function findChannel(ctx: CoreContext, channelId: string): Channel | null {
  const row = channelRows.one(ctx.db.prepare('SELECT * FROM channels WHERE channel_id = ?').get(channelId));
  return row ? fromRow(row) : null;
}

/** An active channel, or 404: the open API's view. */
export function requireActiveChannel(ctx: CoreContext, channelId: string): Channel {
  const channel = findChannel(ctx, channelId);
  if (!channel || !channel.active) throw notFound(`Shipping channel ${channelId} not found`);
  return channel;
}

function writeChannel(ctx: CoreContext, c: Channel, insert: boolean): void {
  const values = [
    c.name,
    c.carrier,
    c.deliveryDays,
    JSON.stringify(c.supportedCargo),
    c.weightRange.min,
    c.weightRange.max,
    JSON.stringify(c.countries),
    c.price.firstWeight,
    c.price.firstPrice,
    c.price.stepWeight,
    c.price.stepPrice,
    c.price.volumetricDivisor,
    c.price.fuelSurchargeBp,
    c.active ? 1 : 0,
    c.position,
  ];
  if (insert) {
    ctx.db
      .prepare(
        `INSERT OR IGNORE INTO channels (name, carrier, delivery_days, supported_cargo, min_weight_g, max_weight_g, countries,
           first_weight_g, first_price_minor, step_weight_g, step_price_minor, volumetric_divisor, fuel_surcharge_bp, active, position,
           channel_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(...values, c.channelId);
  } else {
    ctx.db
      .prepare(
        `UPDATE channels SET name = ?, carrier = ?, delivery_days = ?, supported_cargo = ?, min_weight_g = ?, max_weight_g = ?,
           countries = ?, first_weight_g = ?, first_price_minor = ?, step_weight_g = ?, step_price_minor = ?, volumetric_divisor = ?,
           fuel_surcharge_bp = ?, active = ?, position = ? WHERE channel_id = ?`,
      )
      .run(...values, c.channelId);
  }
}

/** Seeds the reference channels (kept if already there: the operator's edits win). */
export function seedChannels(ctx: CoreContext): void {
  SEED_CHANNELS.forEach((channel, position) => writeChannel(ctx, { ...channel, active: true, position: position + 1 }, true));
}

/** A channel as the API shows it. Money as amounts, the fuel surcharge as a percent. */
export function channelView(c: Channel) {
  return {
    channelId: c.channelId,
    name: c.name,
    carrier: c.carrier,
    deliveryDays: c.deliveryDays,
    supportedCargo: c.supportedCargo,
    weightRange: { min: c.weightRange.min, max: c.weightRange.max },
    countries: c.countries,
    pricing: {
      firstWeight: c.price.firstWeight,
      firstPrice: toAmount(c.price.firstPrice),
      continuedWeight: c.price.stepWeight,
      continuedPrice: toAmount(c.price.stepPrice),
      volumetricDivisor: c.price.volumetricDivisor,
      // basis points / 100: at most two decimals, exact like toAmount.
      fuelSurchargePercent: c.price.fuelSurchargeBp / 100,
    },
    maxDeclaredValue: c.maxDeclaredValue == null ? null : toAmount(c.maxDeclaredValue),
  };
}

export function adminChannelView(c: Channel) {
  return { ...channelView(c), active: c.active, position: c.position };
}

const DAYS = /^(\d{1,3})-(\d{1,3})$/;

function money(field: string, value: number): number {
  const minor = parseAmount(value);
  if (minor === null || minor < 0) throw badRequest(`${field} must be an amount >= 0 with at most two decimals`);
  return minor;
}

/** Applies a patch to a channel, checking every rule the schema cannot express. Pure but for country lookups. */
function applyPatch(ctx: CoreContext, c: Channel, patch: ChannelPatch): Channel {
  const next: Channel = { ...c, weightRange: { ...c.weightRange }, price: { ...c.price } };
  if (patch.name !== undefined) next.name = patch.name.trim();
  if (patch.carrier !== undefined) next.carrier = patch.carrier.trim();
  if (!next.name) throw badRequest('name must not be blank');
  if (!next.carrier) throw badRequest('carrier must not be blank');
  if (patch.deliveryDays !== undefined) {
    const m = DAYS.exec(patch.deliveryDays);
    if (!m || Number(m[1]) > Number(m[2])) throw badRequest('deliveryDays must be a range of days like "7-12" (low to high)');
    next.deliveryDays = patch.deliveryDays;
  }
  if (patch.supportedCargo !== undefined) {
    const bad = patch.supportedCargo.find((s) => !(CHANNEL_CARGO as readonly string[]).includes(s));
    if (bad !== undefined) throw badRequest(`supportedCargo: "${bad}" is not one of ${CHANNEL_CARGO.join(', ')}`);
    next.supportedCargo = CHANNEL_CARGO.filter((s) => patch.supportedCargo!.includes(s));
    if (next.supportedCargo.length === 0) throw badRequest('supportedCargo must hold at least one value');
  }
  if (patch.weightRange !== undefined) next.weightRange = { ...patch.weightRange };
  if (next.weightRange.min > next.weightRange.max) throw badRequest('weightRange.min must not be above weightRange.max');
  if (patch.countries !== undefined) {
    const codes = [...new Set(patch.countries.map((code) => code.toUpperCase()))];
    const unknown = codes.find((code) => !isKnownCountry(ctx, code));
    if (unknown !== undefined) throw badRequest(`countries: "${unknown}" is not a known country code`);
    next.countries = codes;
  }
  const p = patch.pricing;
  if (p) {
    if (p.firstWeight !== undefined) next.price.firstWeight = p.firstWeight;
    if (p.continuedWeight !== undefined) next.price.stepWeight = p.continuedWeight;
    if (p.firstPrice !== undefined) next.price.firstPrice = money('pricing.firstPrice', p.firstPrice);
    if (p.continuedPrice !== undefined) next.price.stepPrice = money('pricing.continuedPrice', p.continuedPrice);
    if (p.volumetricDivisor !== undefined) {
      if (p.volumetricDivisor !== null && !(VOLUMETRIC_DIVISORS as readonly number[]).includes(p.volumetricDivisor)) {
        throw badRequest(`pricing.volumetricDivisor must be one of ${VOLUMETRIC_DIVISORS.join(', ')} or null`);
      }
      next.price.volumetricDivisor = p.volumetricDivisor as VolumetricDivisor | null;
    }
    if (p.fuelSurchargePercent !== undefined) {
      // A percent with two decimals is a whole number of basis points; the amount grammar reads it exactly.
      const bp = parseAmount(p.fuelSurchargePercent);
      if (bp === null || bp < 0 || bp > 10_000) throw badRequest('pricing.fuelSurchargePercent must be 0 to 100 with at most two decimals');
      next.price.fuelSurchargeBp = bp;
    }
  }
  if (patch.active !== undefined) next.active = patch.active;
  if (patch.position !== undefined) next.position = patch.position;
  if (patch.maxDeclaredValue !== undefined) {
    const cap = patch.maxDeclaredValue === null ? null : money('maxDeclaredValue', patch.maxDeclaredValue);
    if (cap === 0) throw badRequest('maxDeclaredValue must be above 0, or null for no cap');
    next.maxDeclaredValue = cap;
  }
  return next;
}

/** The operator edits a channel. Unknown channel: 404. Pending shipping orders keep the fee they were quoted. */
export function updateChannel(ctx: CoreContext, channelId: string, patch: ChannelPatch): Channel {
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest('Send at least one field to change');
  return ctx.db
    .transaction(() => {
      const current = findChannel(ctx, channelId);
      if (!current) throw notFound(`Shipping channel ${channelId} not found`);
      const next = applyPatch(ctx, current, patch);
      writeChannel(ctx, next, false);
      ctx.db.prepare('UPDATE channels SET max_declared_value_minor = ? WHERE channel_id = ?').run(next.maxDeclaredValue ?? null, channelId);
      return next;
    })
    .immediate();
}
