import { Badge } from '@mantine/core';
import { useSourceLabel } from './messages';
import { useEnumWords } from '../../shared/enumWords';

const COLORS: Record<string, string> = { taobao: 'orange', 1688: 'indigo', weidian: 'teal' };

export function PlatformBadge({ platform }: { platform: string }) {
  const platformLabel = useSourceLabel();
  const words = useEnumWords();
  return (
    <Badge color={COLORS[platform] ?? 'gray'} variant="light" size="sm">
      {words.platform(platform) ?? platformLabel(platform)}
    </Badge>
  );
}
