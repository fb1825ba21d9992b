import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useShopSearch } from './useShopSearch';
import { useT } from '../../shared/i18n';
import { shopMessages, useSourceLabel } from './messages';
import { SOURCES, type Source } from './sources';

/** One tab per search source; only the active panel is mounted. */
export function SourceTabs({ children }: { children: ReactNode }) {
  const t = useT(shopMessages);
  const sourceLabel = useSourceLabel();
  const { search, update } = useShopSearch();
  const source = search.source;
  return (
    <Tabs value={source} onChange={(value) => value && update({ source: value as Source, platform: null })}>
      <Tabs.List aria-label={t('sourceTabs')}>
        {SOURCES.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {sourceLabel(s)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {SOURCES.map((s) => (
        <Tabs.Panel key={s} value={s} pt="md">
          {s === source ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
