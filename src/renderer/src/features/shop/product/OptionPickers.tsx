import { Group, Radio, Text } from '@mantine/core';
import type { Sku } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { productMessages } from '../messages';
import { valueAvailable, type OptionSelection, type SkuDimension } from './skuOptions';

interface Props {
  skus: Sku[];
  dimensions: SkuDimension[];
  selection: OptionSelection;
  onChange: (index: number, value: string) => void;
}

const KIND_LABELS = {
  colour: 'optionColour',
  size: 'optionSize',
  version: 'optionVersion',
  model: 'optionModel',
  edition: 'optionEdition',
  shade: 'optionShade',
} as const satisfies Record<Exclude<SkuDimension['kind'], 'other'>, string>;

/**
 * One picker per option dimension (colour, size...) when the SKU names split into them: a value that no
 * in-stock SKU has together with the other choices cannot be chosen.
 */
export function OptionPickers({ skus, dimensions, selection, onChange }: Props) {
  const t = useT(productMessages);
  const labelOf = (dimension: SkuDimension, index: number) => (dimension.kind === 'other' ? t('optionN', { n: index + 1 }) : t(KIND_LABELS[dimension.kind]));
  return (
    <>
      {dimensions.map((dimension, index) => (
        <Radio.Group
          key={index}
          label={labelOf(dimension, index)}
          value={selection[index] ?? null}
          onChange={(value) => onChange(index, value)}
          withAsterisk
        >
          <Group gap="xs" mt="xs">
            {dimension.values.map((value) => {
              const available = valueAvailable(skus, selection, index, value);
              return (
                <Radio.Card
                  key={value}
                  value={value}
                  disabled={!available}
                  aria-label={available ? value : t('valueSoldOut', { value })}
                  px="sm"
                  py={6}
                  radius="md"
                  w="auto"
                  style={available ? undefined : { opacity: 0.5, cursor: 'not-allowed' }}
                >
                  <Group wrap="nowrap" gap="xs">
                    <Radio.Indicator size="xs" disabled={!available} />
                    <Text size="sm" td={available ? undefined : 'line-through'}>
                      {value}
                    </Text>
                  </Group>
                </Radio.Card>
              );
            })}
          </Group>
        </Radio.Group>
      ))}
    </>
  );
}
