import { NumberInput, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { CartItem } from '../../api/types';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { cartMessages } from './messages';
import { useUpdateCartItem } from './useCartMutations';

/**
 * The line's quantity, bounded by stock. Typing and the steppers keep a draft that is sent (PATCH) once the
 * user pauses or leaves the field; the cart's own quantity shows again when the service has answered.
 */
export function CartQuantityInput({ item, label }: { item: CartItem; label: string }) {
  const t = useT(cartMessages);
  const update = useUpdateCartItem();
  const [draft, setDraft] = useState<number | string | null>(null);
  const focused = useRef(false);
  // A change is waiting for the debounce or for the service: keep showing the draft until it settles.
  const busy = useRef(false);

  const settle = () => {
    busy.current = false;
    if (!focused.current) setDraft(null);
  };
  const commit = useDebouncedCallback((quantity: number) => {
    if (quantity === item.quantity) return settle();
    update.mutate({ itemId: item.id, patch: { quantity } }, { onSettled: settle });
  }, 400);

  return (
    <Stack gap={4}>
      <NumberInput
        aria-label={label}
        value={draft ?? item.quantity}
        onChange={(value) => {
          setDraft(value);
          if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= item.stock) {
            busy.current = true;
            commit(value);
          }
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          commit.flush();
          if (!busy.current) setDraft(null);
        }}
        min={1}
        max={item.stock}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        w={110}
        size="xs"
      />
      {update.isError ? <ErrorAlert title={t('quantityFailed')} error={update.error} /> : null}
    </Stack>
  );
}
