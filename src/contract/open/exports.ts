import { Type, type Static } from 'typebox';
import { Timestamp } from '../common.js';
import { ENTRY_TYPES, ORDER_STATUSES, SHIPPING_STATUSES } from '../enums.js';

/**
 * CSV exports of the open API (docs/API.md, "Exports"): the user's purchase orders, wallet ledger and
 * shipping orders, oldest first, streamed. Errors are JSON in the error shape, as everywhere.
 */
export const EXPORT_KINDS = ['orders', 'transactions', 'shipping'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const Period = {
  from: Type.Optional(Timestamp),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601 UTC; rows created before this time (exclusive)' })),
};

export const exportSchemas = {
  'GET /exports/orders.csv': { querystring: Type.Object({ ...Period, status: Type.Optional(Type.Enum([...ORDER_STATUSES])) }) },
  'GET /exports/transactions.csv': { querystring: Type.Object({ ...Period, type: Type.Optional(Type.Enum([...ENTRY_TYPES])) }) },
  'GET /exports/shipping.csv': { querystring: Type.Object({ ...Period, status: Type.Optional(Type.Enum([...SHIPPING_STATUSES])) }) },
};

/** The filters every export takes (each uses the ones its route lists). */
export interface ExportFilter {
  from?: string;
  to?: string;
  status?: string;
  type?: string;
}

export type OrdersExportQuery = Static<(typeof exportSchemas)['GET /exports/orders.csv']['querystring']>;
