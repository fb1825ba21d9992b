import { Alert, Anchor, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { data, idempotent, openApi } from '../../api/client';
import { paths } from '../../app/router';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useIntent } from '../../shared/useIntent';
import { importMessages } from './importMessages';
import { cartKey } from './useCart';
import { GrowingTextarea } from '../../shared/GrowingTextarea';

type ImportStatus = 'added' | 'not_found' | 'unsupported' | 'needs_sku' | 'duplicate';
const STATUS_COLOR: Record<ImportStatus, string> = { added: 'green', not_found: 'red', unsupported: 'gray', needs_sku: 'yellow', duplicate: 'blue' };

function useCartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: { text: string; defaultQuantity?: number }; key: string }) => data(openApi().POST('/cart/import', { body, ...idempotent(key) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}

/** "Paste links": a text of links in, every line's result out (added, or why not), in the UI language. */
export function PasteLinksButton() {
  const t = useT(importMessages);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('title')} centered size="xl">
        {opened ? <PasteLinksForm onClose={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function PasteLinksForm({ onClose }: { onClose: () => void }) {
  const t = useT(importMessages);
  const [text, setText] = useState('');
  const [quantity, setQuantity] = useState<number>(1);
  const send = useCartImport();
  const body = { text, ...(quantity === 1 ? {} : { defaultQuantity: quantity }) };
  const intent = useIntent(body);
  const result = send.data;

  if (result) {
    const total = result.lines.length;
    return (
      <Stack gap="md">
        <Alert color={result.added > 0 ? 'green' : 'yellow'} variant="light" role="status" data-testid="import-summary">
          {t('summary', { added: result.added, total })}
        </Alert>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('results')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colLine')}</Table.Th>
                <Table.Th>{t('colInput')}</Table.Th>
                <Table.Th>{t('colResult')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.lines.map((line, index) => (
                <Table.Tr key={index} data-status={line.status}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td maw={280} style={{ wordBreak: 'break-all' }}>
                    <Text size="xs" translate="no">
                      {line.input || t('noLink')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge color={STATUS_COLOR[line.status]} variant="light" radius="sm">
                        {t(`status_${line.status}`)}
                      </Badge>
                      <Text size="sm">
                        {t(`explain_${line.status}`, { quantity: line.quantity ?? 1 })}{' '}
                        {line.status === 'needs_sku' && line.productId !== null ? <Anchor href={paths.product(line.productId)}>{t('chooseVariant')}</Anchor> : null}
                      </Text>
                      {line.message ? (
                        <Text size="xs" c="dimmed" translate="no">
                          {line.message}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => send.reset()}>
            {t('again')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </Group>
      </Stack>
    );
  }

  const submit = () => intent.run((key, done) => send.mutate({ body, key }, { onSuccess: () => done(true), onError: () => done(false) }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
      <GrowingTextarea label={t('text')} value={text} onChange={(e) => setText(e.currentTarget.value)} minRows={6} maxRows={16} spellCheck={false} />
      <NumberInput label={t('defaultQuantity')} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' && v >= 1 ? v : 1)} min={1} allowDecimal={false} allowNegative={false} w={240} />
      {send.isError ? <ErrorAlert title={t('failed')} error={send.error} /> : null}
      <Group justify="flex-end">
        <Button onClick={submit} disabled={text.trim() === ''} loading={send.isPending || intent.busy}>
          {t('submit')}
        </Button>
      </Group>
    </Stack>
  );
}
