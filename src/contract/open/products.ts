import { Type, type Static } from 'typebox';
import { Currency, Grams, idParam, LEDGER_CURRENCY_NOTE, Money, PageQuery, Paginated, type ResponseOf } from '../common.js';
import { GOODS_CARGO, PLATFORMS } from '../enums.js';

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
  cargoType: Type.Enum([...GOODS_CARGO]),
  sales: Type.Integer(),
  shopUrl: Type.String(),
});

/** How search results are ordered: the default is relevance (with a query) or best sellers (without). */
export const SEARCH_SORTS = ['price_asc', 'price_desc', 'sales', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The most a price filter can say (in the ledger currency): far above any product, and exact in minor units. */
export const MAX_PRICE_FILTER = 10_000_000;

/** Additive and optional (docs/API.md "Search sort and filters"): without them a search answers as before. */
const SearchFilters = {
  sort: Type.Optional(
    Type.Enum([...SEARCH_SORTS], {
      description: 'price_asc / price_desc (the lowest SKU price), sales (best sellers first), newest (latest listed first)',
    }),
  ),
  minPrice: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_PRICE_FILTER, description: `only products whose lowest SKU price is at least this, ${LEDGER_CURRENCY_NOTE}` }),
  ),
  maxPrice: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_PRICE_FILTER, description: `only products whose lowest SKU price is at most this, ${LEDGER_CURRENCY_NOTE}` }),
  ),
  inStock: Type.Optional(Type.Boolean({ description: 'true: only products with a SKU in stock' })),
};

/**
 * The search words, matched alike by the local catalog (FTS5 prefix terms, search.ts) and a platform's search
 * (marketplace/simulated.ts): every word must begin a word of the title, shop name or category.
 */
const SearchText = Type.String({
  maxLength: 200,
  description: 'keywords, all required: each must begin a word of the title, shop name or category, any case ("hood" finds hoodie, "hoodies" does not); empty: all',
});

export const SearchQuery = Type.Object({ q: Type.Optional(SearchText), ...SearchFilters, ...PageQuery });
export const LocalSearchQuery = Type.Object({
  q: Type.Optional(SearchText),
  platform: Type.Optional(Type.Enum([...PLATFORMS], { description: 'only the local catalog products of this platform' })),
  ...SearchFilters,
  ...PageQuery,
});
/** The schemas of each route of open/products.ts, by method and path. */
export const productSchemas = {
  'GET /products/search': { querystring: LocalSearchQuery, response: Paginated(ProductSchema) },
  'GET /products/platform/:platform/search': {
    params: Type.Object({ platform: Type.String({ description: 'the marketplace to search: taobao, 1688 or weidian (any other is a 404)' }) }),
    querystring: SearchQuery,
    response: Paginated(ProductSchema),
  },
  'GET /products/resolve': {
    querystring: Type.Object({
      url: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: "a Taobao, Tmall, 1688 or Weidian product page link, or another agent's link to one (Superbuy, CSSBuy, CNFans...); short links are a 400",
      }),
    }),
    response: Type.Object({
      ...ProductSchema.properties,
      source: Type.String({ description: 'where the link came from: taobao, tmall, 1688, weidian, or the agent (superbuy, cssbuy, cnfans, ...)' }),
    }),
  },
  'GET /products/:id': { params: idParam('product id: `id` of a product in search or resolve results'), response: ProductSchema },
};

/** The static types of what these routes take and answer. */
export type Product = Static<typeof ProductSchema>;
export type Sku = Product['skus'][number];
export type SearchFilterQuery = Static<typeof LocalSearchQuery>;
export type ResolvedProduct = ResponseOf<(typeof productSchemas)['GET /products/resolve']>;
