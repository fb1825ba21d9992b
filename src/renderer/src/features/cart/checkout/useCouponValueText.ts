import { useQueryClient } from '@tanstack/react-query';
import { accountKeys, type WalletBalance } from '../../account/api';
import { formatCouponValue, type CouponValue } from '../../account/logic';
import { useLocale, type Language } from '../../../shared/i18n';

/**
 * A coupon's value worded exactly as the Coupons page words it (account/logic formatCouponValue): one
 * wording everywhere, so a Chinese shopper sees "9折" for the same 10% coupon at checkout too.
 * Coupons are in the ledger currency: the order's when known, else the wallet's. The wallet is read from
 * the cache, not subscribed to: a second observer of the balance (staleTime 0) would refetch it on mount,
 * and the checkout page already keeps it fresh.
 */
export function useCouponValueText(currency: string | undefined): (coupon: CouponValue) => string {
  const language = useLocale() as Language;
  const queryClient = useQueryClient();
  const ledger = currency ?? queryClient.getQueryData<WalletBalance>(accountKeys.balance)?.currency ?? 'CNY';
  return (coupon) => formatCouponValue(coupon, ledger, language);
}
