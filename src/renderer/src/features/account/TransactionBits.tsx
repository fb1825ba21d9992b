import { Badge, Text } from '@mantine/core';
import { useFormat } from '../../shared/format';
import { type Language, useLocale, useT } from '../../shared/i18n';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import type { EntryType } from './api';
import { formatSignedMoney, serviceChargeKind } from './logic';
import { commonMessages } from './messages';

/** Badges keep their whole text: in a squeezed table cell or row they must not shrink to an ellipsis. */

const TYPE_COLOR: Record<EntryType, string> = {
  deposit: 'teal',
  order_payment: 'orange',
  order_refund: 'green',
  shipping_payment: 'grape',
  shipping_refund: 'lime',
  adjustment: 'gray',
  supplement_payment: 'orange',
  service_charge: 'cyan',
  insurance_payout: 'green',
  shipping_supplement: 'orange',
};

export function TransactionTypeBadge({ type }: { type: EntryType }) {
  const t = useT(commonMessages);
  return (
    <Badge variant="light" color={TYPE_COLOR[type] ?? 'gray'} radius="sm" styles={wholeBadgeStyles}>
      {t(`type_${type}`)}
    </Badge>
  );
}

/** A signed amount: credits green with +, debits red with −. */
export function SignedAmount({ amount, currency }: { amount: number; currency: string }) {
  const language = useLocale() as Language;
  const fmt = useFormat();
  return (
    <Text span fw={600} c={amount > 0 ? 'teal' : amount < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatSignedMoney(amount, currency, language, (magnitude) => fmt.money(magnitude, currency))}
    </Text>
  );
}

/**
 * What a transaction was, worded from its type and reference in the UI language (the server's English
 * `description` is not shown for those). Deposits and adjustments show the note the operator typed, as
 * typed (translate="no": content, not UI).
 */
export function TransactionText({ tx }: { tx: { type: string; reference: string; description: string; amount: number } }) {
  const t = useT(commonMessages);
  if (tx.type === 'service_charge') {
    const charge = serviceChargeKind(tx.reference, tx.amount);
    if (charge?.kind === 'services') return <>{t('tx_services', { id: charge.packageId })}</>;
    if (charge?.kind === 'rehearsal') return <>{t('tx_rehearsal', { reference: charge.rehearsalId })}</>;
    if (charge?.kind === 'rehearsalRefund') return <>{t('tx_rehearsal_refund', { reference: charge.rehearsalId })}</>;
    if (charge?.kind === 'exchangeFee') return <>{t('tx_exchange_fee', { id: charge.requestId })}</>;
    if (charge?.kind === 'photos') return <>{t('tx_photos', { reference: charge.orderNo })}</>;
  }
  // A top-up's deposit (reference `top-up <id>`): its method and fee are on the top-up, the words are ours.
  const topUp = tx.type === 'deposit' ? /^top-up (\d+)$/.exec(tx.reference) : null;
  if (topUp) return <>{t('tx_top_up', { id: topUp[1]! })}</>;
  switch (tx.type) {
    case 'order_payment':
    case 'order_refund':
    case 'shipping_payment':
    case 'shipping_refund':
    case 'supplement_payment':
    case 'service_charge':
    case 'insurance_payout':
    case 'shipping_supplement':
      if (tx.reference) return <>{t(`tx_${tx.type}`, { reference: tx.reference })}</>;
      break;
  }
  return tx.description ? <span translate="no">{tx.description}</span> : <>{t(`type_${tx.type as EntryType}`)}</>;
}
