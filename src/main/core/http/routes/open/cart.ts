import { addBatchToCart, addToCart, clearCart, getCart, MAX_BATCH, removeCartItem, updateCartItem } from '../../../cart/cart.js';
import { importToCart } from '../../../cart/import.js';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey } from '../../idempotency.js';
import { defineRoute, replayedAnswer } from '../../route.js';
import { cartSchemas } from '../../../../../contract/open/cart.js';

export const cartRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cart',
    scope: 'cart:read',
    tag: 'Cart',
    summary: 'The cart, with totals over all lines and over the selected lines',
    schema: cartSchemas['GET /cart'],
    handler: ({ ctx, caller }) => getCart(ctx, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/cart/items',
    scope: 'cart:write',
    tag: 'Cart',
    status: 201,
    summary: 'Add a SKU to the cart (adds to the existing line of the same SKU)',
    // A double click or a retried add must not add the units twice.
    idempotent: true,
    schema: cartSchemas['POST /cart/items'],
    handler: ({ ctx, caller, body }) => addToCart(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/cart/items/batch',
    scope: 'cart:write',
    tag: 'Cart',
    status: 201,
    summary: `Add up to ${MAX_BATCH} lines at once, all or nothing`,
    schema: cartSchemas['POST /cart/items/batch'],
    handler: ({ ctx, caller, body }) => addBatchToCart(ctx, caller.userId, body.items),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/cart/items/:itemId',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Change a line: quantity, selected for checkout, remark',
    schema: cartSchemas['PATCH /cart/items/:itemId'],
    handler: ({ ctx, caller, params, body }) => updateCartItem(ctx, caller.userId, params.itemId, body ?? {}),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/cart/items/:itemId',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Remove a line',
    schema: cartSchemas['DELETE /cart/items/:itemId'],
    handler: ({ ctx, caller, params }) => removeCartItem(ctx, caller.userId, params.itemId),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/cart',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Clear the cart',
    schema: cartSchemas['DELETE /cart'],
    handler: ({ ctx, caller }) => clearCart(ctx, caller.userId),
  }),

  defineRoute({
    method: 'POST',
    url: '/cart/import',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Paste links (marketplace or other agents\', many per line, up to 500 lines): each line added or explained',
    // Idempotency-Key is honoured inside importToCart: the links are fetched first (asynchronously), then
    // the lines and the key's record are written in one transaction. A stored answer sent again is a
    // `replayedAnswer`, which the server sends with `Idempotent-Replayed: true` (http/server.ts, envelope).
    idempotent: 'in-handler',
    schema: cartSchemas['POST /cart/import'],
    handler: async ({ ctx, caller, body, headers }) => {
      const { result, replayed } = await importToCart(ctx, caller, body, parseIdempotencyKey(headers?.[IDEMPOTENCY_HEADER]));
      return replayed ? replayedAnswer(result) : result;
    },
  }),
];
