import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../../src/contract/enums.js';
import { readMarketplaceLink } from '../../../src/main/core/products/link-resolver.js';
import { marketplaceItemUrl } from '../../../src/renderer/src/features/shop/product/marketplaceUrl.js';

/** The product page's "View on <platform>" link and the pasted-link reader agree on every platform. */
describe('marketplaceItemUrl', () => {
  it('gives each platform a link that reads back as the same platform and item', () => {
    for (const platform of PLATFORMS) {
      const url = marketplaceItemUrl(platform, '6123456789');
      expect(url).toMatch(/^https:\/\//);
      expect(readMarketplaceLink(url!)).toEqual({ ok: true, link: { platform, platformItemId: '6123456789', source: platform } });
    }
  });

  it('has no link for an unknown platform or an empty item id', () => {
    expect(marketplaceItemUrl('local', '1')).toBeNull();
    expect(marketplaceItemUrl('taobao', '')).toBeNull();
  });
});
