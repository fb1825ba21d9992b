import { Stack, Title } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';
import { PasteLinkForm } from './PasteLinkForm';
import { SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import { SourceTabs } from './SourceTabs';

export function ShopPage() {
  const t = useT(shopMessages);
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <SearchForm />
      <PasteLinkForm />
      <SourceTabs>
        <SearchResults />
      </SourceTabs>
    </Stack>
  );
}
