import { Type, type Static } from 'typebox';
import { type BodyOf, Currency, Message, Money, ProductIdString, type ResponseOf } from '../common.js';
import { MAX_CART_BATCH } from '../limits.js';

export const CartItem = Type.Object({
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

export const Quantity = Type.Integer({ minimum: 1, maximum: 100_000 });
export const Remark = Type.String({ maxLength: 500 });
export const NewLine = Type.Object(
  { productId: ProductIdString, skuId: Type.String({ minLength: 1, maxLength: 64 }), quantity: Quantity, remark: Type.Optional(Remark) },
  { additionalProperties: false },
);
export const ItemIdParam = Type.Object({ itemId: Type.Integer({ minimum: 1 }) });

/** The schemas of each route of open/cart.ts, by method and path. */
export const cartSchemas = {
  'GET /cart': {
    response: Type.Object({
      items: Type.Array(CartItem),
      totalItems: Type.Integer(),
      totalAmount: Money,
      selectedItems: Type.Integer(),
      selectedAmount: Money,
      currency: Currency,
    }),
  },
  'POST /cart/items': {
    body: NewLine,
    response: Type.Object({ id: Type.Integer(), productId: Type.Integer(), skuId: Type.String(), quantity: Type.Integer(), message: Type.String() }),
  },
  'POST /cart/items/batch': {
    body: Type.Object({ items: Type.Array(NewLine, { minItems: 1, maxItems: MAX_CART_BATCH }) }, { additionalProperties: false }),
    response: Type.Object({ added: Type.Integer(), items: Type.Array(Type.Object({ id: Type.Integer(), productId: Type.String() })) }),
  },
  'PATCH /cart/items/:itemId': {
    params: ItemIdParam,
    body: Type.Object(
      { quantity: Type.Optional(Quantity), selected: Type.Optional(Type.Boolean()), remark: Type.Optional(Remark) },
      { additionalProperties: false },
    ),
    response: Type.Object({ id: Type.Integer(), quantity: Type.Integer(), selected: Type.Boolean(), remark: Type.String(), message: Type.String() }),
  },
  'DELETE /cart/items/:itemId': { params: ItemIdParam, response: Message },
  'DELETE /cart': { response: Type.Object({ message: Type.String(), removed: Type.Integer() }) },
};

/** The static types of what these routes take and answer. */
type Routes = typeof cartSchemas;
export type CartItem = Static<typeof CartItem>;
export type Cart = ResponseOf<Routes['GET /cart']>;
export type AddToCartInput = BodyOf<Routes['POST /cart/items']>;
export type AddToCartResult = ResponseOf<Routes['POST /cart/items']>;
export type CartItemPatch = BodyOf<Routes['PATCH /cart/items/:itemId']>;
export type CartItemPatchResult = ResponseOf<Routes['PATCH /cart/items/:itemId']>;
export type ClearCartResult = ResponseOf<Routes['DELETE /cart']>;
