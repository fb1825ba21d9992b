import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, renderClientTypes } from '../../../scripts/gen-client.js';

/**
 * The committed types of crossbuy/client are what openapi-typescript makes of the documents the server
 * serves now. A route, field or schema changed without `npm run gen:client` fails here.
 */
describe('crossbuy/client generated types', () => {
  it('match the served OpenAPI documents (run `npm run gen:client` when this fails)', async () => {
    const fresh = await renderClientTypes();
    for (const [name, text] of Object.entries(fresh)) {
      expect(readFileSync(join(GENERATED_DIR, name), 'utf8'), `src/client/generated/${name} is stale`).toBe(text);
    }
  });
});
