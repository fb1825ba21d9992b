import { hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrations } from '../db/migrations/index.js';
import { CATALOG_GENERATION } from '../products/seed.js';

/** The crossbuy version of this build (package.json found upwards from this module), with the schema's. */
function buildVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // no package.json beside the build: the schema version alone
  }
  return `${version}/schema-${migrations.at(-1)!.version}`;
}

let version: string | null = null;

/**
 * The world-file engine's rules, part of every template's key: raised when the engine starts refusing
 * files it used to run (2: steps that reach outside the world they make, file/outside.ts), so a template
 * kept by an earlier engine, which a create copies without running the file's checks, is never used.
 */
const ENGINE_RULES = 2;

/** Canonical JSON: object keys sorted, so the same file written in another key order is the same file. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes a world file's result known (worlds.md section 5): the same file (and vars), the same seed and
 * the same crossbuy version give the same world, so a kept template of it can be copied instead. The
 * request's own `clockStart` (over the file's) and `frozen` are part of it too: a copy keeps the template's
 * clock, which they set.
 */
export function templateHash(
  file: unknown,
  seed: number,
  vars: Record<string, unknown> | null,
  start: { frozen: boolean; clockStart: string | null } = { frozen: true, clockStart: null },
): string {
  version ??= buildVersion();
  const clockStart = start.clockStart === null ? '' : new Date(start.clockStart).toISOString();
  return hash('sha256', `${version}/engine-${ENGINE_RULES}/catalog-${CATALOG_GENERATION}\n${seed}\n${canonical(file)}\n${canonical(vars)}\n${start.frozen}\n${clockStart}`, 'hex');
}
