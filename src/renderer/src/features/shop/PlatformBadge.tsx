import { Badge } from '@mantine/core';
import { useSourceLabel } from './messages';

const COLORS: Record<string, string> = { taobao: 'orange', 1688: 'indigo', weidian: 'teal' };

export function PlatformBadge({ platform }: { platform: string }) {
  const platformLabel = useSourceLabel();
  return (
    <Badge color={COLORS[platform] ?? 'gray'} variant="light" size="sm">
      {platformLabel(platform)}
    </Badge>
  );
}
