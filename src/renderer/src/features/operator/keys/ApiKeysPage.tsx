import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import type { CreatedApiKey } from '../types';
import { CreateKeyForm } from './CreateKeyForm';
import { KeysTable } from './KeysTable';
import { keysMessages } from './messages';
import { NewKeyModal } from './NewKeyModal';

export function ApiKeysPage() {
  const t = useT(keysMessages);
  // The full key lives only here, only until the Modal closes.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>
      <CreateKeyForm onCreated={setCreated} />
      <KeysTable />
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
