import { Group, Image, Stack, Text } from '@mantine/core';
import type { CartItem } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { formatMoney, lineAmount } from '../../../shared/money';
import { CheckoutSection } from './CheckoutSection';
import { checkoutMessages } from './messages';

export function CheckoutLines({ lines, currency }: { lines: CartItem[]; currency: string | undefined }) {
  const t = useT(checkoutMessages);
  return (
    <CheckoutSection title={t('lines')}>
      <Stack gap="sm" role="list" aria-label={t('linesLabel')}>
        {lines.map((line) => (
          <Group key={line.id} wrap="nowrap" align="flex-start" gap="md" role="listitem" aria-label={`${line.title} (${line.skuName})`}>
            <Image src={line.imageUrl} alt="" w={56} h={56} radius="sm" fit="cover" />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {line.title}
              </Text>
              <Text size="xs" c="dimmed">
                {line.skuName} · {t('each', { price: formatMoney(line.price, currency) })} · {t('quantity', { quantity: line.quantity })}
              </Text>
              {line.remark ? (
                <Text size="xs" c="dimmed" fs="italic">
                  {t('lineRemark', { remark: line.remark })}
                </Text>
              ) : null}
            </Stack>
            <Text size="sm" fw={600}>
              {formatMoney(lineAmount(line.price, line.quantity), currency)}
            </Text>
          </Group>
        ))}
      </Stack>
    </CheckoutSection>
  );
}
