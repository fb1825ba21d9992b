import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useShopStore } from './shopStore';
import { SOURCES, SOURCE_LABELS, type Source } from './sources';

/** One tab per search source; only the active panel is mounted. */
export function SourceTabs({ children }: { children: ReactNode }) {
  const source = useShopStore((s) => s.source);
  const setSource = useShopStore((s) => s.setSource);
  return (
    <Tabs value={source} onChange={(value) => value && setSource(value as Source)}>
      <Tabs.List aria-label="Where to search">
        {SOURCES.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {SOURCE_LABELS[s]}
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
