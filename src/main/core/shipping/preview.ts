import type { CoreContext } from '../context.js';
import { toAmount } from '../shared/money.js';
import { walletState } from '../wallet/ledger.js';
import { servicesOfPackage } from '../warehouse/services.js';
import type { ShippingPreview, ShippingPreviewInput } from '../../../contract/open/shipping.js';
import { quoteShipment } from './quote.js';

/**
 * POST /shipping/preview: the hold POST /shipping/create would place for these packages on this channel,
 * priced by the same quoteShipment (same 4xx), with each part named (freight, insurance, storage, coupon),
 * what was already paid for the packages (services, the rehearsal), the duties estimate with its reason,
 * and the wallet after. Writes nothing.
 */
export function previewShipment(ctx: CoreContext, userId: number, input: ShippingPreviewInput): ShippingPreview {
  const q = quoteShipment(ctx, userId, input);
  const services = q.packages.flatMap((p) =>
    servicesOfPackage(ctx, p.id).map((s) => ({ inventoryId: p.id, serviceId: s.service_id, status: s.status, priceMinor: s.price_minor })),
  );
  const wallet = walletState(ctx, userId);
  const after = wallet.available - q.hold;
  return {
    currency: ctx.currency,
    channelId: q.channel.channelId,
    channelName: q.channel.name,
    recipientCountry: q.country,
    totalWeight: q.totalWeight,
    volumetricWeight: q.freight.volumetricWeight,
    chargeWeight: q.freight.chargeWeight,
    basePrice: toAmount(q.freight.basePrice),
    fuelSurcharge: toAmount(q.freight.fuelSurcharge),
    shippingFee: toAmount(q.freight.totalPrice),
    couponDiscount: toAmount(q.couponDiscount),
    rehearsal: q.rehearsal
      ? { id: q.rehearsal.id, fee: toAmount(q.rehearsal.fee), packedWeight: q.rehearsal.weight, length: q.rehearsal.length, width: q.rehearsal.width, height: q.rehearsal.height }
      : null,
    services: services.map(({ priceMinor, ...s }) => ({ ...s, price: toAmount(priceMinor) })),
    servicesPaid: toAmount(services.reduce((sum, s) => sum + s.priceMinor, 0)),
    rehearsalFee: toAmount(q.rehearsalFee),
    declaredValue: toAmount(q.declared),
    declaredValueIsDefault: q.declaredByDefault,
    maxDeclaredValue: q.maxDeclared === null ? null : toAmount(q.maxDeclared),
    insurance: q.insured,
    insuranceRate: q.insuranceRateBp / 100,
    insuranceMinimum: toAmount(q.insuranceMinimum),
    insurancePremium: toAmount(q.premium),
    storage: q.packages.map((p, i) => ({ inventoryId: p.id, fee: toAmount(q.storage[i]!) })),
    storageFees: toAmount(q.storageTotal),
    estimatedDuties: toAmount(q.duties.amount),
    duties: { reason: q.duties.reason, deMinimis: toAmount(q.duties.deMinimis), rate: q.duties.dutyRateBp / 100 },
    totalCharge: toAmount(q.hold),
    wallet: {
      availableBalance: toAmount(wallet.available),
      availableAfter: toAmount(after),
      sufficient: after >= 0,
      shortfall: toAmount(Math.max(0, -after)),
    },
  };
}
