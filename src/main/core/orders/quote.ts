import type { CoreContext } from '../context.js';
import { requireRedeemableCoupon, type RedeemableCoupon } from '../coupons/redemption.js';
import { requireSku, type ProductRow, type SkuRow } from '../products/catalog.js';
import { readSetting } from '../settings/settings.js';
import { ApiError, badRequest, unprocessable } from '../shared/errors.js';
import { formatAmount } from '../shared/money.js';
import { MAX_ORDER_LINES, MAX_ORDER_REMARK } from '../../../contract/limits.js';
import type { NewOrder } from '../../../contract/open/orders.js';
import { MAX_ORDER_SUBTOTAL, priceOrder, type OrderPrice } from './pricing.js';
import { longerThan } from '../shared/text.js';

/**
 * What an order would cost, read from the catalog and settings as they are now: the one path that both
 * POST /orders (which then writes and debits it) and POST /orders/preview (which only shows it) take, so a
 * preview can never show one price and the order charge another. Reads only; the caller's transaction
 * decides whether anything is written.
 */
export interface ResolvedLine {
  input: NewOrder['items'][number];
  product: ProductRow;
  sku: SkuRow;
}

export interface OrderQuote {
  lines: ResolvedLine[];
  /** The platform of all the lines, or `mixed`. */
  platform: string;
  price: OrderPrice;
  serviceFeeBp: number;
  coupon: RedeemableCoupon | null;
}

/** The line's picture: its SKU's, else the product's first. */
export function lineImage(line: ResolvedLine): string {
  return line.sku.image ?? (JSON.parse(line.product.images) as string[])[0] ?? '';
}

/** Prefixes a line's error with its index, as the cart batch does, so the client knows which line failed. */
function atIndex<T>(index: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.statusCode, `items[${index}]: ${error.message}`);
    throw error;
  }
}

export function checkOrderShape(input: NewOrder): void {
  if (input.items.length < 1 || input.items.length > MAX_ORDER_LINES) {
    throw badRequest(`items must hold 1 to ${MAX_ORDER_LINES} lines`);
  }
  if (input.remark !== undefined && longerThan(input.remark, MAX_ORDER_REMARK)) {
    throw badRequest(`remark must be at most ${MAX_ORDER_REMARK} characters`);
  }
  input.items.forEach((item, index) => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) throw badRequest(`items[${index}].quantity must be an integer of at least 1`);
    if (item.remark !== undefined && longerThan(item.remark, MAX_ORDER_REMARK)) {
      throw badRequest(`items[${index}].remark must be at most ${MAX_ORDER_REMARK} characters`);
    }
  });
}

/** Stock is checked per SKU over all the order's lines, so the same SKU on two lines cannot oversell. */
function checkStock(lines: readonly ResolvedLine[]): void {
  const wanted = new Map<string, number>();
  lines.forEach((line, index) => {
    const key = `${line.product.id}\u0000${line.sku.sku_id}`;
    const quantity = (wanted.get(key) ?? 0) + line.input.quantity;
    wanted.set(key, quantity);
    if (quantity > line.sku.stock) {
      const across = quantity === line.input.quantity ? '' : ' across the order\'s lines';
      throw unprocessable(
        `items[${index}]: quantity ${quantity}${across} exceeds the stock of SKU ${line.sku.sku_id} of product ${line.product.id} (${line.sku.stock} available)`,
      );
    }
  });
}

/**
 * v1.1 (extensions.md section 1): an order may mix platforms and shops. Its `platform` is the platform of
 * all its lines, or `mixed`; the lines are bought per seller group (platform + shop) when purchased.
 */
export function orderPlatform(platforms: readonly string[]): string {
  const first = platforms[0]!;
  return platforms.every((p) => p === first) ? first : 'mixed';
}

/** Prices an order as POST /orders would: 404/422 for bad lines and coupons, exactly as the create answers. */
export function quoteOrder(ctx: CoreContext, userId: number, input: NewOrder): OrderQuote {
  const lines = input.items.map((item, index) => atIndex(index, () => ({ input: item, ...requireSku(ctx, Number(item.productId), item.skuId) })));
  checkStock(lines);
  const platform = orderPlatform(lines.map((l) => l.product.platform));
  const priced = lines.map((l) => ({ unitPrice: l.sku.price_minor, quantity: l.input.quantity }));
  const subtotal = priceOrder(priced, 0).subtotal;
  if (subtotal > MAX_ORDER_SUBTOTAL) {
    throw unprocessable(`The order's goods subtotal ${formatAmount(subtotal, ctx.currency)} is above the maximum of ${formatAmount(MAX_ORDER_SUBTOTAL, ctx.currency)}`);
  }
  const coupon = input.couponId === undefined ? null : requireRedeemableCoupon(ctx, userId, input.couponId, subtotal);
  const serviceFeeBp = readSetting(ctx.db, 'serviceFeeBp');
  return { lines, platform, price: priceOrder(priced, serviceFeeBp, coupon), serviceFeeBp, coupon };
}
