/**
 * The item's page on its marketplace, in each platform's canonical desktop form (the same forms the
 * pasted-link reader understands, so a link copied from here pastes back to the same product; a unit test
 * in test/unit/products holds the two together for every platform of the contract).
 */
const ITEM_URL: Readonly<Record<string, (itemId: string) => string>> = {
  taobao: (id) => `https://item.taobao.com/item.htm?id=${encodeURIComponent(id)}`,
  '1688': (id) => `https://detail.1688.com/offer/${encodeURIComponent(id)}.html`,
  weidian: (id) => `https://weidian.com/item.html?itemID=${encodeURIComponent(id)}`,
};

export function marketplaceItemUrl(platform: string, platformItemId: string): string | null {
  const itemUrl = Object.hasOwn(ITEM_URL, platform) ? ITEM_URL[platform] : undefined;
  return itemUrl && platformItemId ? itemUrl(platformItemId) : null;
}
