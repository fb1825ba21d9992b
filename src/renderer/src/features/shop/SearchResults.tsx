import { Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { ProductCard } from './ProductCard';
import { ProductGridSkeleton } from './ProductGridSkeleton';
import { useShopStore } from './shopStore';
import { PAGE_SIZE, SOURCE_LABELS } from './sources';
import { useProductSearch } from './useProductSearch';

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };

export function SearchResults() {
  const source = useShopStore((s) => s.source);
  const query = useShopStore((s) => s.query);
  const page = useShopStore((s) => s.page);
  const setPage = useShopStore((s) => s.setPage);
  const search = useProductSearch(source, query, page);

  if (search.isPending) return <ProductGridSkeleton cols={GRID_COLS} count={8} />;
  if (search.isError) return <ErrorAlert title="Search failed" error={search.error} />;

  const { items, total } = search.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (items.length === 0) {
    return (
      <EmptyState title="No products found">
        {query
          ? `Nothing in ${SOURCE_LABELS[source]} matches “${query}”. Try other words or another tab.`
          : `${SOURCE_LABELS[source]} has no products yet.`}
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm" aria-live="polite">
        {total} {total === 1 ? 'product' : 'products'}
        {query ? ` for “${query}”` : ''} in {SOURCE_LABELS[source]}
        {pages > 1 ? ` · page ${page} of ${pages}` : ''}
      </Text>
      <SimpleGrid cols={GRID_COLS} spacing="md" aria-label="Search results" role="list">
        {items.map((product) => (
          <div role="listitem" key={product.id}>
            <ProductCard product={product} />
          </div>
        ))}
      </SimpleGrid>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={(value) => {
              setPage(value);
              window.scrollTo({ top: 0 });
            }}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            aria-label="Result pages"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
