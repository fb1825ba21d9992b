import { Badge } from '@mantine/core';
import { useSourceLabel } from './messages';
import { useEnumWords } from '../../shared/enumWords';

const COLORS: Record<string, string> = { taobao: 'orange', 1688: 'indigo', weidian: 'teal' };

export function PlatformBadge({ platform }: { platform: string }) {
  const platformLabel = useSourceLabel();
  const words = useEnumWords();
  return (
    // Never shrunk: beside a long price ("from CN¥512.60") the card's row cut it to "WEIDI…".
    <Badge color={COLORS[platform] ?? 'gray'} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {words.platform(platform) ?? platformLabel(platform)}
    </Badge>
  );
}
