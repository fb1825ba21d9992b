import { Type, type Static } from 'typebox';
import { type BodyOf, Currency, Message, Money, ProductIdString, type ResponseOf, SkuIdString } from '../common.js';
import { CART_IMPORT_STATUSES } from '../enums.js';
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
/** `Quantity` and `Remark` saying what they mean where they are taken. */
const quantity = (description: string) => Type.Integer({ minimum: 1, maximum: 100_000, description });
const remark = (description: string) => Type.String({ maxLength: 500, description });
export const NewLine = Type.Object(
  {
    productId: ProductIdString,
    skuId: SkuIdString,
    quantity: quantity("units to add to the cart's line of this SKU; the line's total may not exceed the SKU's stock (422)"),
    remark: Type.Optional(remark("a note kept on the cart line, at most 500 characters; replaces the remark of a line already in the cart")),
  },
  { additionalProperties: false },
);
export const ItemIdParam = Type.Object({
  itemId: Type.Integer({ minimum: 1, description: 'cart line id: `id` of a line in GET /cart (also answered by POST /cart/items)' }),
});

/** v1.2 (extensions.md section 13): what became of one link (or linkless line) of a cart import. */
export const CartImportLine = Type.Object({
  line: Type.Integer({ description: '1-based line of the pasted text; a line with several links has several entries' }),
  input: Type.String({ description: 'the link as found on the line (empty when the line has none)' }),
  status: Type.Enum([...CART_IMPORT_STATUSES], { description: CART_IMPORT_STATUSES.join(', ') }),
  productId: Type.Union([Type.Integer(), Type.Null()]),
  skuId: Type.Union([Type.String(), Type.Null()]),
  quantity: Type.Union([Type.Integer(), Type.Null()]),
  cartItemId: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.String(),
});
export const CartImportBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 200_000, description: 'links, one or many per line, at most 500 lines' }),
    defaultQuantity: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'units to add for a line that states no quantity ("x2", "qty: 2", "2 pcs"...); default 1' }),
    ),
  },
  { additionalProperties: false },
);

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
    body: Type.Object(
      {
        items: Type.Array(NewLine, {
          minItems: 1,
          maxItems: MAX_CART_BATCH,
          description: `the lines to add, 1 to ${MAX_CART_BATCH}, each as POST /cart/items takes one: all are added or none (the error names items[i])`,
        }),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ added: Type.Integer(), items: Type.Array(Type.Object({ id: Type.Integer(), productId: Type.String() })) }),
  },
  'PATCH /cart/items/:itemId': {
    params: ItemIdParam,
    body: Type.Object(
      {
        quantity: Type.Optional(quantity("the line's new quantity (replaces it, not added); at most the SKU's stock (422)")),
        selected: Type.Optional(
          Type.Boolean({ description: 'selected for checkout: selected lines make selectedItems and selectedAmount, and POST /logistics/estimate with cart: true' }),
        ),
        remark: Type.Optional(remark("the line's note, at most 500 characters (replaces it; an empty string clears it)")),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ id: Type.Integer(), quantity: Type.Integer(), selected: Type.Boolean(), remark: Type.String(), message: Type.String() }),
  },
  'DELETE /cart/items/:itemId': { params: ItemIdParam, response: Message },
  'DELETE /cart': { response: Type.Object({ message: Type.String(), removed: Type.Integer() }) },
  'POST /cart/import': {
    body: CartImportBody,
    response: Type.Object({ added: Type.Integer(), lines: Type.Array(CartImportLine) }),
  },
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
export type CartImportBody = Static<typeof CartImportBody>;
export type CartImportLine = Static<typeof CartImportLine>;
export type CartImport = ResponseOf<Routes['POST /cart/import']>;
