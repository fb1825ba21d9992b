import { Type, type Static } from 'typebox';
import { type BodyOf, Message, type ResponseOf, Timestamp } from '../common.js';

/** An ISO 4217 code. */
const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$' });

/** Units of each display currency per unit of the ledger currency, as the operator sets them (USD: 0.1381). */
export const DisplayRates = Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }), {
  maxProperties: 30,
  description: 'units of each currency per unit of the ledger currency',
});

export const SettingsView = Type.Object({
  serviceFeeRate: Type.Number({ description: 'percent of the goods subtotal' }),
  currency: Type.String(),
  currencyLocked: Type.Boolean({ description: 'true once the ledger has entries' }),
  webhooksAllowRemote: Type.Boolean(),
  lowBalanceThreshold: Type.Number(),
  requestLogLimit: Type.Integer({ description: 'how many open-API requests the request log keeps (also never older than 7 days)' }),
  maxWorlds: Type.Integer({ description: 'most worlds in this data folder, the default world included (the default world\'s setting counts)' }),
  automaticBackupsKept: Type.Integer({ description: 'how many automatic backups (the state before each restore) are kept; older ones are deleted' }),
  restoreMaxBytes: Type.Integer({ description: 'the largest backup file a restore accepts, in bytes' }),
  displayCurrency: Type.Union([CurrencyCode, Type.Null()], { description: 'shown beside ledger amounts in the UI at its rate; never stored in the ledger' }),
  displayRates: DisplayRates,
});

export const Backup = Type.Object({
  id: Type.String({ description: 'the file name in <data>/backups: what POST /data/restore takes' }),
  file: Type.String(),
  bytes: Type.Integer(),
  createdAt: Timestamp,
});

/** Installation settings, server facts, backups and the demo reset. */

/** The schemas of each route of admin/settings.ts, by method and path. */
export const adminSettingsSchemas = {
  'GET /settings': { response: SettingsView },
  'PUT /settings': {
    body: Type.Object(
      {
        serviceFeeRate: Type.Optional(Type.Number({ minimum: 0, maximum: 50 })),
        currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
        webhooksAllowRemote: Type.Optional(Type.Boolean()),
        lowBalanceThreshold: Type.Optional(Type.Number({ minimum: 0 })),
        requestLogLimit: Type.Optional(Type.Integer({ minimum: 100, maximum: 1_000_000 })),
        maxWorlds: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        automaticBackupsKept: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        restoreMaxBytes: Type.Optional(Type.Integer({ minimum: 4096, maximum: 1024 ** 4 })),
        displayCurrency: Type.Optional(Type.Union([CurrencyCode, Type.Null()])),
        displayRates: Type.Optional(DisplayRates),
      },
      { additionalProperties: false },
    ),
    response: SettingsView,
  },
  'GET /server': {
    response: Type.Object({
      origin: Type.String({ description: 'where the API and the page are served, e.g. http://127.0.0.1:4680' }),
      docsUrl: Type.String(),
      openapiUrl: Type.String(),
      dataDir: Type.String({ description: 'the data folder the server holds (for every world: the one `--data` names)' }),
      databaseFile: Type.String({ description: 'the database of the world asked about (a world other than the default one has its own)' }),
      world: Type.String({ description: 'the world asked about: `default`, or the id Crossbuy-World named' }),
      version: Type.String(),
    }),
  },
  'GET /data/backups': { response: Type.Array(Backup) },
  'POST /data/backup': { response: Backup },
  'POST /data/reset': { body: Type.Object({ confirm: Type.String() }, { additionalProperties: false }), response: Message },
  'POST /data/restore': {
    body: Type.Object(
      {
        backupId: Type.String({ minLength: 1, maxLength: 200, description: 'a backup\'s id from GET /data/backups' }),
        confirm: Type.String({ description: 'must be "RESTORE"' }),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({
      restoredFrom: Type.String({ description: 'the backup id restored' }),
      backupBefore: Backup,
      keysKeptRevoked: Type.Integer({ description: 'API keys revoked or expired since the backup: they stay so (a restore never brings a revoked key back)' }),
      worldsDropped: Type.Array(Type.String(), {
        description: 'worlds the backup registers whose database is gone (deleted since the backup): not registered again; every world whose folder exists stays as it is',
      }),
      message: Type.String(),
    }),
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminSettingsSchemas;
export type SettingsView = Static<typeof SettingsView>;
export type SettingsPatch = BodyOf<Routes['PUT /settings']>;
export type ServerInfo = ResponseOf<Routes['GET /server']>;
export type BackupInfo = Static<typeof Backup>;
export type RestoreResult = ResponseOf<Routes['POST /data/restore']>;
