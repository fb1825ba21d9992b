import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { AdminConsolePage } from './console/AdminConsolePage';
import { ApiKeysPage } from './keys/ApiKeysPage';
import { commonMessages, type CommonKey } from './messages';
import { ServerDataPage } from './settings/ServerDataPage';
import { WebhooksPage } from './webhooks/WebhooksPage';

function navLabel(key: CommonKey) {
  return function NavLabel() {
    const t = useT(commonMessages);
    return <>{t(key)}</>;
  };
}

export const operatorPages: PageDef[] = [
  { pattern: '/back-office', render: () => <AdminConsolePage />, nav: { label: navLabel('navConsole'), section: 'admin', order: 1 } },
  { pattern: '/api-keys', render: () => <ApiKeysPage />, nav: { label: navLabel('navKeys'), section: 'admin', order: 2 } },
  { pattern: '/webhooks', render: () => <WebhooksPage />, nav: { label: navLabel('navWebhooks'), section: 'admin', order: 3 } },
  { pattern: '/settings', render: () => <ServerDataPage />, nav: { label: navLabel('navServer'), section: 'admin', order: 4 } },
];
