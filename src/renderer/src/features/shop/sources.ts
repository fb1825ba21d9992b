import { PLATFORMS, type Platform } from '../../api/types';

/** Where a search runs: the local catalog or one marketplace directly. */
export type Source = 'local' | Platform;

export const SOURCES: readonly Source[] = ['local', ...PLATFORMS];

export const SOURCE_LABELS: Record<Source, string> = {
  local: 'Local catalog',
  taobao: 'Taobao',
  1688: '1688',
  weidian: 'Weidian',
};

export function platformLabel(platform: string): string {
  return (SOURCE_LABELS as Record<string, string>)[platform] ?? platform;
}

export const PAGE_SIZE = 24;
