import { NavLink, Text } from '@mantine/core';
import type { NavSection, PageDef } from './pageTypes';
import { allPages } from './pages';
import { matchPattern, useHashPath } from './router';
import { useUiStore } from './uiStore';
import { useT } from '../shared/i18n';
import { navMessages } from './navMessages';

const SECTIONS: NavSection[] = ['shopping', 'tracking', 'account', 'admin'];

function isActive(page: PageDef, path: string): boolean {
  return [page.pattern, ...(page.nav?.alsoActiveOn ?? [])].some((p) => matchPattern(p, path) !== null);
}

export function MainNav() {
  const path = useHashPath();
  const closeNavbar = useUiStore((s) => s.closeNavbar);
  const t = useT(navMessages);
  return (
    <>
      {SECTIONS.map((section) => {
        const pages = allPages.filter((p) => p.nav?.section === section).sort((a, b) => a.nav!.order - b.nav!.order);
        if (pages.length === 0) return null;
        return (
          <nav key={section} aria-label={t(section)}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
              {t(section)}
            </Text>
            {pages.map((page) => {
              const active = isActive(page, path);
              const Label = page.nav!.label;
              const Badge = page.nav!.badge;
              return (
                <NavLink
                  key={page.pattern}
                  href={`#${page.pattern}`}
                  label={typeof Label === 'string' ? Label : <Label />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={closeNavbar}
                  rightSection={Badge ? <Badge /> : null}
                />
              );
            })}
          </nav>
        );
      })}
    </>
  );
}
