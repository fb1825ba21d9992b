import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';
import { useShopSearch } from './useShopSearch';

export function SearchForm() {
  const t = useT(shopMessages);
  const { search, update } = useShopSearch();
  const submitted = search.query;
  const [text, setText] = useState(submitted);
  // Back, Forward or a link with another query: the box shows the search the results are for.
  useEffect(() => setText(submitted), [submitted]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update({ query: text.trim() });
  };

  return (
    <form onSubmit={onSubmit} role="search" aria-label={t('searchForm')}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit">{t('searchButton')}</Button>
      </Group>
    </form>
  );
}
