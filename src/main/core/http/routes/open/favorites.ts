import { addFavorite, listFavorites, removeFavorite } from '../../../users/favorites.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute, withStatus } from '../../route.js';
import { favoriteSchemas } from '../../../../../contract/open/favorites.js';

export const favoriteRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/favorites',
    scope: 'favorites:read',
    tag: 'User',
    summary: 'Favorite products, newest first (page and limit pick the slice; total counts them all)',
    schema: favoriteSchemas['GET /user/favorites'],
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
    schema: favoriteSchemas['POST /user/favorites'],
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
    schema: favoriteSchemas['DELETE /user/favorites/:id'],
    handler: ({ ctx, caller, params }) => removeFavorite(ctx, caller.userId, params.id),
  }),
];
