import { backupDatabase, listBackups } from '../../../data/backup.js';
import { resetDemoData } from '../../../data/reset.js';
import { backupFileOf, restoreFromFile } from '../../../data/restore.js';
import { databaseFile } from '../../../data-dir.js';
import { DEFAULT_WORLD } from '../../../worlds/world-id.js';
import { dataDirOfWorld } from '../../../worlds/files.js';
import { readSetting, writeSetting } from '../../../settings/settings.js';
import { checkDisplayCurrency, readDisplayCurrency, writeDisplayCurrency } from '../../../settings/display-currency.js';
import { syncRequestLogLimit } from '../../../requests/request-log.js';
import { badRequest, conflict } from '../../../shared/errors.js';
import { parseAmount, toAmount } from '../../../shared/money.js';
import type { CoreContext } from '../../../context.js';
import { defineRoute } from '../../route.js';
import { adminSettingsSchemas } from '../../../../../contract/admin/settings.js';

const VERSION = '0.1.0';

function ledgerHasEntries(ctx: CoreContext): boolean {
  return ctx.db.prepare('SELECT 1 FROM wallet_entries LIMIT 1').get() !== undefined;
}

/** Said in the answer: a restore never brings a revoked key back. */
export function keptRevokedNote(count: number): string {
  if (count === 0) return '';
  return ` ${count} API key(s) revoked or expired since the backup stay revoked or expired.`;
}

function settingsView(ctx: CoreContext) {
  return {
    serviceFeeRate: readSetting(ctx.db, 'serviceFeeBp') / 100,
    currency: readSetting(ctx.db, 'currency'),
    currencyLocked: ledgerHasEntries(ctx),
    webhooksAllowRemote: readSetting(ctx.db, 'webhooksAllowRemote') === 'yes',
    lowBalanceThreshold: toAmount(readSetting(ctx.db, 'lowBalanceThresholdMinor')),
    requestLogLimit: readSetting(ctx.db, 'requestLogLimit'),
    maxWorlds: readSetting(ctx.db, 'maxWorlds'),
    automaticBackupsKept: readSetting(ctx.db, 'automaticBackupsKept'),
    restoreMaxBytes: readSetting(ctx.db, 'restoreMaxBytes'),
    ...readDisplayCurrency(ctx.db),
  };
}

export const adminSettingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/settings',
    scope: null,
    tag: 'Admin',
    summary: 'Service settings',
    schema: adminSettingsSchemas['GET /settings'],
    handler: ({ ctx }) => settingsView(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/settings',
    scope: null,
    tag: 'Admin',
    summary: 'Change service settings (any subset)',
    schema: adminSettingsSchemas['PUT /settings'],
    handler: ({ ctx, body }) => {
      if (Object.values(body).every((v) => v === undefined)) throw badRequest('Send at least one setting');
      const feeBp = body.serviceFeeRate === undefined ? undefined : Math.round(body.serviceFeeRate * 100);
      if (body.serviceFeeRate !== undefined && Math.abs(feeBp! - body.serviceFeeRate * 100) > 1e-9) throw badRequest('serviceFeeRate takes at most two decimals');
      const threshold = body.lowBalanceThreshold === undefined ? undefined : parseAmount(body.lowBalanceThreshold);
      if (threshold === null) throw badRequest('lowBalanceThreshold must be an amount with at most two decimals');
      if (body.currency !== undefined && body.currency !== ctx.currency && ledgerHasEntries(ctx)) {
        throw conflict(`The ledger currency is fixed once the ledger has entries (it is ${ctx.currency})`);
      }
      const display =
        body.displayCurrency !== undefined || body.displayRates !== undefined
          ? checkDisplayCurrency(ctx.db, body.currency ?? ctx.currency, { displayCurrency: body.displayCurrency, displayRates: body.displayRates })
          : null;
      ctx.db
        .transaction(() => {
          if (feeBp !== undefined) writeSetting(ctx.db, 'serviceFeeBp', feeBp);
          if (body.currency !== undefined) writeSetting(ctx.db, 'currency', body.currency);
          if (body.webhooksAllowRemote !== undefined) writeSetting(ctx.db, 'webhooksAllowRemote', body.webhooksAllowRemote ? 'yes' : 'no');
          if (threshold !== undefined) writeSetting(ctx.db, 'lowBalanceThresholdMinor', threshold);
          if (body.requestLogLimit !== undefined) writeSetting(ctx.db, 'requestLogLimit', body.requestLogLimit);
          if (body.maxWorlds !== undefined) writeSetting(ctx.db, 'maxWorlds', body.maxWorlds);
          if (body.automaticBackupsKept !== undefined) writeSetting(ctx.db, 'automaticBackupsKept', body.automaticBackupsKept);
          if (body.restoreMaxBytes !== undefined) writeSetting(ctx.db, 'restoreMaxBytes', body.restoreMaxBytes);
          if (display) writeDisplayCurrency(ctx.db, display);
        })
        .immediate();
      if (body.requestLogLimit !== undefined) syncRequestLogLimit(ctx);
      return settingsView(ctx);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/server',
    scope: null,
    tag: 'Admin',
    summary: 'Where the API is served and where the data lives',
    schema: adminSettingsSchemas['GET /server'],
    handler: ({ ctx, world = DEFAULT_WORLD }) => {
      // A world's media links carry `?world=`: the origin is the URL's alone.
      const { origin } = new URL(ctx.mediaUrl('/'));
      return {
        origin,
        docsUrl: `${origin}/docs`,
        openapiUrl: `${origin}/api/v1/open/openapi.json`,
        // Another world's database lives in its own folder of the data folder: a command names the data folder.
        dataDir: world === DEFAULT_WORLD || ctx.dataDir === ':memory:' ? ctx.dataDir : dataDirOfWorld(ctx.dataDir),
        databaseFile: ctx.dataDir === ':memory:' ? ':memory:' : databaseFile(ctx.dataDir),
        world,
        version: VERSION,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/data/backups',
    scope: null,
    tag: 'Admin',
    summary: 'Database backups in the data folder, newest first',
    schema: adminSettingsSchemas['GET /data/backups'],
    handler: ({ ctx }) => listBackups(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/data/backup',
    scope: null,
    tag: 'Admin',
    status: 201,
    summary: 'Back up the database (online, consistent) into <data>/backups',
    schema: adminSettingsSchemas['POST /data/backup'],
    handler: async ({ ctx }) => backupDatabase(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/data/reset',
    scope: null,
    tag: 'Admin',
    summary: 'Restore the demo data (keys, webhooks and settings are kept); body {"confirm":"RESET"}',
    schema: adminSettingsSchemas['POST /data/reset'],
    handler: ({ ctx, body }) => {
      if (body.confirm !== 'RESET') throw badRequest('confirm must be "RESET"');
      return resetDemoData(ctx);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/data/restore',
    scope: null,
    tag: 'Admin',
    summary: 'Replace the data with a backup (checked first; the current state is backed up next); body {"backupId","confirm":"RESTORE"}',
    schema: adminSettingsSchemas['POST /data/restore'],
    handler: async ({ ctx, body }) => {
      if (body.confirm !== 'RESTORE') throw badRequest('confirm must be "RESTORE"');
      const file = backupFileOf(ctx, body.backupId);
      const { backupBefore, keysKeptRevoked, worldsDropped } = await restoreFromFile(ctx, file);
      syncRequestLogLimit(ctx);
      const dropped = worldsDropped.length > 0 ? ` Worlds of the backup not registered again (their databases are gone): ${worldsDropped.join(', ')}.` : '';
      return {
        restoredFrom: body.backupId,
        backupBefore,
        keysKeptRevoked,
        worldsDropped,
        message: `Restored ${body.backupId}. The data as it was just before is in backup ${backupBefore.id}.${keptRevokedNote(keysKeptRevoked)}${dropped}`,
      };
    },
  }),
];

