import { Stack, Title } from '@mantine/core';
import { PasteLinkForm } from './PasteLinkForm';
import { SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import { SourceTabs } from './SourceTabs';

export function ShopPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Shop</Title>
      <SearchForm />
      <PasteLinkForm />
      <SourceTabs>
        <SearchResults />
      </SourceTabs>
    </Stack>
  );
}
