import { AppShell, Burger, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../shared/i18n';
import { appMessages } from './appMessages';
import classes from './AppLayout.module.css';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { DisplayCurrencyPicker } from './DisplayCurrencyPicker';
import { HeaderSummary } from './HeaderSummary';
import { LanguageSwitch } from './LanguageSwitch';
import { useLiveUpdates } from './useLiveUpdates';
import { useProfileLanguage } from './useProfileLanguage';
import { MainNav } from './MainNav';
import { ServiceStatusBanner } from './ServiceStatusBanner';
import { useUiStore } from './uiStore';
import { WorldSwitcher } from '../features/worlds/WorldSwitcher';
import { MountInTransition } from '../shared/MountInTransition';

/** One row of controls from sm up; two below it (AppLayout.module.css). */
const HEADER_HEIGHT = { base: 100, sm: 56 };

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT(appMessages);
  const navbarOpen = useUiStore((s) => s.navbarOpen);
  const toggleNavbar = useUiStore((s) => s.toggleNavbar);
  useLiveUpdates();
  useProfileLanguage();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navbarOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <div className={classes.bar}>
          <Group gap="sm" wrap="nowrap" className={classes.brand}>
            <Burger opened={navbarOpen} onClick={toggleNavbar} hiddenFrom="sm" size="sm" aria-label={t('toggleNavigation')} />
            <Title order={1} size="h3">
              crossbuy
            </Title>
          </Group>
          {/* Mounted after the shell's first commit: their popovers, tooltips and queries set state as they
              mount, which made React render again and run every effect of that commit in its task. */}
          <MountInTransition>
            <div className={classes.summary}>
              <HeaderSummary />
            </div>
            <Group gap="sm" wrap="nowrap" className={classes.controls}>
              <WorldSwitcher />
              <DisplayCurrencyPicker />
              <LanguageSwitch />
              <ColorSchemeToggle />
            </Group>
          </MountInTransition>
        </div>
      </AppShell.Header>
      {/* The navigation outgrows a short window (every feature adds pages): it scrolls on its own. */}
      <AppShell.Navbar p="xs" aria-label={t('mainNavigation')} style={{ overflowY: 'auto' }}>
        <MainNav />
      </AppShell.Navbar>
      <AppShell.Main>
        <ServiceStatusBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
