import { Card, SimpleGrid, Skeleton, type SimpleGridProps } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';

export function ProductGridSkeleton({ cols, count }: { cols: SimpleGridProps['cols']; count: number }) {
  const t = useT(shopMessages);
  return (
    <SimpleGrid cols={cols} spacing="md" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="sm">
          <Card.Section>
            <Skeleton height={180} radius={0} />
          </Card.Section>
          <Skeleton height={14} mt="sm" />
          <Skeleton height={14} mt="xs" width="60%" />
          <Skeleton height={12} mt="xs" width="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
