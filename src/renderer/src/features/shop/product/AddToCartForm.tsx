import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { Product } from '../../../api/types';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { formatMoney, lineAmount } from '../../../shared/money';
import { useAddToCart } from '../../cart/useCartMutations';
import { SkuPicker } from './SkuPicker';

interface Props {
  product: Product;
  onSkuImage: (image: string | undefined) => void;
}

export function AddToCartForm({ product, onSkuImage }: Props) {
  const inStock = product.skus.filter((s) => s.stock > 0);
  const [skuId, setSkuId] = useState<string | null>(inStock.length === 1 ? inStock[0]!.skuId : null);
  const [quantity, setQuantity] = useState(1);
  const [remark, setRemark] = useState('');
  const add = useAddToCart();

  const sku = product.skus.find((s) => s.skuId === skuId) ?? null;
  const maxQuantity = sku ? sku.stock : 1;

  const chooseSku = (id: string) => {
    const next = product.skus.find((s) => s.skuId === id);
    setSkuId(id);
    onSkuImage(next?.image);
    if (next) setQuantity((q) => Math.min(Math.max(1, q), Math.max(1, next.stock)));
    add.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!sku) return;
    const line = { productId: String(product.id), skuId: sku.skuId, quantity, ...(remark.trim() ? { remark: remark.trim() } : {}) };
    add.mutate(line, {
      onSuccess: (result) => {
        notifications.show({
          color: 'green',
          title: 'Added to cart',
          message: `${quantity} × ${product.title} (${sku.name}). ${result.quantity} in the cart now.`,
        });
        setRemark('');
      },
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Add to cart">
      <Stack gap="md">
        <SkuPicker skus={product.skus} currency={product.currency} value={skuId} onChange={chooseSku} />
        {inStock.length === 0 ? <Text c="red">Every variant of this product is sold out.</Text> : null}
        <Group align="flex-end" gap="md">
          <NumberInput
            label="Quantity"
            value={quantity}
            onChange={(value) => setQuantity(typeof value === 'number' ? value : Number.parseInt(value, 10) || 1)}
            min={1}
            max={maxQuantity}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            disabled={!sku}
            w={140}
            description={sku ? `${sku.stock} available` : 'Choose a variant first'}
          />
          {sku ? (
            <Text fw={600} pb={4} aria-live="polite">
              Subtotal {formatMoney(lineAmount(sku.price, quantity), product.currency)}
            </Text>
          ) : null}
        </Group>
        <Textarea
          label="Remark"
          description="Instructions for the buyer (size check, colour, packaging)"
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        {add.isError ? <ErrorAlert title="Could not add to cart" error={add.error} /> : null}
        <Group>
          <Button type="submit" size="md" disabled={!sku || quantity < 1} loading={add.isPending}>
            Add to cart
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
