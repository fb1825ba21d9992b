import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { navigate, paths } from '../../app/router';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { productKey } from './product/useProduct';

/** Opens the product behind a pasted Taobao, Tmall, 1688 or Weidian link. */
export function PasteLinkForm() {
  const [url, setUrl] = useState('');
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (link: string) => api().products.resolveLink(link),
    onSuccess: (product) => {
      queryClient.setQueryData(productKey(product.id), product);
      navigate(paths.product(product.id));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) resolve.mutate(url.trim());
  };

  return (
    <form onSubmit={onSubmit} aria-label="Open a product link">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label="Paste a product link"
            placeholder="https://item.taobao.com/item.htm?id=…"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              if (resolve.isError) resolve.reset();
            }}
            maxLength={2048}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" loading={resolve.isPending} disabled={!url.trim()}>
            Open link
          </Button>
        </Group>
        {resolve.isError ? <ErrorAlert title="Cannot open that link" error={resolve.error} /> : null}
      </Stack>
    </form>
  );
}
