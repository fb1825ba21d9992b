import { getProductView } from '../../../products/catalog.js';
import { resolveProductLink, searchLocalCatalog, searchPlatform } from '../../../products/search.js';
import { searchFiltersOf } from '../../../products/search-filters.js';
import { defineRoute } from '../../route.js';
import { productSchemas } from '../../../../../contract/open/products.js';

const page = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 });

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/products/search',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Search the local catalog',
    schema: productSchemas['GET /products/search'],
    handler: ({ ctx, query }) => searchLocalCatalog(ctx, query.q ?? '', page(query), searchFiltersOf(query)),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/platform/:platform/search',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Search a marketplace platform directly (taobao, 1688, weidian)',
    schema: productSchemas['GET /products/platform/:platform/search'],
    handler: ({ ctx, params, query }) => searchPlatform(ctx, params.platform, query.q ?? '', page(query), searchFiltersOf(query)),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/resolve',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Open the product a pasted Taobao, Tmall, 1688 or Weidian link points at',
    schema: productSchemas['GET /products/resolve'],
    handler: ({ ctx, query }) => resolveProductLink(ctx, query.url),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/:id',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Product detail with SKU variants, prices and images',
    schema: productSchemas['GET /products/:id'],
    handler: ({ ctx, params }) => getProductView(ctx, params.id),
  }),
];
