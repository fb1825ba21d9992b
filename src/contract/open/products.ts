import { Type, type Static } from 'typebox';
import { Currency, Grams, IdParam, Money, PageQuery, Paginated } from '../common.js';
import { GOODS_CARGO } from '../enums.js';

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

export const SearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), ...PageQuery });
/** The schemas of each route of open/products.ts, by method and path. */
export const productSchemas = {
  'GET /products/search': { querystring: SearchQuery, response: Paginated(ProductSchema) },
  'GET /products/platform/:platform/search': {
    params: Type.Object({ platform: Type.String() }),
    querystring: SearchQuery,
    response: Paginated(ProductSchema),
  },
  'GET /products/resolve': { querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }), response: ProductSchema },
  'GET /products/:id': { params: IdParam, response: ProductSchema },
};

/** The static types of what these routes take and answer. */
export type Product = Static<typeof ProductSchema>;
export type Sku = Product['skus'][number];
