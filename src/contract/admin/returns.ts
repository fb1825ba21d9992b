import { Type, type Static } from 'typebox';
import { CursorQuery, Paginated } from '../common.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../limits.js';
import { ReturnSchema } from '../open/orders.js';

/** The back office's queue of returns and exchanges awaiting the seller's decision (extensions.md section 3). */

export const AdminPendingReturn = Type.Object({
  ...ReturnSchema.properties,
  userId: Type.Integer(),
  packageId: Type.Integer({ description: 'the package that is `returning` until the decision' }),
  title: Type.String({ description: 'the order line\'s product title' }),
  skuName: Type.String(),
  quantity: Type.Integer(),
});

/** The schemas of each route of admin/returns.ts, by method and path. */
export const adminReturnSchemas = {
  'GET /returns/pending': {
    querystring: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `page size, 1 to ${MAX_LIMIT}` })),
      ...CursorQuery,
    }),
    response: Paginated(AdminPendingReturn),
  },
};

export type AdminPendingReturn = Static<typeof AdminPendingReturn>;
