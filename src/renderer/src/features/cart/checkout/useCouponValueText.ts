import { useLedgerCurrency } from '../../account/api';
import { formatCouponValue, type CouponValue } from '../../account/logic';
import { useLocale, type Language } from '../../../shared/i18n';

/**
 * A coupon's value worded exactly as the Coupons page words it (account/logic formatCouponValue): one
 * wording everywhere, so a Chinese shopper sees "9折" for the same 10% coupon at checkout too.
 * Coupons are in the ledger currency: the order's currency when known, the ledger's otherwise.
 */
export function useCouponValueText(currency: string | undefined): (coupon: CouponValue) => string {
  const language = useLocale() as Language;
  const ledger = useLedgerCurrency();
  return (coupon) => formatCouponValue(coupon, currency ?? ledger, language);
}
