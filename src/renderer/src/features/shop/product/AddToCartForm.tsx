import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState, type FormEvent } from 'react';
import type { Product, Sku } from '../../../api/types';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useIntent } from '../../../shared/useIntent';
import { quantityProblem } from '../../../shared/quantity';
import { productMessages } from '../messages';
import { lineAmount, useFormat } from '../../../shared/format';
import { useAddToCart } from '../../cart/useCartMutations';
import { OptionPickers } from './OptionPickers';
import { SkuPicker } from './SkuPicker';
import { selectionOf, skuDimensions, skuOf, valueAvailable, type OptionSelection } from './skuOptions';
import { GrowingTextarea } from '../../../shared/GrowingTextarea';

interface Props {
  product: Product;
  /** The chosen SKU (null while none is): the page shows its price and picture. */
  onSkuChange: (sku: Sku | null) => void;
}

export function AddToCartForm({ product, onSkuChange }: Props) {
  const fmt = useFormat();
  const t = useT(productMessages);
  const inStock = product.skus.filter((s) => s.stock > 0);
  const dimensions = useMemo(() => skuDimensions(product.skus), [product.skus]);
  const only = inStock.length === 1 ? inStock[0]! : null;
  const [skuId, setSkuId] = useState<string | null>(only ? only.skuId : null);
  const [selection, setSelection] = useState<OptionSelection>(() =>
    only ? selectionOf(only) : (dimensions ?? []).map(() => null),
  );
  const [quantity, setQuantity] = useState<number | string>(1);
  const [remark, setRemark] = useState('');
  const add = useAddToCart();

  const sku = product.skus.find((s) => s.skuId === skuId) ?? null;
  const maxQuantity = sku ? sku.stock : 1;
  const problem = sku ? quantityProblem(quantity, maxQuantity) : null;
  const problemText =
    problem?.kind === 'max' ? t('quantityMax', { count: problem.max }) : problem?.kind === 'min' ? t('quantityMin') : problem ? t('quantityWhole') : null;
  const validQuantity = problem === null && typeof quantity === 'number' ? quantity : Number(quantity);
  const line = sku
    ? { productId: String(product.id), skuId: sku.skuId, quantity: validQuantity, ...(remark.trim() ? { remark: remark.trim() } : {}) }
    : null;
  const intent = useIntent(line);

  const chooseSku = (id: string | null) => {
    const next = product.skus.find((s) => s.skuId === id) ?? null;
    setSkuId(next ? next.skuId : null);
    onSkuChange(next);
    add.reset();
  };

  /** A value picked in one dimension; choices elsewhere that no longer lead to stock are dropped. */
  const chooseOption = (index: number, value: string) => {
    const next = selection.map((v, i) => (i === index ? value : v));
    const kept = next.map((v, i) => (i === index || v === null || valueAvailable(product.skus, next, i, v) ? v : null));
    setSelection(kept);
    const named = skuOf(product.skus, kept);
    chooseSku(named && named.stock > 0 ? named.skuId : null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!sku || !line || problem) return;
    intent.run((key, done) =>
    add.mutate({ input: line, key }, {
      onError: () => done(false),
      onSuccess: (result) => {
        done(true);
        notifications.show({
          color: 'green',
          title: t('addedTitle'),
          message: t('addedMessage', { quantity: validQuantity, title: product.title, sku: sku.name, inCart: result.quantity }),
        });
        setRemark('');
      },
    }),
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('form')}>
      <Stack gap="md">
        {dimensions ? (
          <OptionPickers skus={product.skus} dimensions={dimensions} selection={selection} onChange={chooseOption} />
        ) : (
          <SkuPicker skus={product.skus} currency={product.currency} value={skuId} onChange={chooseSku} />
        )}
        {inStock.length === 0 ? <Text c="red">{t('allSoldOut')}</Text> : null}
        <Group align="flex-end" gap="md">
          <NumberInput
            label={t('quantity')}
            value={quantity}
            onChange={setQuantity}
            min={1}
            max={maxQuantity}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            disabled={!sku}
            w={140}
            description={sku ? t('available', { count: sku.stock }) : t('chooseVariant')}
            error={problemText}
          />
          {sku && !problem ? (
            <Text fw={600} pb={4} aria-live="polite">
              {t('subtotal', { amount: fmt.money(lineAmount(sku.price, validQuantity), product.currency) })}
            </Text>
          ) : null}
        </Group>
        <GrowingTextarea
          label={t('remark')}
          description={t('remarkHint')}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={500}
          minRows={2}
        />
        {add.isError ? <ErrorAlert title={t('addFailed')} error={add.error} /> : null}
        <Group>
          <Button type="submit" size="md" disabled={!sku || problem !== null} loading={add.isPending || intent.busy}>
            {t('addButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
