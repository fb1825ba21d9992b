export const EARLY_EXIT_MS: number;
export type Outcome = { action: 'exit'; code: number } | { action: 'fallback'; reason: string; hint?: string };
export function electronOutcome(ended: {
  code: number | null;
  signal: string | null;
  uptimeMs: number;
  forwardedSignal?: string | null;
  platform: NodeJS.Platform;
  electronDir: string;
}): Outcome;
export function sandboxHint(platform: NodeJS.Platform, electronDir: string): string | undefined;
export function missingDisplay(platform: NodeJS.Platform, env: Record<string, string | undefined>): string | null;
