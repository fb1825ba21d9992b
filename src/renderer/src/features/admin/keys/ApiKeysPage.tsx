import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import type { CreatedApiKey } from '../types';
import { CreateKeyForm } from './CreateKeyForm';
import { KeysTable } from './KeysTable';
import { keysMessages } from './messages';
import { NewKeyModal } from './NewKeyModal';
import { PageHeader } from '../../../shared/PageHeader';

export function ApiKeysPage() {
  const t = useT(keysMessages);
  // The full key lives only here, only until the Modal closes.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} intro={t('intro')} />
      <CreateKeyForm onCreated={setCreated} />
      <KeysTable />
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
