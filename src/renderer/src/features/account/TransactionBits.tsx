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

type Tx = { type: string; reference: string; description: string; amount: number };

/** Our short label of a transaction, as a message key and its values; null when only the description says it. */
function ownLabel(tx: Tx): { key: keyof (typeof commonMessages)['en']; vars?: Record<string, string | number> } | null {
  if (tx.type === 'service_charge') {
    const charge = serviceChargeKind(tx.reference, tx.amount);
    if (charge?.kind === 'services') return { key: 'tx_services', vars: { id: charge.packageId } };
    if (charge?.kind === 'rehearsal') return { key: 'tx_rehearsal', vars: { reference: charge.rehearsalId } };
    if (charge?.kind === 'rehearsalRefund') return { key: 'tx_rehearsal_refund', vars: { reference: charge.rehearsalId } };
    if (charge?.kind === 'exchangeFee') return { key: 'tx_exchange_fee', vars: { id: charge.requestId } };
    if (charge?.kind === 'photos') return { key: 'tx_photos', vars: { reference: charge.orderNo } };
  }
  // A top-up's deposit (reference `top-up <id>`).
  const topUp = tx.type === 'deposit' ? /^top-up (\d+)$/.exec(tx.reference) : null;
  if (topUp) return { key: 'tx_top_up', vars: { id: topUp[1]! } };
  switch (tx.type) {
    case 'order_payment':
    case 'order_refund':
    case 'shipping_payment':
    case 'shipping_refund':
    case 'supplement_payment':
    case 'service_charge':
    case 'insurance_payout':
    case 'shipping_supplement':
      if (tx.reference) return { key: `tx_${tx.type}`, vars: { reference: tx.reference } };
      break;
  }
  return null;
}

/**
 * What a transaction was: a short label worded from its type and reference in the UI language. Where there
 * is none, the service's `description` as written (translate="no": the service's text, in English).
 * The description is shown beside our label by TransactionDescription: it says why the money moved.
 */
export function TransactionText({ tx }: { tx: Tx }) {
  const t = useT(commonMessages);
  const label = ownLabel(tx);
  if (label) return <>{t(label.key, label.vars)}</>;
  return tx.description ? (
    <span translate="no" lang="en">
      {tx.description}
    </span>
  ) : (
    <>{t(`type_${tx.type as EntryType}`)}</>
  );
}

/**
 * The service's `description` of a transaction under our short label: the reason and the figures (a price
 * decrease, a return's coupon share and fee, a top-up's method and fee, an insurance payout's parts). The API
 * gives it only as English text, so it is shown as written in both languages. Nothing when TransactionText
 * already shows it (no label of ours, or a label in the same words) or it is empty.
 */
export function TransactionDescription({ tx, lineClamp }: { tx: Tx; lineClamp?: number }) {
  const t = useT(commonMessages);
  const label = ownLabel(tx);
  // Nothing to add where our label already says the same words (a rehearsal refund, in English).
  if (!tx.description || label === null || t(label.key, label.vars) === tx.description) return null;
  return (
    <Text size="xs" c="dimmed" translate="no" lang="en" lineClamp={lineClamp} title={tx.description} data-testid="tx-description">
      {tx.description}
    </Text>
  );
}
