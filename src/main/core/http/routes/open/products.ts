import { Type } from 'typebox';
import { getProductView } from '../../../products/catalog.js';
import { resolveProductLink, searchLocalCatalog, searchPlatform } from '../../../products/search.js';
import { defineRoute } from '../../route.js';
import { Currency, Grams, IdParam, Money, PageQuery, Paginated } from '../../schemas.js';

export const ProductSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  price: Money,
  currency: Currency,
  platform: Type.String({ description: 'taobao, 1688 or weidian' }),
  imageUrl: Type.String(),
  shopName: Type.String(),
  skus: Type.Array(
    Type.Object({
      skuId: Type.String(),
      name: Type.String(),
      price: Money,
      stock: Type.Integer(),
      image: Type.Optional(Type.String()),
    }),
  ),
  platformItemId: Type.String(),
  images: Type.Array(Type.String()),
  description: Type.String(),
  weight: Grams,
  cargoType: Type.String({ description: 'general, battery or sensitive' }),
  sales: Type.Integer(),
  shopUrl: Type.String(),
});

const SearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), ...PageQuery });
const page = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 });

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/products/search',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Search the local catalog',
    schema: { querystring: SearchQuery, response: Paginated(ProductSchema) },
    handler: ({ ctx, query }) => searchLocalCatalog(ctx, query.q ?? '', page(query)),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/platform/:platform/search',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Search a marketplace platform directly (taobao, 1688, weidian)',
    schema: {
      params: Type.Object({ platform: Type.String() }),
      querystring: SearchQuery,
      response: Paginated(ProductSchema),
    },
    handler: ({ ctx, params, query }) => searchPlatform(ctx, params.platform, query.q ?? '', page(query)),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/resolve',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Open the product a pasted Taobao, Tmall, 1688 or Weidian link points at',
    schema: { querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }), response: ProductSchema },
    handler: ({ ctx, query }) => resolveProductLink(ctx, query.url),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/:id',
    scope: 'products:read',
    tag: 'Products',
    summary: 'Product detail with SKU variants, prices and images',
    schema: { params: IdParam, response: ProductSchema },
    handler: ({ ctx, params }) => getProductView(ctx, params.id),
  }),
];
