import { AppShell, Burger, Group, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
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
import { useWorldStore } from '../api/worldStore';
import { MountInTransition } from '../shared/MountInTransition';

/** One row of controls from sm up; two below it (AppLayout.module.css). */
const HEADER_HEIGHT = { base: 100, sm: 56 };

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT(appMessages);
  const navbarOpen = useUiStore((s) => s.navbarOpen);
  const toggleNavbar = useUiStore((s) => s.toggleNavbar);
  const world = useWorldStore((s) => s.selected);
  useLiveUpdates();
  useProfileLanguage();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navbarOpen } }}
      padding="md"
    >
      {/* The first tab stop: past the header and the navigation to the page. Not a plain "#main" link:
          the hash is the page's route. */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
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
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <ServiceStatusBanner />
        {/* The page is mounted afresh in each world: when the selected world changes (switched, or lost and
            replaced by the default one), every dialog open on the page closes with it, so no form filled in
            for one world can be sent to another. */}
        <Fragment key={world}>{children}</Fragment>
      </AppShell.Main>
    </AppShell>
  );
}
