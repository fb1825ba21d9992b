import { ActionIcon, Tooltip } from '@mantine/core';
import { useT } from '../shared/i18n';
import { appMessages } from './appMessages';
import { useUiStore } from './uiStore';

export function ColorSchemeToggle() {
  const t = useT(appMessages);
  const scheme = useUiStore((s) => s.colorScheme);
  const toggle = useUiStore((s) => s.toggleColorScheme);
  const label = scheme === 'dark' ? t('lightMode') : t('darkMode');
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" onClick={toggle} aria-label={label}>
        <span aria-hidden="true">{scheme === 'dark' ? '☀' : '☾'}</span>
      </ActionIcon>
    </Tooltip>
  );
}
