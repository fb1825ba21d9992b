export interface SpawnSpec {
  command: string;
  args: string[];
  options: { shell: false };
}
export function nodeEntry(where: { execPath: string; root: string; platform?: NodeJS.Platform }, entry: string, args: string[]): SpawnSpec;
export const ENTRIES: { vite: string; electronVite: string; playwright: string; electronBuilder: string };
