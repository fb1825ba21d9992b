import { Badge } from '@mantine/core';
import { platformLabel } from './sources';

const COLORS: Record<string, string> = { taobao: 'orange', 1688: 'indigo', weidian: 'teal' };

export function PlatformBadge({ platform }: { platform: string }) {
  return (
    <Badge color={COLORS[platform] ?? 'gray'} variant="light" size="sm">
      {platformLabel(platform)}
    </Badge>
  );
}
