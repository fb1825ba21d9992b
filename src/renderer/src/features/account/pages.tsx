import { lazyPage } from '../../app/lazyPage';
import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { commonMessages } from './messages';

const AddressesPage = lazyPage(() => import('./AddressesPage'), 'AddressesPage');
const CouponsPage = lazyPage(() => import('./CouponsPage'), 'CouponsPage');
const DashboardPage = lazyPage(() => import('./DashboardPage'), 'DashboardPage');
const FavoritesPage = lazyPage(() => import('./FavoritesPage'), 'FavoritesPage');
const ProfilePage = lazyPage(() => import('./ProfilePage'), 'ProfilePage');
const WalletPage = lazyPage(() => import('./WalletPage'), 'WalletPage');

type NavKey = 'navDashboard' | 'navWallet' | 'navCoupons' | 'navFavorites' | 'navAddresses' | 'navProfile';

/** A navigation label in the UI language. */
function label(key: NavKey) {
  return function NavLabel() {
    const t = useT(commonMessages);
    return <>{t(key)}</>;
  };
}

export const accountPages: PageDef[] = [
  { pattern: '/dashboard', render: () => <DashboardPage />, nav: { label: label('navDashboard'), section: 'account', order: 1 } },
  { pattern: '/wallet', render: () => <WalletPage />, nav: { label: label('navWallet'), section: 'account', order: 2 } },
  { pattern: '/coupons', render: () => <CouponsPage />, nav: { label: label('navCoupons'), section: 'account', order: 3 } },
  { pattern: '/favorites', render: () => <FavoritesPage />, nav: { label: label('navFavorites'), section: 'account', order: 4 } },
  { pattern: '/addresses', render: () => <AddressesPage />, nav: { label: label('navAddresses'), section: 'account', order: 5 } },
  { pattern: '/profile', render: () => <ProfilePage />, nav: { label: label('navProfile'), section: 'account', order: 6 } },
];
