import { ActionIcon, Tooltip } from '@mantine/core';
import { useUiStore } from './uiStore';

export function ColorSchemeToggle() {
  const scheme = useUiStore((s) => s.colorScheme);
  const toggle = useUiStore((s) => s.toggleColorScheme);
  const label = scheme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" onClick={toggle} aria-label={label}>
        <span aria-hidden="true">{scheme === 'dark' ? '☀' : '☾'}</span>
      </ActionIcon>
    </Tooltip>
  );
}
