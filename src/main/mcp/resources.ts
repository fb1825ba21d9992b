import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { OPEN_PREFIX } from './call.js';
import type { Dispatch } from './dispatch.js';

/**
 * What an assistant may read besides calling tools: the open OpenAPI document (as the server serves it),
 * the API reference (docs/API.md) and the shipped world files (worlds/*.json), when the checkout has them.
 */
export const OPENAPI_URI = 'crossbuy://openapi/open.json';
export const API_REFERENCE_URI = 'crossbuy://docs/API.md';
const WORLD_PREFIX = 'crossbuy://worlds/';
const WORLD_SCHEMA_FILE = 'world-file.schema.json';

/** The checkout's root, found upwards from this module (it runs from src/main/mcp or from a bundle in out/). */
export function checkoutRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function worldFiles(root: string): string[] {
  const dir = join(root, 'worlds');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
}

export function listResources(root = checkoutRoot()): Resource[] {
  const resources: Resource[] = [
    { uri: OPENAPI_URI, name: 'openapi-open', title: 'crossbuy open API (OpenAPI 3.1)', description: 'Every route an API key can call, with its schemas, errors and examples.', mimeType: 'application/json' },
  ];
  if (existsSync(join(root, 'docs', 'API.md'))) {
    resources.push({ uri: API_REFERENCE_URI, name: 'api-reference', title: 'crossbuy API reference', description: 'How the API behaves: money, paging, errors, idempotency, events, the MCP tools.', mimeType: 'text/markdown' });
  }
  for (const file of worldFiles(root)) {
    const name = `world-${file.replace(/\.json$/, '')}`;
    // The folder holds the files' JSON Schema too: said to be the schema, not offered as a world.
    resources.push(
      file === WORLD_SCHEMA_FILE
        ? { uri: WORLD_PREFIX + file, name, title: 'World file JSON Schema', description: 'The JSON Schema every world file follows (steps, seed, clock): read it before writing one.', mimeType: 'application/schema+json' }
        : { uri: WORLD_PREFIX + file, name, title: `World file ${file}`, description: 'A shipped world file (a sandbox set up from a description).', mimeType: 'application/json' },
    );
  }
  return resources;
}

/** One resource's content, or null when there is no such resource. */
export async function readResource(uri: string, dispatch: Dispatch, root = checkoutRoot()): Promise<ReadResourceResult | null> {
  if (uri === OPENAPI_URI) {
    const answer = await dispatch({ method: 'GET', path: `${OPEN_PREFIX}/openapi.json`, headers: {} });
    return { contents: [{ uri, mimeType: 'application/json', text: answer.body }] };
  }
  if (uri === API_REFERENCE_URI) {
    const file = join(root, 'docs', 'API.md');
    return existsSync(file) ? { contents: [{ uri, mimeType: 'text/markdown', text: readFileSync(file, 'utf8') }] } : null;
  }
  if (uri.startsWith(WORLD_PREFIX)) {
    const name = uri.slice(WORLD_PREFIX.length);
    // Only a name listed in the folder: never a path of the caller's making.
    if (!worldFiles(root).includes(name)) return null;
    const mimeType = name === WORLD_SCHEMA_FILE ? 'application/schema+json' : 'application/json';
    return { contents: [{ uri, mimeType, text: readFileSync(join(root, 'worlds', name), 'utf8') }] };
  }
  return null;
}
