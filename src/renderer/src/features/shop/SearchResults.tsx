import { Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { shopMessages, useSourceLabel } from './messages';
import { ProductCard } from './ProductCard';
import cardClasses from './ProductCard.module.css';
import { ProductGridSkeleton } from './ProductGridSkeleton';
import { useShopSearch } from './useShopSearch';
import { PAGE_SIZE } from './sources';
import { useProductSearch } from './useProductSearch';

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };

const CONTROL_KEYS = { first: 'firstPage', previous: 'previousPage', next: 'nextPage', last: 'lastPage' } as const;

export function SearchResults() {
  const t = useT(shopMessages);
  const sourceLabel = useSourceLabel();
  const { search: shopSearch, update } = useShopSearch();
  const { source, query, page } = shopSearch;
  const filtered = shopSearch.minPrice !== null || shopSearch.maxPrice !== null || shopSearch.inStock || shopSearch.platform !== null;
  const search = useProductSearch(shopSearch);
  // A query's answer arrives through useSyncExternalStore, which React renders at once in one task; 24
  // cards would block the page that long. Deferred, they render as a transition, in slices.
  const data = useDeferredValue(search.data);

  if (search.isError) return <ErrorAlert title={t('searchFailed')} error={search.error} />;
  if (data === undefined) return <ProductGridSkeleton cols={GRID_COLS} count={8} />;

  const { items, total } = data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const label = sourceLabel(source);
  if (items.length === 0) {
    return (
      <EmptyState title={t('noProducts')}>
        {filtered ? t('noFilterMatch', { source: label }) : query ? t('noMatch', { source: label, query }) : t('sourceEmpty', { source: label })}
      </EmptyState>
    );
  }
  const vars = { count: total, query, source: label };
  const summary = query
    ? t(total === 1 ? 'resultsQueryOne' : 'resultsQueryMany', vars)
    : t(total === 1 ? 'resultsOne' : 'resultsMany', vars);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm" aria-live="polite">
        {summary}
        {pages > 1 ? t('resultsPage', { page, pages }) : ''}
      </Text>
      <SimpleGrid cols={GRID_COLS} spacing="md" aria-label={t('resultsLabel')} role="list">
        {items.map((product) => (
          <div role="listitem" key={product.id} className={cardClasses.item}>
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
              update({ page: value });
              window.scrollTo({ top: 0 });
            }}
            getItemProps={(n) => ({ 'aria-label': t('pageN', { n }) })}
            getControlProps={(control) => ({ 'aria-label': t(CONTROL_KEYS[control]) })}
            aria-label={t('pagination')}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
