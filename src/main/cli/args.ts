import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_PORT } from '../headless/port.js';
import { defaultDataDir } from '../core/data-dir.js';

export function resolveDataDir(flag: string | undefined): string {
  return flag ?? defaultDataDir();
}

/**
 * The port to serve on: --port, else CROSSBUY_PORT (an empty variable counts as unset), else the preferred
 * 4680. `explicit` is whether the person chose it: an explicit port is not moved when busy (the start fails
 * and says so); the preferred one moves to the next free port, as the desktop app does.
 */
export function resolvePort(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): { port: number; explicit: boolean } {
  const fromEnv = env.CROSSBUY_PORT?.trim() ? env.CROSSBUY_PORT : undefined;
  const text = flag ?? fromEnv;
  if (text === undefined) return { port: DEFAULT_PORT, explicit: false };
  const port = Number(text);
  if (text.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${text}": use 0 to 65535 (0 picks a free port)`);
  return { port, explicit: true };
}

/** The one line for a port someone else holds, saying what to do instead. */
export function busyPortMessage(port: number): string {
  return `port ${port} is in use (another crossbuy, or another program): choose another with --port N, or --port 0 to pick a free one`;
}

/** "1 step", "2 steps": the count with its noun, singular or plural. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/**
 * Where an `--out FILE` cannot be written because its folder does not exist: stops, in the person's words
 * rather than the file system's ENOENT, before the command does its work.
 */
export function checkOutFolder(out: string | undefined): void {
  if (out === undefined) return;
  const folder = dirname(resolve(out));
  if (!existsSync(folder)) throw new Error(`cannot write ${resolve(out)}: the folder ${folder} does not exist`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new Error(`cannot write ${resolve(out)}: it is a folder (give a file name, e.g. ${join(resolve(out), 'export.csv')})`);
}
