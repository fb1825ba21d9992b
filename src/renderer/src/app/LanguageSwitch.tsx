import { SegmentedControl } from '@mantine/core';
import { useLanguageStore, useT, type Language } from '../shared/i18n';
import { navMessages } from './navMessages';

export function LanguageSwitch() {
  const language = useLanguageStore((s) => s.language);
  const choose = useLanguageStore((s) => s.choose);
  const t = useT(navMessages);
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language')}
      value={language}
      onChange={(value) => choose(value as Language)}
      data={[
        { value: 'en', label: 'EN' },
        { value: 'zh-CN', label: '中文' },
      ]}
    />
  );
}
