import type { Migration } from '../migrate.js';

/**
 * The local catalog sorted by price (GET /products/search?sort=price_asc|price_desc, issue 17 item 13):
 * read in index order, like the best-sellers page (products_source_sales), instead of sorting the catalog.
 */
export const catalogPriceIndex: Migration = {
  version: 10,
  name: 'catalog price index',
  up: /* sql */ `
CREATE INDEX products_source_price ON products(source, price_minor, id);
`,
};
