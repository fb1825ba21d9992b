import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { EXPORT_KINDS, exportSchemas, type ExportFilter, type ExportKind } from '../../../../contract/open/exports.js';
import type { Scope } from '../../auth/scopes.js';
import { csvChunks, exportFileName, normalizeFilter } from '../../exports/stream.js';
import type { Worlds } from '../../worlds/worlds.js';
import type { CallerSecrets } from '../caller.js';
import { openCallerInWorld } from '../world-resolution.js';
import { ErrorBody } from '../schemas.js';

const SCOPE: Record<ExportKind, Scope> = { orders: 'orders:read', transactions: 'wallet:read', shipping: 'shipping:read' };
const WHAT: Record<ExportKind, string> = { orders: 'purchase orders', transactions: 'wallet ledger entries', shipping: 'shipping orders' };

/**
 * GET /exports/{orders,transactions,shipping}.csv: the user's rows as CSV, streamed a chunk at a time
 * (core/exports/stream.ts) so memory stays flat whatever the history. Not in the JSON route table (the
 * answer is not `{ data }`), but authenticated, rate limited, validated and documented the same way; the
 * desktop bridge reaches it too (inject), and gets the text.
 */
export function registerExports(app: FastifyInstance, options: { worlds: Worlds; secrets: CallerSecrets; prefix: string }): void {
  for (const kind of EXPORT_KINDS) {
    const url = `/exports/${kind}.csv` as const;
    app.get(
      options.prefix + url,
      {
        schema: {
          summary: `Your ${WHAT[kind]} as CSV (oldest first; header row; amounts with two decimals)`,
          tags: ['Exports'],
          security: [{ bearerAuth: [] }],
          querystring: exportSchemas[`GET ${url}`].querystring,
          response: {
            200: { description: 'text/csv; charset=utf-8, as an attachment', content: { 'text/csv': { schema: Type.String() } } },
            '4xx': ErrorBody,
          },
        },
        onRequest: (request, reply, done) => openCallerInWorld(options.worlds, options.secrets, { scope: SCOPE[kind] }, request, reply, done),
      },
      (request, reply) => {
        const filter = normalizeFilter(request.query as ExportFilter);
        const rows = csvChunks(request.world!.ctx, kind, request.caller!.userId, filter);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${exportFileName(kind, request.world!.ctx.clock.now())}"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(rows, { objectMode: false }));
      },
    );
  }
}
