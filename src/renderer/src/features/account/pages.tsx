import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { AddressesPage } from './AddressesPage';
import { CouponsPage } from './CouponsPage';
import { DashboardPage } from './DashboardPage';
import { FavoritesPage } from './FavoritesPage';
import { commonMessages } from './messages';
import { ProfilePage } from './ProfilePage';
import { WalletPage } from './WalletPage';

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
