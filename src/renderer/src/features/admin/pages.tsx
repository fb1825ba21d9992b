import { lazyPage } from '../../app/lazyPage';
import { MovedTo } from '../../app/MovedTo';
import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { commonMessages, type CommonKey } from './messages';

const AdminWorkPage = lazyPage(() => import('./work/AdminWorkPage'), 'AdminWorkPage');
const ApiKeysPage = lazyPage(() => import('./keys/ApiKeysPage'), 'ApiKeysPage');
const ServerDataPage = lazyPage(() => import('./settings/ServerDataPage'), 'ServerDataPage');
const WebhooksPage = lazyPage(() => import('./webhooks/WebhooksPage'), 'WebhooksPage');
const RequestsPage = lazyPage(() => import('./requests/RequestsPage'), 'RequestsPage');

function navLabel(key: CommonKey) {
  return function NavLabel() {
    const t = useT(commonMessages);
    return <>{t(key)}</>;
  };
}

export const adminPages: PageDef[] = [
  { pattern: '/work', render: () => <AdminWorkPage />, nav: { label: navLabel('navWork'), section: 'admin', order: 1 } },
  { pattern: '/api-keys', render: () => <ApiKeysPage />, nav: { label: navLabel('navKeys'), section: 'admin', order: 2 } },
  { pattern: '/webhooks', render: () => <WebhooksPage />, nav: { label: navLabel('navWebhooks'), section: 'admin', order: 3 } },
  { pattern: '/requests', render: () => <RequestsPage />, nav: { label: navLabel('navRequests'), section: 'admin', order: 4 } },
  { pattern: '/settings', render: () => <ServerDataPage />, nav: { label: navLabel('navServer'), section: 'admin', order: 5 } },
  // The staff's work page was #/back-office until the one-word-per-concept rename.
  { pattern: '/back-office', render: () => <MovedTo hash="#/work" /> },
];
