import { NumberInput, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { CartItem } from '../../api/types';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { quantityProblem } from '../../shared/quantity';
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
  const shown = draft ?? item.quantity;
  const problem = quantityProblem(shown, item.stock);
  const problemText =
    problem?.kind === 'max' ? t('quantityMax', { count: problem.max }) : problem?.kind === 'min' ? t('quantityMin') : problem ? t('quantityWhole') : null;
  const commit = useDebouncedCallback((quantity: number) => {
    if (quantity === item.quantity) return settle();
    update.mutate({ itemId: item.id, patch: { quantity } }, { onSettled: settle });
  }, 400);

  return (
    <Stack gap={4}>
      <NumberInput
        aria-label={label}
        value={shown}
        onChange={(value) => {
          setDraft(value);
          if (quantityProblem(value, item.stock) === null) {
            busy.current = true;
            commit(Number(value));
          }
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          commit.flush();
          // An invalid entry stays on screen with its error: never replaced without a word.
          if (!busy.current && quantityProblem(draft ?? item.quantity, item.stock) === null) setDraft(null);
        }}
        min={1}
        max={item.stock}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        w={110}
        size="xs"
        description={t('quantityLimit', { count: item.stock })}
        error={problemText}
      />
      {update.isError ? <ErrorAlert title={t('quantityFailed')} error={update.error} /> : null}
    </Stack>
  );
}
