import type { CoreContext } from '../context.js';
import { getProductRow } from '../products/catalog.js';
import { badRequest, notFound, unprocessable } from '../shared/errors.js';
import { channelCargoForGoods } from './cargo.js';
import { listChannels } from './channels.js';
import { assessChannel, quoteView, requireCountry } from './quotes.js';
import { estimateGoods, volumetricGrams, type EstimateLine } from './estimate-rules.js';
import type { ShippingEstimate, ShippingEstimateRequest } from '../../../contract/open/logistics.js';

/**
 * POST /logistics/estimate (extensions.md section 14): what goods not yet bought would cost to ship. The
 * weight is the catalog's (else the category's default), the volume the category's default; each channel
 * is quoted as for calculate-freight-batch on that weight, with the volume as a 1 x 1 x volume parcel so
 * its own divisor gives the volumetric weight, cheapest first.
 */
export const DEFAULT_VOLUMETRIC_DIVISOR = 6000;

interface RequestedLine {
  productId: number;
  skuId: string;
  quantity: number;
}

function cartLines(ctx: CoreContext, userId: number): RequestedLine[] {
  const rows = ctx.db
    .prepare('SELECT product_id AS productId, sku_id AS skuId, quantity FROM cart_items WHERE user_id = ? AND selected = 1 ORDER BY id')
    .all(userId) as RequestedLine[];
  if (rows.length === 0) throw unprocessable('cart: the cart has no selected lines to estimate');
  return rows;
}

export function estimateShipping(ctx: CoreContext, userId: number, body: ShippingEstimateRequest): ShippingEstimate {
  if ((body.items === undefined) === (body.cart !== true)) throw badRequest('give either items or cart: true');
  const country = requireCountry(ctx, body.countryCode, 'countryCode');
  const requested = body.items ? body.items.map((i) => ({ productId: Number(i.productId), skuId: i.skuId, quantity: i.quantity })) : cartLines(ctx, userId);
  const cargo = new Set<'general' | 'sensitive'>();
  const lines: EstimateLine[] = requested.map((item, index) => {
    const product = getProductRow(ctx, item.productId);
    if (!product) throw notFound(`items[${index}]: product ${item.productId} not found`);
    if (item.skuId !== undefined && !ctx.db.prepare('SELECT 1 FROM product_skus WHERE product_id = ? AND sku_id = ?').get(item.productId, item.skuId)) {
      throw notFound(`items[${index}]: SKU ${item.skuId} not found for product ${item.productId}`);
    }
    cargo.add(channelCargoForGoods(product.cargo_type));
    return { productId: product.id, category: product.category, catalogWeight: product.weight_g, quantity: item.quantity };
  });
  const goods = estimateGoods(lines);
  const parcel = { weight: Math.max(1, goods.weight), length: Math.max(1, goods.volume), width: 1, height: 1 };
  const quotes = listChannels(ctx)
    .map((channel) => ({ channel, ...assessChannel(channel, { ...parcel, country, cargo: [...cargo] }) }))
    .filter((q) => q.problem === null)
    .sort((a, b) => a.freight.totalPrice - b.freight.totalPrice);
  return {
    countryCode: country,
    estimatedWeight: goods.weight,
    estimatedVolumetricWeight: volumetricGrams(goods.volume, DEFAULT_VOLUMETRIC_DIVISOR),
    basis: goods.basis,
    quotes: quotes.map((q) => quoteView(ctx, q.channel, q.freight)),
    currency: ctx.currency,
  };
}
