import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShippedWorldFile } from '../../../contract/admin/worlds.js';

/** The checkout's `worlds/` folder, found upwards from this module (src/ under tsx, a bundle in out/). */
export function defaultShippedWorldsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return resolve(dir, 'worlds');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A parsed file as listed, or null when it is not a world file (the JSON Schema lives beside them). */
export function describeShippedFile(fileName: string, file: unknown): ShippedWorldFile | null {
  if (!isRecord(file) || file.crossbuyWorld === undefined) return null;
  return {
    name: typeof file.name === 'string' ? file.name : fileName.replace(/\.json$/, ''),
    description: typeof file.description === 'string' ? file.description : '',
    seed: typeof file.seed === 'number' ? file.seed : null,
    fileName,
    file,
  };
}

async function readShipped(dir: string): Promise<ShippedWorldFile[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    // A packaged app without the folder offers none rather than failing the dialog.
    return [];
  }
  const files = await Promise.all(
    names.map(async (fileName) => {
      try {
        return describeShippedFile(fileName, JSON.parse(await readFile(join(dir, fileName), 'utf8')) as unknown);
      } catch {
        return null;
      }
    }),
  );
  return files.filter((file): file is ShippedWorldFile => file !== null);
}

const cache = new Map<string, Promise<ShippedWorldFile[]>>();

/**
 * The shipped world files, read once per folder (asynchronously, off the request's turn) and kept: they
 * are part of the installed version and do not change while it runs.
 */
export function shippedWorldFiles(dir: string = defaultShippedWorldsDir()): Promise<ShippedWorldFile[]> {
  let files = cache.get(dir);
  if (!files) {
    files = readShipped(dir);
    cache.set(dir, files);
  }
  return files;
}
