import type { CoreContext } from '../context.js';
import { hashText, type Draw } from '../shared/random.js';
import { newTimeOrderedNumber } from '../shared/time-ordered-code.js';

/**
 * Stand-ins for what the real service's staff would type in: order numbers, the marketplace's order
 * number, the seller's domestic carrier and tracking number, and where the parcel travels. The back
 * office may pass its own values; these fill in whatever it leaves out. Every random one comes from a
 * draw of the world's random stream (ctx.random), so the same seed gives the same numbers.
 */

/**
 * `PO` + yyyymmdd + 4 characters of the time of day + 4 random (service clock, UTC; see
 * time-ordered-code.ts for why they follow the time); unique among existing orders.
 */
export function newOrderNo(ctx: CoreContext): string {
  const exists = ctx.db.prepare('SELECT 1 FROM orders WHERE order_no = ?');
  // 32^4 codes per tenth of a second: a collision is already unlikely; the check makes it impossible.
  return newTimeOrderedNumber('PO', ctx.nowIso(), ctx.random.draw(), (orderNo) => exists.get(orderNo) !== undefined);
}

/** Marketplace order numbers are long digit strings on all three platforms. */
export function generateMarketplaceOrderNo(draw: Draw, platform: string): string {
  return draw.digits(platform === '1688' ? 16 : 19);
}

const CARRIERS: readonly { name: string; prefix: string; digits: number }[] = [
  { name: 'SF Express', prefix: 'SF', digits: 13 },
  { name: 'ZTO Express', prefix: '7', digits: 13 },
  { name: 'YTO Express', prefix: 'YT', digits: 13 },
  { name: 'STO Express', prefix: '77', digits: 12 },
  { name: 'Yunda Express', prefix: '43', digits: 13 },
  { name: 'JD Logistics', prefix: 'JD', digits: 13 },
];

export function generateCarrier(draw: Draw): string {
  return CARRIERS[draw.int(CARRIERS.length)]!.name;
}

/** A tracking number in the style of the carrier when it is a known one. */
export function generateTrackingNo(draw: Draw, carrier: string): string {
  const known = CARRIERS.find((c) => c.name === carrier);
  return known ? known.prefix + draw.digits(known.digits) : `CN${draw.digits(12)}`;
}

const SELLER_CITIES: Record<string, readonly string[]> = {
  taobao: ['Hangzhou, Zhejiang', 'Guangzhou, Guangdong', 'Shanghai'],
  '1688': ['Yiwu, Zhejiang', 'Dongguan, Guangdong', 'Quanzhou, Fujian'],
  weidian: ['Shenzhen, Guangdong', 'Putian, Fujian', 'Chengdu, Sichuan'],
};

export const WAREHOUSE_LOCATION = 'crossbuy warehouse, Guangzhou, Guangdong';
export const SORTING_CENTRE = 'Sorting centre, Guangzhou, Guangdong';

/** Where the seller ships from: stable for one order, so the trail reads the same every time. */
export function sellerCity(platform: string, orderNo: string): string {
  const cities = SELLER_CITIES[platform] ?? SELLER_CITIES.taobao!;
  return cities[hashText(orderNo) % cities.length]!;
}

/** The moment halfway between two ISO instants: a plausible time for the in-transit scan. */
export function midpoint(fromIso: string, toIso: string): string {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  return new Date(from + Math.floor((to - from) / 2)).toISOString();
}
