import { Button, CopyButton, Tooltip } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { commonMessages } from './messages';

/** A copy button for one value; `label` names what it copies, for screen readers and tests. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const t = useT(commonMessages);
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('copied') : label} withArrow>
          <Button size="compact-sm" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={label}>
            {copied ? t('copied') : t('copy')}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}
