import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { Sku } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { productMessages } from '../messages';
import { useFormat } from '../../../shared/format';

interface Props {
  skus: Sku[];
  currency: string;
  value: string | null;
  onChange: (skuId: string) => void;
}

/** One card per SKU: name, price, stock; sold-out SKUs cannot be chosen. */
export function SkuPicker({ skus, currency, value, onChange }: Props) {
  const fmt = useFormat();
  const t = useT(productMessages);
  return (
    <Radio.Group label={t('variant')} value={value} onChange={onChange} withAsterisk>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {skus.map((sku) => {
          const soldOut = sku.stock <= 0;
          return (
            <Radio.Card
              key={sku.skuId}
              value={sku.skuId}
              disabled={soldOut}
              p="sm"
              radius="md"
              style={soldOut ? { opacity: 0.5, cursor: 'not-allowed' } : undefined}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator disabled={soldOut} />
                <div>
                  <Text fw={600} size="sm">
                    {sku.name}
                  </Text>
                  <Text size="sm">{fmt.money(sku.price, currency)}</Text>
                  <Text size="xs" c={soldOut ? 'red' : 'dimmed'}>
                    {soldOut ? t('soldOut') : t('inStock', { count: sku.stock })}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
