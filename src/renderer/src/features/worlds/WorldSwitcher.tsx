import { ActionIcon, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CrossbuyError } from '../../api/client';
import { DEFAULT_WORLD, switcherOrder, useWorldStore } from '../../api/worldStore';
import { useT } from '../../shared/i18n';
import { worldMessages } from './messages';
import { forgetOtherWorld, useSwitchWorld, worldFetchers, worldKeys, worldLabel } from './queries';

/**
 * The selected world is checked against the server: a world deleted meanwhile (or a page opened on
 * another data folder) puts the page back on the default world, with a notice saying which one was lost.
 * Any call answered with a 404 naming the selected world does the same at once (api/worldStore.ts,
 * watchingWorld); either way the queries of the lost world are dropped here.
 */
function useSelectedWorldCheck(names: ReadonlyMap<string, string>): void {
  const t = useT(worldMessages);
  const selected = useWorldStore((s) => s.selected);
  const fallBack = useWorldStore((s) => s.fallBack);
  const lost = useWorldStore((s) => s.lost);
  const dismissLost = useWorldStore((s) => s.dismissLost);
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: worldKeys.one(selected),
    queryFn: () => worldFetchers.one(selected),
    enabled: selected !== DEFAULT_WORLD,
  });
  const gone = check.error instanceof CrossbuyError && check.error.statusCode === 404;
  useEffect(() => {
    if (gone) fallBack();
  }, [gone, fallBack]);
  useEffect(() => {
    if (!lost) return;
    // Nothing of the lost world stays on screen: what is shown is read again from the default world.
    forgetOtherWorld(queryClient);
    // Named as the user knew it when the page had its name (the list or its own check), else by its id.
    const name = names.get(lost) ?? queryClient.getQueryData<{ name?: string }>(worldKeys.one(lost))?.name;
    notifications.show({ color: 'yellow', ...(name ? { title: t('lostWorldNamed', { name }) } : {}), message: t('lostWorld', { id: lost }) });
    dismissLost();
  }, [lost, dismissLost, t, queryClient, names]);
}

// The dialog's inputs (file, number, segmented control) load when it is first opened, not with the header.
const NewWorldModal = lazy(() => import('./NewWorldModal').then((m) => ({ default: m.NewWorldModal })));

function PlusIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/** The header's world switcher: the default world first, then the others (name, id, seed, frozen), and "New world". */
export function WorldSwitcher() {
  const t = useT(worldMessages);
  const selected = useWorldStore((s) => s.selected);
  const switchWorld = useSwitchWorld();
  const [creating, setCreating] = useState(false);
  // Closing "New world" (Escape, Cancel, created) puts focus back on its button: the dialog unmounts, so
  // the modal's own return of focus found nothing to return to and focus fell to the page's body.
  const newWorldButton = useRef<HTMLButtonElement>(null);
  const wasCreating = useRef(false);
  useEffect(() => {
    if (wasCreating.current && !creating) newWorldButton.current?.focus();
    wasCreating.current = creating;
  }, [creating]);
  // Every world's name the page has seen: a world lost later is still named in the notice.
  const [names] = useState(() => new Map<string, string>());
  useSelectedWorldCheck(names);
  const defaultWorld = useQuery({ queryKey: worldKeys.one(DEFAULT_WORLD), queryFn: () => worldFetchers.one(DEFAULT_WORLD), staleTime: 60_000 });
  const list = useQuery({ queryKey: worldKeys.list, queryFn: worldFetchers.list });
  const worlds = switcherOrder(defaultWorld.data, list.data?.items ?? []);
  const byId = new Map(worlds.map((w) => [w.id, w]));
  for (const w of worlds) if (w.id !== DEFAULT_WORLD) names.set(w.id, w.name);
  const options = worlds.map((w) => ({ value: w.id, label: worldLabel(w, t('defaultWorld')) }));
  // The selected world shows even before the list has loaded (or past its first page).
  if (!byId.has(selected)) options.push({ value: selected, label: selected === DEFAULT_WORLD ? t('defaultWorld') : selected });

  return (
    // Beside the balance from the xs breakpoint up; a phone-narrow window picks worlds on the Server & data page.
    <Group gap={4} wrap="nowrap" visibleFrom="xs">
      <Select
        size="xs"
        w={{ base: 170, sm: 130, md: 170 }}
        aria-label={t('switcherLabel')}
        data-testid="world-switcher"
        allowDeselect={false}
        value={selected}
        data={options}
        onChange={(value) => {
          if (value && value !== selected) switchWorld(value);
        }}
        renderOption={({ option }) => {
          const world = byId.get(option.value);
          return (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {world ? (
                <Text size="xs" c="dimmed" translate="no">
                  {world.id} · {t('seed')} {world.seed}
                  {world.frozen ? ` · ${t('frozen')}` : ''}
                </Text>
              ) : null}
            </Stack>
          );
        }}
        comboboxProps={{ withinPortal: true, width: 280, position: 'bottom-end' }}
      />
      <Tooltip label={t('newWorld')}>
        <ActionIcon ref={newWorldButton} variant="default" size="md" aria-label={t('newWorld')} onClick={() => setCreating(true)} data-testid="new-world-button">
          <PlusIcon />
        </ActionIcon>
      </Tooltip>
      {creating ? (
        <Suspense fallback={null}>
          <NewWorldModal opened onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Group>
  );
}
