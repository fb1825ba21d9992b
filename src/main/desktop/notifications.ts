import type { ServiceEvent } from '../core/events/catalog.js';

export interface NotificationText {
  title: string;
  body: string;
}

/**
 * Which service events deserve a desktop notification, and what it says. Pure, so it is tested; the main
 * process shows them with Electron's Notification.
 */
export function notificationFor(event: ServiceEvent): NotificationText | null {
  switch (event.type) {
    case 'package.arrived': {
      const data = event.data as ServiceEvent<'package.arrived'>['data'];
      return { title: 'Arrived at the warehouse', body: `${data.productName} (${data.weight} g) from order ${data.orderNo}` };
    }
    case 'shipping.status_changed': {
      const data = event.data as ServiceEvent<'shipping.status_changed'>['data'];
      if (data.to === 'shipped') return { title: 'Parcel shipped', body: `${data.orderNo} is on its way, tracking ${data.trackingNo}` };
      if (data.to === 'delivered') return { title: 'Parcel delivered', body: `${data.orderNo} was delivered` };
      return null;
    }
    case 'order.status_changed': {
      const data = event.data as ServiceEvent<'order.status_changed'>['data'];
      if (data.to === 'refunded') return { title: 'Order refunded', body: `${data.orderNo}: ${data.note || 'the item is out of stock'}` };
      return null;
    }
    // v1.1: storage deadlines, disposal, rehearsal results and shipping exceptions
    case 'package.storage_expiring': {
      const data = event.data as ServiceEvent<'package.storage_expiring'>['data'];
      return { title: 'Free storage ends soon', body: `${data.productName}: free until ${data.freeUntil.slice(0, 10)}; ship it or storage fees start` };
    }
    case 'package.storage_overdue': {
      const data = event.data as ServiceEvent<'package.storage_overdue'>['data'];
      return { title: 'Storage fees accruing', body: `${data.productName}: ${data.feePerDay.toFixed(2)} a day; disposed on ${data.disposalAt.slice(0, 10)}` };
    }
    case 'package.disposed': {
      const data = event.data as ServiceEvent<'package.disposed'>['data'];
      return { title: 'Package disposed', body: `${data.productName} (order ${data.orderNo}) stayed past the storage limit` };
    }
    case 'shipping.rehearsal_packed': {
      const data = event.data as ServiceEvent<'shipping.rehearsal_packed'>['data'];
      return { title: 'Rehearsal packed', body: `${data.rehearsalId}: ${data.packedWeight} g, ${data.length} x ${data.width} x ${data.height} cm` };
    }
    case 'shipping.exception': {
      const data = event.data as ServiceEvent<'shipping.exception'>['data'];
      return { title: data.status === 'lost' ? 'Parcel lost' : 'Parcel held at customs', body: `${data.orderNo}: ${data.reason}` };
    }
    // v1.1 after-sales
    case 'order.supplement_requested': {
      const data = event.data as ServiceEvent<'order.supplement_requested'>['data'];
      const why = data.reason === 'price_increase' ? 'the seller raised the price' : 'the seller charges domestic postage';
      return { title: `Amount due: ${data.amount.toFixed(2)}`, body: `${data.orderNo}: ${why}; pay or decline by ${data.expiresAt.slice(0, 10)}` };
    }
    case 'order.return_resolved': {
      const data = event.data as ServiceEvent<'order.return_resolved'>['data'];
      return { title: `${data.type === 'return' ? 'Return' : 'Exchange'} ${data.status}`, body: `${data.orderNo}, item ${data.itemId}${data.refundAmount > 0 ? `: ${data.refundAmount.toFixed(2)} refunded` : ''}` };
    }
    default:
      return null;
  }
}

/**
 * Low-balance warnings: once when the available balance falls below the threshold, not again until it has
 * been back above it.
 */
export class LowBalanceWatch {
  private below = false;

  check(available: number, threshold: number, currency: string): NotificationText | null {
    if (threshold <= 0 || available >= threshold) {
      this.below = false;
      return null;
    }
    if (this.below) return null;
    this.below = true;
    return { title: 'Wallet balance is low', body: `${(available / 100).toFixed(2)} ${currency} available; deposit in the back office` };
  }
}
