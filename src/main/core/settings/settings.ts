import type { Db } from '../db/database.js';

/**
 * Installation settings kept in the database (so the CLI, the server and the desktop app agree).
 * Values are typed here; the table stores text.
 */
export interface ServiceSettings {
  currency: string;
  /** Service fee rate on the goods subtotal, in basis points (500 = 5%). */
  serviceFeeBp: number;
  /** How far the service clock is ahead of wall time, in ms. Only grows. */
  clockOffsetMs: number;
  /** SHA-256 of the admin token; the token itself is kept in the data dir for `crossbuy admin token`. */
  adminTokenHash: string;
  /** How fast the autopilot moves orders along: off, realistic (hours to days), demo (seconds). */
  autopilotPace: 'off' | 'realistic' | 'demo';
  /** Share of orders the autopilot refunds as out of stock, in basis points (200 = 2%). */
  autopilotRefundBp: number;
  /** Whether webhooks may be delivered to addresses other than loopback ones. */
  webhooksAllowRemote: 'yes' | 'no';
  /** Warn (desktop notification, dashboard) when the available balance falls below this, in minor units. */
  lowBalanceThresholdMinor: number;
  /** v1.1 after-sales figures (extensions.md sections 2-3). Hours a supplement waits for the user. */
  supplementHours: number;
  /** Days after arrival the user may request photos, a return or an exchange. */
  decisionWindowDays: number;
  /** Price of one requested inspection photo, minor units. */
  photoPriceMinor: number;
  /** Fee of an approved return (deducted from the refund) or exchange (charged), minor units. */
  returnFeeMinor: number;
  /** Autopilot rates per order scenario, in basis points of orders (out_of_stock is autopilotRefundBp). */
  autopilotPriceIncreaseBp: number;
  autopilotPriceDecreaseBp: number;
  autopilotDomesticFreightBp: number;
  autopilotQcIssueBp: number;
  autopilotSellerDelayBp: number;
  /** How many open-API requests the request log keeps (the oldest go first; also never older than 7 days). */
  requestLogLimit: number;
  /** The UI's display currency ('' for none) and the operator's rates as JSON ({"USD":0.1381}); display-currency.ts. */
  displayCurrency: string;
  displayRates: string;
  /** Most worlds per data folder, the default world included (worlds.md section 5); read from the default world. */
  maxWorlds: number;
  /** How many automatic backups (the state before each restore) are kept; older ones are deleted. */
  automaticBackupsKept: number;
  /** The largest file a restore accepts, in bytes (checked before anything is read). */
  restoreMaxBytes: number;
}

const DEFAULTS: ServiceSettings = {
  currency: 'CNY',
  serviceFeeBp: 500,
  clockOffsetMs: 0,
  adminTokenHash: '',
  autopilotPace: 'realistic',
  autopilotRefundBp: 200,
  webhooksAllowRemote: 'no',
  lowBalanceThresholdMinor: 50_000,
  supplementHours: 48,
  decisionWindowDays: 5,
  photoPriceMinor: 200,
  returnFeeMinor: 1_500,
  autopilotPriceIncreaseBp: 300,
  autopilotPriceDecreaseBp: 100,
  autopilotDomesticFreightBp: 300,
  autopilotQcIssueBp: 200,
  autopilotSellerDelayBp: 200,
  requestLogLimit: 10_000,
  displayCurrency: '',
  displayRates: '{}',
  maxWorlds: 10_000,
  automaticBackupsKept: 10,
  restoreMaxBytes: 4 * 1024 ** 3,
};

type Key = keyof ServiceSettings;

export function readSetting<K extends Key>(db: Db, key: K): ServiceSettings[K] {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (!row) return DEFAULTS[key];
  const fallback = DEFAULTS[key];
  return (typeof fallback === 'number' ? Number(row.value) : row.value) as ServiceSettings[K];
}

export function writeSetting<K extends Key>(db: Db, key: K, value: ServiceSettings[K]): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    String(value),
  );
}

/** Whether a setting still holds its default (a fresh world's value). */
export function isDefaultSetting(db: Db, key: Key): boolean {
  return readSetting(db, key) === DEFAULTS[key];
}

export function readAllSettings(db: Db): ServiceSettings {
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as Key[]) (out as Record<Key, unknown>)[key] = readSetting(db, key);
  return out;
}
