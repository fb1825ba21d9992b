/** The back office's next step for each open purchase-order status (decisions.md lifecycle). */
export type OrderStep = 'markPaid' | 'markPurchased' | 'sellerShipped' | 'arrivedInspected';

const NEXT: Record<string, OrderStep> = {
  pending: 'markPaid',
  paid: 'markPurchased',
  purchased: 'sellerShipped',
  shipped_to_warehouse: 'arrivedInspected',
};

export function nextStep(status: string): OrderStep | null {
  return NEXT[status] ?? null;
}

/** The status a step's button names: sent as `to`, so a repeated click cannot move the order twice. */
const TARGET = {
  markPaid: 'paid',
  markPurchased: 'purchased',
  sellerShipped: 'shipped_to_warehouse',
  arrivedInspected: 'in_warehouse',
} as const satisfies Record<OrderStep, string>;

export function stepTarget(step: OrderStep): (typeof TARGET)[OrderStep] {
  return TARGET[step];
}

/** Only a paid order can be refunded as out of stock (a pending one is cancelled by the user instead). */
export function canRefund(status: string): boolean {
  return status === 'paid';
}

/** Steps that take staff data in a Modal first; the others run on one click. */
export function stepNeedsForm(step: OrderStep): boolean {
  return step === 'sellerShipped' || step === 'arrivedInspected';
}

