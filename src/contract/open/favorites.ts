import { Type, type Static } from 'typebox';
import { Currency, idParam, Message, Money, PageQuery, ProductIdString, Timestamp } from '../common.js';

export const Favorite = Type.Object({
  id: Type.Integer({ description: 'favorite id (used to delete it)' }),
  productId: Type.Integer(),
  title: Type.String(),
  price: Money,
  currency: Currency,
  imageUrl: Type.String(),
  addedAt: Timestamp,
});

/** The schemas of each route of open/favorites.ts, by method and path. */
export const favoriteSchemas = {
  'GET /user/favorites': {
    querystring: Type.Object(PageQuery),
    response: Type.Object({ items: Type.Array(Favorite), total: Type.Integer() }),
  },
  'POST /user/favorites': {
    body: Type.Object({ productId: ProductIdString }, { additionalProperties: false }),
    response: Favorite,
  },
  'DELETE /user/favorites/:id': { params: idParam('favorite id (not the product id): `id` of a favorite in GET /user/favorites'), response: Message },
};

/** The static types of what these routes take and answer. */
export type Favorite = Static<typeof Favorite>;
