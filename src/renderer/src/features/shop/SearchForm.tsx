import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';
import { useShopStore } from './shopStore';

export function SearchForm() {
  const t = useT(shopMessages);
  const submitted = useShopStore((s) => s.query);
  const search = useShopStore((s) => s.search);
  const [text, setText] = useState(submitted);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
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
