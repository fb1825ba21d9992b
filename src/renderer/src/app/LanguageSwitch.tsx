import { Button } from '@mantine/core';
import { useLanguageStore, useT, type Language } from '../shared/i18n';
import { navMessages } from './navMessages';

const LANGUAGES: readonly { value: Language; label: string }[] = [
  { value: 'en', label: 'EN' },
  { value: 'zh-CN', label: '中文' },
];

/**
 * Two toggle buttons in a labelled group, not a SegmentedControl: its sliding indicator measures its
 * items when the header mounts, a forced layout of the page inside the first render's task. Lighthouse's
 * total blocking time on the shop: 496-590 ms against 594-659 with it, in turns (docs/PERFORMANCE.md).
 */
export function LanguageSwitch() {
  const language = useLanguageStore((s) => s.language);
  const choose = useLanguageStore((s) => s.choose);
  const t = useT(navMessages);
  return (
    <Button.Group aria-label={t('language')}>
      {LANGUAGES.map((option) => (
        <Button
          key={option.value}
          size="compact-xs"
          variant={language === option.value ? 'filled' : 'default'}
          aria-pressed={language === option.value}
          onClick={() => choose(option.value)}
        >
          <span lang={option.value}>{option.label}</span>
        </Button>
      ))}
    </Button.Group>
  );
}
