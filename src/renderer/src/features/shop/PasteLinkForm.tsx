import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { navigate, paths } from '../../app/router';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { linkProblemOf } from './linkProblem';
import { shopMessages } from './messages';
import { productKey } from './product/useProduct';

/** Opens the product behind a pasted Taobao, Tmall, 1688 or Weidian link. */
export function PasteLinkForm() {
  const t = useT(shopMessages);
  const [url, setUrl] = useState('');
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (link: string) => api().products.resolveLink(link),
    onSuccess: (product) => {
      queryClient.setQueryData(productKey(product.id), product);
      navigate(paths.product(product.id));
    },
  });

  // A link the service could not open is worded here, in the UI's language, under the field; anything else
  // (the service unreachable, a session ended) keeps the shared alert.
  const problem = resolve.isError ? linkProblemOf(resolve.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) resolve.mutate(url.trim());
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('linkForm')}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('linkLabel')}
            placeholder={t('linkPlaceholder')}
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              if (resolve.isError) resolve.reset();
            }}
            maxLength={2048}
            error={problem ? t(problem) : undefined}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" loading={resolve.isPending} disabled={!url.trim()}>
            {t('linkButton')}
          </Button>
        </Group>
        {resolve.isError && !problem ? <ErrorAlert title={t('linkFailed')} error={resolve.error} /> : null}
      </Stack>
    </form>
  );
}
