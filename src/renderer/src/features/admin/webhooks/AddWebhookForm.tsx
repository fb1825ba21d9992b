import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import { ALL_EVENTS, nextEventSelection } from '../webhookEvents';
import { webhooksMessages } from './messages';
import { useAddWebhook } from './mutations';

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function AddWebhookForm() {
  const t = useT(webhooksMessages);
  const eventTypes = useQuery({ queryKey: adminKeys.eventTypes, queryFn: fetchers.eventTypes, staleTime: Infinity });
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([ALL_EVENTS]);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);

  const errors = {
    url: isHttpUrl(url.trim()) ? null : t('urlInvalid'),
    events: events.length === 0 ? t('eventsRequired') : null,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.url || errors.events) return;
    const body: { url: string; events: string[]; description?: string } = { url: url.trim(), events };
    if (description.trim()) body.description = description.trim();
    add.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('added') });
        setUrl('');
        setEvents([ALL_EVENTS]);
        setDescription('');
        setTouched(false);
      },
    });
  };

  const data = [{ value: ALL_EVENTS, label: t('allEvents') }, ...(eventTypes.data ?? []).map((type) => ({ value: type, label: type }))];

  return (
    <Section title={t('addTitle')}>
      <form onSubmit={submit} noValidate aria-label={t('addTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('url')}
            placeholder={t('urlPlaceholder')}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            maxLength={2048}
            required
            error={touched ? errors.url : null}
          />
          <MultiSelect
            label={t('events')}
            placeholder={events.length === 0 ? t('eventsPlaceholder') : undefined}
            data={data}
            value={events}
            onChange={(next) => setEvents(nextEventSelection(events, next))}
            searchable
            clearable
            error={touched ? errors.events : null}
            required
          />
          {eventTypes.isError ? <ErrorAlert title={t('eventTypesLoadError')} error={eventTypes.error} /> : null}
          <TextInput
            label={t('description')}
            placeholder={t('descriptionPlaceholder')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={200}
          />
          {add.isError ? <ErrorAlert title={t('notAdded')} error={add.error} /> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
