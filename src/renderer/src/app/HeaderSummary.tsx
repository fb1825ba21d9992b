import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useWalletBalance } from '../api/account';
import { useCart } from '../features/cart/useCart';
import { useT } from '../shared/i18n';
import { useFormat } from '../shared/format';
import { appMessages } from './appMessages';
import layout from './AppLayout.module.css';

/** A cart outline in the text colour (an emoji needs a font the machine may lack). */
function CartIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.4a1.5 1.5 0 0 0 1.5 1.1h8.7a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
    </svg>
  );
}

/**
 * What an agent's site keeps in view on every page (issue 17 item 13): the wallet's available balance and
 * the cart's count, each a link to its page. Both are react-query reads under the keys the live updates
 * invalidate (['wallet'], ['cart']), so a deposit, an order or a script's change shows without a reload.
 */
export function HeaderSummary() {
  const fmt = useFormat();
  const t = useT(appMessages);
  const wallet = useWalletBalance();
  const cart = useCart();
  const count = cart.data?.totalItems;
  const balance = wallet.data ? fmt.money(wallet.data.availableBalance, wallet.data.currency) : null;

  return (
    <Group gap="md" wrap="nowrap" visibleFrom="xs">
      {balance ? (
        // Named by what it shows ("Available CN¥10,000.00"): the visible text is the accessible name.
        <Anchor href="#/wallet" size="sm" underline="hover" data-testid="header-balance">
          <Text span size="xs" c="dimmed" mr={6} className={layout.balanceLabel}>
            {t('headerBalanceShort')}
          </Text>
          {' '}
          <Text span size="sm" fw={600}>
            {balance}
          </Text>
        </Anchor>
      ) : null}
      {count !== undefined ? (
        <Anchor
          href="#/cart"
          size="sm"
          underline="hover"
          aria-label={count === 1 ? t('headerCartOne') : t('headerCart', { count })}
          data-testid="header-cart"
        >
          <Group gap={6} wrap="nowrap">
            <CartIcon />
            <Badge size="md" variant={count === 0 ? 'default' : 'filled'} aria-hidden="true">
              {count}
            </Badge>
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}
