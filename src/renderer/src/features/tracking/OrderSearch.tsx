import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CrossbuyError } from '../../api/client';
import { navigate } from '../../app/router';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { listMessages } from './messages';
import { fetchOrder, orderKeys } from './queries';
import { normalizeOrderNo, orderHash } from './status';

/** An exact order number opens that order (GET /orders/:id); an unknown one says so. */
export function OrderSearch() {
  const t = useT(listMessages);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ notFound: string } | { error: unknown } | { empty: true } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const orderNo = normalizeOrderNo(text);
    if (!orderNo) return setProblem({ empty: true });
    setBusy(true);
    setProblem(null);
    try {
      await queryClient.fetchQuery({ queryKey: orderKeys.detail(orderNo), queryFn: () => fetchOrder(orderNo) });
      navigate(orderHash(orderNo));
    } catch (error) {
      setProblem(error instanceof CrossbuyError && error.statusCode === 404 ? { notFound: orderNo } : { error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} role="search" aria-label={t('searchLabel')}>
      <Stack gap={6}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            w={280}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" variant="default" loading={busy}>
            {t('searchButton')}
          </Button>
        </Group>
        {problem && 'notFound' in problem ? (
          <Text size="sm" c="red" role="alert">
            {t('searchNotFound', { orderNo: problem.notFound })}
          </Text>
        ) : null}
        {problem && 'empty' in problem ? (
          <Text size="sm" c="red" role="alert">
            {t('searchEmpty')}
          </Text>
        ) : null}
        {problem && 'error' in problem ? <ErrorAlert title={t('searchFailed')} error={problem.error} /> : null}
      </Stack>
    </form>
  );
}
