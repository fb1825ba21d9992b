import { Badge, Button, Code, Collapse, Group, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { CopyValue } from '../CopyValue';
import type { WebhookEndpoint } from '../types';
import { ALL_EVENTS, maskSecret } from '../webhookEvents';
import { DeliveriesTable } from './DeliveriesTable';
import { webhooksMessages } from './messages';
import { useDeleteWebhook, useUpdateWebhook } from './mutations';
import { TestEventButton } from './TestEventButton';
import { useFormat } from '../../../shared/format';

function DeleteModal({ endpoint, opened, onClose }: { endpoint: WebhookEndpoint; opened: boolean; onClose: () => void }) {
  const t = useT(webhooksMessages);
  const remove = useDeleteWebhook();
  return (
    <Modal opened={opened} onClose={onClose} title={t('deleteTitle')} centered>
      <Stack gap="sm">
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('deleteText', { url: endpoint.url })}
        </Text>
        {remove.isError ? <ErrorAlert title={t('notDeleted')} error={remove.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('keep')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('deleted') });
                  onClose();
                },
              })
            }
          >
            {t('confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT(webhooksMessages);
  const fmt = useFormat();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso);
  const update = useUpdateWebhook();
  const [revealed, setRevealed] = useState(false);
  const [deliveriesOpen, { toggle: toggleDeliveries }] = useDisclosure(false);
  const [deleting, { open: openDelete, close: closeDelete }] = useDisclosure(false);
  const allEvents = endpoint.events.includes(ALL_EVENTS);
  // The switch follows the click at once; the saved state takes over when the service has answered.
  const wanted = update.isPending ? update.variables.patch.active : undefined;
  const active = wanted ?? endpoint.active;

  const setActive = (active: boolean) =>
    update.mutate(
      { id: endpoint.id, patch: { active } },
      { onSuccess: () => notifications.show({ color: 'green', message: t(active ? 'enabled' : 'disabled') }) },
    );

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={endpoint.url}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                {endpoint.url}
              </Text>
              {!endpoint.active ? (
                <Badge color="gray" variant="light" tt="none">
                  {t('disabledBadge')}
                </Badge>
              ) : null}
            </Group>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('created', { date: formatDate(endpoint.createdAt) })}
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap">
            <Switch
              label={t('active')}
              checked={active}
              disabled={update.isPending}
              onChange={(e) => setActive(e.currentTarget.checked)}
            />
            <Button size="compact-sm" variant="light" color="red" onClick={openDelete} aria-label={t('deleteNamed', { url: endpoint.url })}>
              {t('delete')}
            </Button>
          </Group>
        </Group>
        <Group gap={4}>
          {allEvents ? (
            <Badge variant="light" tt="none">
              {t('allEvents')}
            </Badge>
          ) : (
            endpoint.events.map((event) => (
              <Badge key={event} variant="outline" tt="none" ff="monospace" size="sm">
                {event}
              </Badge>
            ))
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('secret')}:
          </Text>
          <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {revealed ? endpoint.secret : maskSecret(endpoint.secret)}
          </Code>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setRevealed((r) => !r)}
            aria-pressed={revealed}
            aria-label={revealed ? t('hide') : t('revealSecret', { url: endpoint.url })}
          >
            {revealed ? t('hide') : t('reveal')}
          </Button>
          <CopyValue value={endpoint.secret} label={t('copySecret')} />
        </Group>
        {update.isError ? <ErrorAlert title={t('notUpdated')} error={update.error} /> : null}
        <TestEventButton endpoint={endpoint} />
        <Group>
          <Button size="compact-sm" variant="subtle" onClick={toggleDeliveries} aria-expanded={deliveriesOpen}>
            {deliveriesOpen ? t('hideDeliveries') : t('showDeliveries')}
          </Button>
        </Group>
        <Collapse in={deliveriesOpen}>{deliveriesOpen ? <DeliveriesTable endpointId={endpoint.id} /> : null}</Collapse>
      </Stack>
      <DeleteModal endpoint={endpoint} opened={deleting} onClose={closeDelete} />
    </Paper>
  );
}
