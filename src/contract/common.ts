import { Type, type Static, type TSchema } from 'typebox';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from './limits.js';

/** Shared pieces of the route schemas. */

export const Money = Type.Number({ description: 'amount in the ledger currency, at most two decimals' });
/**
 * An amount in integer minor units (fen; 1234 = 12.34): how the core stores and computes money and how
 * the UI sums and converts it without float drift. `Money` is the same amount at the JSON edge. The
 * contract's own integer money fields say so in their names (`storageFeePerDayMinor`, ...).
 */
export type Minor = number;
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC' });
export const Currency = Type.String({ description: 'ISO 4217 code, e.g. CNY' });
export const Grams = Type.Integer({ description: 'grams' });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: DEFAULT_PAGE, description: 'page number, from 1' })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `page size, 1 to ${MAX_LIMIT}` }),
  ),
};

/** `startingAfter`, the cursor every list takes beside page/limit (docs/API.md, "Cursor paging"). */
export const CursorQuery = {
  startingAfter: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'cursor paging: the items after this id, in the list\'s order (instead of page)' }),
  ),
};

/** The query of a list that pages by cursor only (`page` stays accepted as 1, any other page is a 400). */
export const CursorOnlyQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: DEFAULT_PAGE, description: 'always 1: this list pages by cursor (startingAfter)' })),
  limit: PageQuery.limit,
  ...CursorQuery,
};

export function Paginated<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
  });
}

/** One page of a list, as every list route answers. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export const Message = Type.Object({ message: Type.String() });
export type MessageResult = Static<typeof Message>;

/** A positive integer id in a path segment. */
export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** The same, saying what the id is and which route answers it (the open API's tools show it as the argument's description). */
export const idParam = (description: string) => Type.Object({ id: Type.Integer({ minimum: 1, description }) });

/** How a description names the currency of an amount: every amount of the API is in the installation's ledger currency. */
export const LEDGER_CURRENCY_NOTE = 'in the ledger currency (CNY by default)';

/** A product id as the contract sends it in bodies: a string of digits. */
export const ProductIdString = Type.String({
  pattern: '^[1-9][0-9]{0,15}$',
  description: "product id as a string of digits: a product's `id` from search, resolve or GET /products/{id}",
});

/** A SKU of a product, as the bodies that name one take it. */
export const SkuIdString = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "the SKU's skuId, one of the product's skus (search results or GET /products/{id})",
});

/** A body that may be left out entirely (Fastify validates a missing body as null). */
export const OrNoBody = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    message: Type.String(),
    error: Type.String(),
    code: Type.Optional(Type.String({ description: 'Stable discriminator of some errors (see ERROR_CODES); additive' })),
    field: Type.Optional(Type.String({ description: 'The body field the error is about, where there is one' })),
    required: Type.Optional(Type.Number({ description: 'With code insufficient_balance: what the refused payment needs, in the ledger currency' })),
    available: Type.Optional(Type.Number({ description: 'With code insufficient_balance: the available balance it met, in the ledger currency' })),
    step: Type.Optional(
      Type.Object(
        {
          index: Type.Integer({ description: 'in the file given, from 0 (an included file\'s step: the include step\'s index)' }),
          name: Type.Union([Type.String(), Type.Null()]),
          label: Type.String({ description: '`steps[3]`, or `steps[1] > base.json steps[0]` inside an included file' }),
          status: Type.Optional(Type.Integer({ description: 'the status the step was answered, when it ran' })),
        },
        { description: 'With code world_file_failed: the step that failed' },
      ),
    ),
  },
  { $id: 'ErrorBody' },
);

/** The shape of one entry of a route-schema table (`orderSchemas['GET /orders/:id']`). */
export interface RouteSchemaSet {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: TSchema;
}

/** What a route answers in `data`. */
export type ResponseOf<R extends RouteSchemaSet> = Static<R['response']>;
/** What a route takes as its body (a body that may be left out is not null here). */
export type BodyOf<R extends RouteSchemaSet> = R['body'] extends TSchema ? Exclude<Static<R['body']>, null> : never;
/** What a route takes in its query string. */
export type QueryOf<R extends RouteSchemaSet> = R['querystring'] extends TSchema ? Static<R['querystring']> : never;
