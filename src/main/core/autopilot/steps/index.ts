import type { StepKind } from '../step-kind.js';
import { orderExchangeArrive, orderPhotos, orderSellerDecision, orderSupplementExpire } from './after-sales.js';
import { orderArrive, orderPay, orderPurchase, orderShipToWarehouse } from './orders.js';
import { shippingAutoConfirm, shippingClearException, shippingDispatch, shippingRehearsalPack, shippingSupplementExpire } from './shipping.js';
import { walletTopUpSettle } from './wallet.js';
import { packageDispose, packageService, packageStorageExpiring, packageStorageOverdue } from './warehouse.js';

/**
 * Every kind of step the autopilot runs. To add one: a module in this folder exporting a defineStep(...),
 * one line here, and something that schedules its rows (scheduleStep() in the code that creates the
 * subject, or a trigger in a migration). See docs/ARCHITECTURE.md, "Adding a step kind".
 */
export const STEP_KINDS: readonly StepKind[] = [
  orderPay,
  orderPurchase,
  orderShipToWarehouse,
  orderArrive,
  shippingDispatch,
  shippingAutoConfirm,
  shippingRehearsalPack,
  shippingClearException,
  packageService,
  packageStorageExpiring,
  packageStorageOverdue,
  packageDispose,
  orderSupplementExpire,
  orderSellerDecision,
  orderPhotos,
  orderExchangeArrive,
  walletTopUpSettle,
  shippingSupplementExpire,
];

const BY_KIND = new Map(STEP_KINDS.map((k) => [k.kind, k]));
if (BY_KIND.size !== STEP_KINDS.length) throw new Error('two step kinds share a name');

/** The kinds that are the service's own rules: they run at every pace, `off` included (step-kind.ts). */
export const RULE_KINDS: readonly string[] = STEP_KINDS.filter((k) => k.role === 'rule').map((k) => k.kind);

export function stepKind(kind: string): StepKind | undefined {
  return BY_KIND.get(kind);
}
