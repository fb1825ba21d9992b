import type { CoreContext } from '../context.js';
import { couponFit, openCoupons } from '../coupons/redemption.js';
import { toAmount } from '../shared/money.js';
import { walletState } from '../wallet/ledger.js';
import type { NewOrder, OrderPreview } from '../../../contract/open/orders.js';
import { sellerGroups } from './pricing.js';
import { checkOrderShape, lineImage, quoteOrder } from './quote.js';

/**
 * POST /orders/preview: the order POST /orders would place with this body, priced by the same quoteOrder
 * (same 4xx for bad lines and coupons), with the seller groups, every coupon's fit and the wallet after.
 * Writes nothing. Domestic postage is not known before a seller ships, so it is null per seller and 0 in
 * the sum ("known so far"); a seller that charges it later asks through a domestic_freight supplement.
 */
export function previewOrder(ctx: CoreContext, userId: number, input: NewOrder): OrderPreview {
  checkOrderShape(input);
  const quote = quoteOrder(ctx, userId, input);
  const lines = quote.lines.map((l) => ({
    unitPrice: l.sku.price_minor,
    quantity: l.input.quantity,
    platform: l.product.platform,
    shopName: l.product.shop_name,
  }));
  const { price } = quote;
  const wallet = walletState(ctx, userId);
  const after = wallet.available - price.total;
  return {
    currency: ctx.currency,
    platform: quote.platform,
    lines: quote.lines.map((l) => ({
      productId: l.product.id,
      skuId: l.sku.sku_id,
      title: l.product.title,
      skuName: l.sku.name,
      platform: l.product.platform,
      shopName: l.product.shop_name,
      imageUrl: lineImage(l),
      unitPrice: toAmount(l.sku.price_minor),
      quantity: l.input.quantity,
      amount: toAmount(l.sku.price_minor * l.input.quantity),
    })),
    sellerGroups: sellerGroups(lines).map((g) => ({ ...g, subtotal: toAmount(g.subtotal), domesticFreight: null })),
    subtotal: toAmount(price.subtotal),
    couponId: quote.coupon?.id ?? null,
    discount: toAmount(price.discount),
    serviceFeeRate: quote.serviceFeeBp / 100,
    serviceFee: toAmount(price.serviceFee),
    domesticFreight: 0,
    totalAmount: toAmount(price.total),
    coupons: openCoupons(ctx, userId).map((c) => {
      const fit = couponFit(c, price.subtotal);
      return {
        couponId: c.id,
        claimed: c.claimed,
        usable: fit.usable,
        discount: toAmount(fit.discount),
        minOrderAmount: toAmount(c.minOrder),
        shortBy: toAmount(fit.shortBy),
      };
    }),
    wallet: {
      availableBalance: toAmount(wallet.available),
      availableAfter: toAmount(after),
      sufficient: after >= 0,
      shortfall: toAmount(Math.max(0, -after)),
    },
  };
}
