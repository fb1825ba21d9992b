export const RELAUNCH_MARK: string;
export const MIN_NODE: { major: number; minor: number };
export function supportedNode(version: string): boolean;
export function pinnedNodePath(root: string, platform?: NodeJS.Platform): string;
export function runtimeDecision(here: {
  version: string;
  pinned: string;
  pinnedExists: boolean;
  relaunched: boolean;
}): { action: 'run' } | { action: 'relaunch'; command: string } | { action: 'refuse'; message: string };
export function ensureSupportedNode(root: string): Promise<void>;
export function npmRuntimeNote(userAgent: string | undefined, scriptsNode: string): string | null;
export function installProblem(root: string): string | null;
export function ensureInstalled(root: string): void;
export const SERVER_V8_FLAGS: readonly string[];
export function serverFlagsRelaunch(argv: readonly string[], execArgv: readonly string[]): string[] | null;
export function ensureServerFlags(): void;
