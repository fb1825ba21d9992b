import { Badge } from '@mantine/core';
import { useSourceLabel } from './messages';
import { useCallback } from 'react';
import { enumWords } from '../../shared/enumWords';
import { useT } from '../../shared/i18n';
import { wholeBadgeStyles } from '../../shared/wholeBadge';

const COLORS: Record<string, string> = { taobao: 'orange', 1688: 'indigo', weidian: 'teal' };

/** A platform value as words: Taobao, 1688, Weidian (淘宝, 1688, 微店), or "Several platforms" for `mixed`. */
export function usePlatformName(): (platform: string) => string {
  const platformLabel = useSourceLabel();
  const enumT = useT(enumWords);
  // Stable while the language is: the timeline's text callback depends on it.
  return useCallback((platform: string) => (platform === 'mixed' ? enumT('platform_mixed') : platformLabel(platform)), [enumT, platformLabel]);
}

export function PlatformBadge({ platform }: { platform: string }) {
  const platformName = usePlatformName();
  return (
    <Badge color={COLORS[platform] ?? 'gray'} variant="light" size="sm" styles={wholeBadgeStyles}>
      {platformName(platform)}
    </Badge>
  );
}
