import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { CartItem } from '../../api/types';
import { paths } from '../../app/router';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { lineAmount, useFormat } from '../../shared/format';
import { CartQuantityInput } from './CartQuantityInput';
import { cartMessages } from './messages';
import { useRemoveCartItem, useUpdateCartItem } from './useCartMutations';

export function CartLine({ item, currency }: { item: CartItem; currency?: string | undefined }) {
  const fmt = useFormat();
  const t = useT(cartMessages);
  const select = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const name = t('lineName', { title: item.title, sku: item.skuName });
  const error = select.error ?? remove.error;
  // The box shows the click at once, from local state set in the click's own event: the mutation's state
  // reaches the component only on the query library's next notification, and a controlled box re-rendered
  // before that flips back, so the click looks as if it did not take.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const selected = clicked ?? item.selected;

  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={name}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Checkbox
          mt={4}
          checked={selected}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setClicked(checked);
            select.mutate({ itemId: item.id, patch: { selected: checked } }, { onSettled: () => setClicked(null) });
          }}
          disabled={select.isPending}
          aria-label={t('select', { name })}
        />
        <Image src={item.imageUrl} alt="" w={72} h={72} radius="sm" fit="cover" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor href={paths.product(item.productId)} fw={600} size="sm" lineClamp={2}>
            <span translate="no">{item.title}</span>
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('each', { sku: item.skuName, price: fmt.money(item.price, currency) })}
          </Text>
          {item.remark ? (
            <Text size="xs" c="dimmed" fs="italic">
              {t('remark', { remark: item.remark })}
            </Text>
          ) : null}
          <Group gap="md" mt={4} align="center">
            <CartQuantityInput item={item} label={t('quantityOf', { name })} />
            <Text fw={700} size="sm">
              {fmt.money(lineAmount(item.price, item.quantity), currency)}
            </Text>
          </Group>
          {error ? <ErrorAlert title={t('updateFailed')} error={error} /> : null}
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => remove.mutate(item.id)}
          loading={remove.isPending}
          aria-label={t('removeLabel', { name })}
        >
          {t('remove')}
        </Button>
      </Group>
    </Paper>
  );
}
