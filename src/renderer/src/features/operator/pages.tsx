import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { BackOfficePage } from './console/BackOfficePage';
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
  { pattern: '/back-office', render: () => <BackOfficePage />, nav: { label: navLabel('navConsole'), section: 'operator', order: 1 } },
  { pattern: '/api-keys', render: () => <ApiKeysPage />, nav: { label: navLabel('navKeys'), section: 'operator', order: 2 } },
  { pattern: '/webhooks', render: () => <WebhooksPage />, nav: { label: navLabel('navWebhooks'), section: 'operator', order: 3 } },
  { pattern: '/settings', render: () => <ServerDataPage />, nav: { label: navLabel('navServer'), section: 'operator', order: 4 } },
];
