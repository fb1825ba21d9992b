import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { groupScopes, groupState, matchingPreset, presetScopes, SCOPE_PRESETS, toggleGroup, type ScopePreset } from '../scopes';
import type { ScopeCatalog } from '../types';
import { keysMessages, resourceKey, type KeysKey } from './messages';

const PRESET_LABEL: Record<ScopePreset, KeysKey> = { all: 'presetAll', readOnly: 'presetReadOnly', none: 'presetNone' };

/** Scope checkboxes grouped by resource, a group checkbox each, and the All / Read-only / None presets. */
export function ScopePicker({
  catalog,
  value,
  onChange,
  error,
}: {
  catalog: ScopeCatalog;
  value: string[];
  onChange: (scopes: string[]) => void;
  error?: string | null;
}) {
  const t = useT(keysMessages);
  const groups = groupScopes(catalog.scopes);
  const preset = matchingPreset(catalog, value);
  const resourceName = (resource: string) => {
    const key = resourceKey(resource);
    return key ? t(key) : resource;
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby="scope-picker-label">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={500} id="scope-picker-label">
            {t('scopes')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('selectedCount', { count: value.length, total: catalog.scopes.length })}
          </Text>
        </Group>
        <Group gap={6} role="group" aria-label={t('presets')}>
          <Text size="xs" c="dimmed">
            {t('presets')}:
          </Text>
          {SCOPE_PRESETS.map((p) => (
            <Button
              key={p}
              size="compact-xs"
              variant={preset === p ? 'filled' : 'default'}
              aria-pressed={preset === p}
              onClick={() => onChange(presetScopes(catalog, p))}
            >
              {t(PRESET_LABEL[p])}
            </Button>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing="xs">
        {groups.map((group) => {
          const state = groupState(group, value);
          return (
            <Paper key={group.resource} withBorder p="xs" radius="sm">
              <Stack gap={6}>
                <Checkbox
                  label={resourceName(group.resource)}
                  aria-label={t('allOf', { resource: resourceName(group.resource) })}
                  checked={state === true}
                  indeterminate={state === 'some'}
                  onChange={(e) => onChange(toggleGroup(catalog, group, value, e.currentTarget.checked))}
                  fw={600}
                  size="md"
                />
                {group.scopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    ml="md"
                    size="md"
                    label={
                      <Text span size="xs" ff="monospace" translate="no">
                        {scope}
                      </Text>
                    }
                    aria-label={scope}
                    checked={value.includes(scope)}
                    onChange={(e) =>
                      onChange(
                        catalog.scopes.filter((s) => (s === scope ? e.currentTarget.checked : value.includes(s))),
                      )
                    }
                  />
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
