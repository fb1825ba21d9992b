import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../../src/main/core/products/marketplace/adapter.js';
import { ITEMS_PER_PLATFORM, generateItem } from '../../../src/main/core/products/marketplace/simulated.js';
import { CATALOG_GENERATION } from '../../../src/main/core/products/seed.js';

/** Every item the simulated marketplaces can generate, as one digest. */
function catalogDigest(): string {
  const items = PLATFORMS.flatMap((platform) => Array.from({ length: ITEMS_PER_PLATFORM }, (_, i) => generateItem(platform, i)));
  return hash('sha256', JSON.stringify(items), 'hex');
}

describe('the simulated catalog', () => {
  // World templates are keyed by CATALOG_GENERATION (worlds/template-key.ts): a kept template is copied
  // instead of applying its file again, so a catalog that changes under the same generation would hand
  // out worlds with the old prices. When this fails, raise CATALOG_GENERATION and pin the new digest.
  it('is the one its generation number names', () => {
    expect({ generation: CATALOG_GENERATION, digest: catalogDigest() }).toEqual({
      generation: 2,
      digest: '246f38b79b1f151e74c8fe8eb59f2d637762df5eecc03b9e015411636ff0f11e',
    });
  });
});
