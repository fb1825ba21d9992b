import { Type } from 'typebox';
import { addBatchToCart, addToCart, clearCart, getCart, MAX_BATCH, removeCartItem, updateCartItem } from '../../../cart/cart.js';
import { defineRoute } from '../../route.js';
import { Currency, Message, Money, ProductIdString } from '../../schemas.js';

const CartItem = Type.Object({
  id: Type.Integer(),
  productId: Type.Integer(),
  title: Type.String(),
  skuId: Type.String(),
  skuName: Type.String(),
  price: Money,
  quantity: Type.Integer(),
  imageUrl: Type.String(),
  selected: Type.Boolean(),
  stock: Type.Integer(),
  remark: Type.String(),
});

const Quantity = Type.Integer({ minimum: 1, maximum: 100_000 });
const Remark = Type.String({ maxLength: 500 });
const NewLine = Type.Object(
  { productId: ProductIdString, skuId: Type.String({ minLength: 1, maxLength: 64 }), quantity: Quantity, remark: Type.Optional(Remark) },
  { additionalProperties: false },
);
const ItemIdParam = Type.Object({ itemId: Type.Integer({ minimum: 1 }) });

export const cartRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cart',
    scope: 'cart:read',
    tag: 'Cart',
    summary: 'The cart, with totals over all lines and over the selected lines',
    schema: {
      response: Type.Object({
        items: Type.Array(CartItem),
        totalItems: Type.Integer(),
        totalAmount: Money,
        selectedItems: Type.Integer(),
        selectedAmount: Money,
        currency: Currency,
      }),
    },
    handler: ({ ctx, caller }) => getCart(ctx, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/cart/items',
    scope: 'cart:write',
    tag: 'Cart',
    status: 201,
    summary: 'Add a SKU to the cart (adds to the existing line of the same SKU)',
    schema: {
      body: NewLine,
      response: Type.Object({ id: Type.Integer(), productId: Type.Integer(), skuId: Type.String(), quantity: Type.Integer(), message: Type.String() }),
    },
    handler: ({ ctx, caller, body }) => addToCart(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/cart/items/batch',
    scope: 'cart:write',
    tag: 'Cart',
    status: 201,
    summary: `Add up to ${MAX_BATCH} lines at once, all or nothing`,
    schema: {
      body: Type.Object({ items: Type.Array(NewLine, { minItems: 1, maxItems: MAX_BATCH }) }, { additionalProperties: false }),
      response: Type.Object({ added: Type.Integer(), items: Type.Array(Type.Object({ id: Type.Integer(), productId: Type.String() })) }),
    },
    handler: ({ ctx, caller, body }) => addBatchToCart(ctx, caller.userId, body.items),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/cart/items/:itemId',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Change a line: quantity, selected for checkout, remark',
    schema: {
      params: ItemIdParam,
      body: Type.Object(
        { quantity: Type.Optional(Quantity), selected: Type.Optional(Type.Boolean()), remark: Type.Optional(Remark) },
        { additionalProperties: false },
      ),
      response: Type.Object({ id: Type.Integer(), quantity: Type.Integer(), selected: Type.Boolean(), remark: Type.String(), message: Type.String() }),
    },
    handler: ({ ctx, caller, params, body }) => updateCartItem(ctx, caller.userId, params.itemId, body ?? {}),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/cart/items/:itemId',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Remove a line',
    schema: { params: ItemIdParam, response: Message },
    handler: ({ ctx, caller, params }) => removeCartItem(ctx, caller.userId, params.itemId),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/cart',
    scope: 'cart:write',
    tag: 'Cart',
    summary: 'Clear the cart',
    schema: { response: Type.Object({ message: Type.String(), removed: Type.Integer() }) },
    handler: ({ ctx, caller }) => clearCart(ctx, caller.userId),
  }),
];
