import { GOODS_CARGO } from '../../../../contract/enums';
import type {
  Address,
  CreateShippingInput,
  Dimensions,
  FreightQuote,
  FreightRequest,
  GoodsCargo,
  ShippingChannel,
  ShippingStatus,
  WarehousePackage,
} from './types';

/**
 * The warehouse feature's rules, pure (no React, no requests) so that vitest checks them in node.
 */

/**
 * decisions.md: the UI warns from day 80 of the 90 free days, i.e. ten days before the end. The days left
 * are the API's (`freeStorageDaysLeft`, from the service's own settings); only the warning margin is the UI's.
 */
export const STORAGE_WARNING_DAYS_LEFT = 10;

export type StorageLevel = 'none' | 'ok' | 'warning' | 'overdue';

/** Storage only counts down while a package waits in the warehouse (on the shelf, or in a rehearsal). */
export function storageLevel(pkg: Pick<WarehousePackage, 'status' | 'freeStorageDaysLeft'>): StorageLevel {
  if (pkg.status !== 'in_warehouse' && pkg.status !== 'rehearsing') return 'none';
  if (pkg.freeStorageDaysLeft < 0) return 'overdue';
  if (pkg.freeStorageDaysLeft <= STORAGE_WARNING_DAYS_LEFT) return 'warning';
  return 'ok';
}

/** The packages whose free storage ends soon or has ended, soonest first: what the storage alert lists. */
export function storageAtRisk<P extends Pick<WarehousePackage, 'status' | 'freeStorageDaysLeft'>>(packages: readonly P[]): P[] {
  return packages.filter((p) => storageLevel(p) === 'warning' || storageLevel(p) === 'overdue').sort((a, b) => a.freeStorageDaysLeft - b.freeStorageDaysLeft);
}

export function totalWeight(packages: readonly Pick<WarehousePackage, 'weight'>[]): number {
  return packages.reduce((sum, p) => sum + p.weight, 0);
}

const CARGO_ORDER: readonly string[] = GOODS_CARGO;

/** The distinct cargo types of the packages, general first, then battery, sensitive, then any other. */
export function cargoTypesOf(packages: readonly Pick<WarehousePackage, 'cargoType'>[]): GoodsCargo[] {
  const seen = [...new Set(packages.map((p) => p.cargoType))];
  const rank = (c: string) => (CARGO_ORDER.includes(c) ? CARGO_ORDER.indexOf(c) : CARGO_ORDER.length);
  return seen.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** What a channel must accept for these goods: batteries and sensitive goods travel as `sensitive`. */
export function channelCargoFor(cargoTypes: readonly GoodsCargo[]): ('general' | 'sensitive')[] {
  const needs = new Set(cargoTypes.map((c) => (c === 'general' ? 'general' : 'sensitive')));
  return (['general', 'sensitive'] as const).filter((c) => needs.has(c));
}

export function needsSensitiveChannel(cargoTypes: readonly GoodsCargo[]): boolean {
  return channelCargoFor(cargoTypes).includes('sensitive');
}

/** Whether the channel accepts every cargo type of the shipment. */
export function channelCarries(channel: Pick<ShippingChannel, 'supportedCargo'>, cargoTypes: readonly GoodsCargo[]): boolean {
  return channelCargoFor(cargoTypes).every((c) => channel.supportedCargo.includes(c));
}

export type FreightProblem = 'cargo' | 'weight';

export interface FreightRow {
  quote: FreightQuote;
  /** The channel can take this shipment (cargo, and the weight the shipping order is billed on). */
  carriable: boolean;
  problem: FreightProblem | null;
  /** The fee a shipping order on this channel freezes: its quote for the packages' weight. */
  fee: number | null;
  /** The quote that fee comes from (its weights are the ones billed); null when the channel cannot bill it. */
  billed: FreightQuote | null;
}

/**
 * The comparison table: every quote with whether its channel can take the shipment, carriable channels
 * first, cheapest billed fee first within each group.
 *
 * `channels` tells which channels carry sensitive cargo (GET /logistics/shipping-methods); a channel missing
 * from it is trusted with general cargo only. `billed` are the quotes for the packages' weight alone (no
 * dimensions): a shipping order is priced on that, so a channel absent from it cannot take the order. Leave
 * it out when the comparison has no dimensions (the quotes are then the billed ones).
 */
export function freightRows(
  quotes: readonly FreightQuote[],
  channels: readonly Pick<ShippingChannel, 'channelId' | 'supportedCargo'>[],
  cargoTypes: readonly GoodsCargo[],
  billed?: readonly FreightQuote[],
): FreightRow[] {
  const byId = new Map(channels.map((c) => [c.channelId, c]));
  const rows = quotes.map((quote): FreightRow => {
    const channel = byId.get(quote.channelId) ?? { supportedCargo: ['general'] };
    const billedQuote = billed ? billed.find((b) => b.channelId === quote.channelId) : quote;
    const problem: FreightProblem | null = !channelCarries(channel, cargoTypes) ? 'cargo' : !billedQuote ? 'weight' : null;
    return { quote, carriable: problem === null, problem, fee: billedQuote ? billedQuote.totalPrice : null, billed: billedQuote ?? null };
  });
  // Ordered by what will be billed (the fee frozen at creation), not by the dimensioned comparison price.
  const sortPrice = (row: FreightRow) => row.fee ?? row.quote.totalPrice;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => Number(b.row.carriable) - Number(a.row.carriable) || sortPrice(a.row) - sortPrice(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** The row to preselect: the cheapest channel that can take the shipment. */
export function cheapestCarriable(rows: readonly FreightRow[]): FreightRow | null {
  return rows.find((r) => r.carriable) ?? null;
}

/** L, W and H when all three are positive numbers; otherwise none (the quote is on weight alone). */
export function dimensionsOf(input: { length?: number | string; width?: number | string; height?: number | string }): Dimensions | null {
  const values = [input.length, input.width, input.height].map((v) => (typeof v === 'number' ? v : Number.parseFloat(v ?? '')));
  if (!values.every((v) => Number.isFinite(v) && v > 0)) return null;
  const [length, width, height] = values as [number, number, number];
  return { length, width, height };
}

export function freightRequest(country: string, weight: number, dimensions: Dimensions | null): FreightRequest {
  return dimensions ? { country, weight, ...dimensions } : { country, weight };
}

/** "1,2,3" (from #/ship?packages=1,2,3) to [1, 2, 3]: positive integers, each once, in order. */
export function parsePackageIds(text: string | null | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function shipHash(packageIds: readonly number[]): string {
  return `#/ship?packages=${packageIds.join(',')}`;
}

/** "744 g", "1.25 kg" (grams are integers; kilograms keep two decimals). */
export function formatWeight(grams: number): string {
  if (Math.abs(grams) < 1000) return `${grams} g`;
  return `${(grams / 1000).toFixed(2)} kg`;
}

/** POST /shipping/create: every package shipped whole, the recipient from a saved address. */
export function shippingRequest(
  packages: readonly Pick<WarehousePackage, 'id' | 'quantity'>[],
  channelId: string,
  address: Pick<Address, 'name' | 'phone' | 'country' | 'state' | 'city' | 'address' | 'zipCode'>,
  remark: string,
): CreateShippingInput {
  const body: CreateShippingInput = {
    items: packages.map((p) => ({ inventoryId: p.id, quantity: p.quantity })),
    logisticsChannelId: channelId,
    recipientName: address.name,
    recipientPhone: address.phone,
    recipientCountry: address.country,
    recipientCity: address.city,
    recipientAddress: address.address,
    recipientZipCode: address.zipCode,
  };
  if (address.state.trim()) body.recipientState = address.state.trim();
  if (remark.trim()) body.remark = remark.trim();
  return body;
}

/** What the user may do with a shipping order in its status. */
export function shippingActions(status: ShippingStatus): { cancel: boolean; confirmDelivery: boolean } {
  return { cancel: status === 'pending', confirmDelivery: status === 'shipped' };
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** A page number from the hash query (?page=3): a positive integer, else 1. */
export function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** One of `allowed` from the hash query, else undefined (all). */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

/** Adds or removes ids, keeping the order in which they were chosen. */
export function toggleIds(selected: readonly number[], ids: readonly number[], on: boolean): number[] {
  if (on) return [...selected, ...ids.filter((id) => !selected.includes(id))];
  return selected.filter((id) => !ids.includes(id));
}
