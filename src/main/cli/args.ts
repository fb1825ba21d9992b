import { DEFAULT_PORT } from '../headless/port.js';
import { defaultDataDir } from '../core/data-dir.js';

export function resolveDataDir(flag: string | undefined): string {
  return flag ?? defaultDataDir();
}

export function resolvePort(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): number {
  const text = flag ?? env.CROSSBUY_PORT;
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${text}": use 0 to 65535 (0 picks a free port)`);
  return port;
}
