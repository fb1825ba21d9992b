import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useShopStore } from './shopStore';

export function SearchForm() {
  const submitted = useShopStore((s) => s.query);
  const search = useShopStore((s) => s.search);
  const [text, setText] = useState(submitted);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };

  return (
    <form onSubmit={onSubmit} role="search" aria-label="Product search">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Search products"
          placeholder="hoodie, sneakers, phone case…"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
