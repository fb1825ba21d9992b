import { Type } from 'typebox';
import { addFavorite, listFavorites, removeFavorite } from '../../../users/favorites.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute, withStatus } from '../../route.js';
import { Currency, IdParam, Message, Money, PageQuery, ProductIdString, Timestamp } from '../../schemas.js';

const Favorite = Type.Object({
  id: Type.Integer({ description: 'favorite id (used to delete it)' }),
  productId: Type.Integer(),
  title: Type.String(),
  price: Money,
  currency: Currency,
  imageUrl: Type.String(),
  addedAt: Timestamp,
});

export const favoriteRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/favorites',
    scope: 'favorites:read',
    tag: 'User',
    summary: 'Favorite products, newest first (page and limit pick the slice; total counts them all)',
    schema: {
      querystring: Type.Object(PageQuery),
      response: Type.Object({ items: Type.Array(Favorite), total: Type.Integer() }),
    },
    handler: ({ ctx, caller, query }) =>
      listFavorites(ctx, caller.userId, { page: query.page ?? DEFAULT_PAGE, limit: query.limit ?? DEFAULT_LIMIT }),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/favorites',
    scope: 'favorites:write',
    tag: 'User',
    status: 201,
    summary: 'Favorite a product (201; 200 with the existing favorite when it already is one)',
    schema: {
      body: Type.Object({ productId: ProductIdString }, { additionalProperties: false }),
      response: Favorite,
    },
    handler: ({ ctx, caller, body }) => {
      const { favorite, created } = addFavorite(ctx, caller.userId, Number(body.productId));
      return created ? favorite : withStatus(200, favorite);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/user/favorites/:id',
    scope: 'favorites:write',
    tag: 'User',
    summary: 'Remove a favorite by its favorite id',
    schema: { params: IdParam, response: Message },
    handler: ({ ctx, caller, params }) => removeFavorite(ctx, caller.userId, params.id),
  }),
];
