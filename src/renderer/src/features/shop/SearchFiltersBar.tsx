import { Button, Checkbox, Group, NumberInput, Select } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { PLATFORMS } from '../../api/types';
import { SEARCH_SORTS, type SearchSort } from '../../../../contract/open/products';
import { useT } from '../../shared/i18n';
import { shopMessages, useSourceLabel } from './messages';
import { useShopSearch } from './useShopSearch';

const DEFAULT_SORT = 'default';
type PriceText = number | string;
const priceOf = (value: PriceText): number | null => (typeof value === 'number' && value >= 0 ? Math.round(value * 100) / 100 : null);

/**
 * Sort (price both ways, best selling, newest), price range, in stock and, in the local catalog, the
 * platform: each kept in the URL with the query (useShopSearch). Sort, stock and platform apply at once;
 * the price range applies with its button or Enter, so typing "120" does not search for 1 and 12 first.
 */
export function SearchFiltersBar() {
  const t = useT(shopMessages);
  const sourceLabel = useSourceLabel();
  const { search, update } = useShopSearch();
  const [min, setMin] = useState<PriceText>(search.minPrice ?? '');
  const [max, setMax] = useState<PriceText>(search.maxPrice ?? '');
  useEffect(() => setMin(search.minPrice ?? ''), [search.minPrice]);
  useEffect(() => setMax(search.maxPrice ?? ''), [search.maxPrice]);

  const minPrice = priceOf(min);
  const maxPrice = priceOf(max);
  const rangeError = minPrice !== null && maxPrice !== null && minPrice > maxPrice ? t('priceRangeEmpty') : null;
  const filtered = search.sort !== null || search.minPrice !== null || search.maxPrice !== null || search.inStock || search.platform !== null;

  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError) return;
    update({ minPrice, maxPrice });
  };

  return (
    <form onSubmit={applyPrice} aria-label={t('filters')} noValidate>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('sortLabel')}
          data={[DEFAULT_SORT, ...SEARCH_SORTS].map((value) => ({ value, label: t(`sort_${value}` as 'sort_default') }))}
          value={search.sort ?? DEFAULT_SORT}
          onChange={(value) => update({ sort: value && value !== DEFAULT_SORT ? (value as SearchSort) : null })}
          allowDeselect={false}
          w={190}
        />
        {search.source === 'local' ? (
          <Select
            label={t('platformLabel')}
            data={[{ value: '', label: t('allPlatforms') }, ...PLATFORMS.map((p) => ({ value: p, label: sourceLabel(p) }))]}
            value={search.platform ?? ''}
            onChange={(value) => update({ platform: value ? (value as (typeof PLATFORMS)[number]) : null })}
            allowDeselect={false}
            w={150}
          />
        ) : null}
        <NumberInput label={t('minPrice')} value={min} onChange={setMin} min={0} decimalScale={2} w={110} error={rangeError} hideControls />
        <NumberInput label={t('maxPrice')} value={max} onChange={setMax} min={0} decimalScale={2} w={110} hideControls />
        <Button type="submit" variant="default">
          {t('priceApply')}
        </Button>
        <Checkbox
          label={t('inStock')}
          checked={search.inStock}
          onChange={(event) => update({ inStock: event.currentTarget.checked })}
          mb={8}
        />
        {filtered ? (
          <Button variant="subtle" onClick={() => update({ sort: null, minPrice: null, maxPrice: null, inStock: false, platform: null })}>
            {t('clearFilters')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
