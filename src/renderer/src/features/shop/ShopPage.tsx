import { Stack, Title } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';
import { PasteLinkForm } from './PasteLinkForm';
import { SearchForm } from './SearchForm';
import { SearchFiltersBar } from './SearchFiltersBar';
import { SearchResults } from './SearchResults';
import { SourceTabs } from './SourceTabs';
import { useRememberedSearch, useShopSearch } from './useShopSearch';

export function ShopPage() {
  const t = useT(shopMessages);
  useRememberedSearch(useShopSearch().search);
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <SearchForm />
      <PasteLinkForm />
      <SourceTabs>
        <Stack gap="md">
          <SearchFiltersBar />
          <SearchResults />
        </Stack>
      </SourceTabs>
    </Stack>
  );
}
