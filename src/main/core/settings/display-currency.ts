import type { Db } from '../db/database.js';
import { badRequest, unprocessable } from '../shared/errors.js';
import { readSetting, writeSetting } from './settings.js';

/**
 * The display currency (decisions.md: "A display currency with an operator-set rate may be shown in the
 * UI, never stored in the ledger"): the operator's rates per currency and the one the UI shows beside
 * ledger amounts. Kept as settings; nothing here touches money.
 */
export interface DisplayCurrencySettings {
  displayCurrency: string | null;
  displayRates: Record<string, number>;
}

export function readDisplayCurrency(db: Db): DisplayCurrencySettings {
  const code = readSetting(db, 'displayCurrency');
  let rates: Record<string, number> = {};
  try {
    const parsed = JSON.parse(readSetting(db, 'displayRates')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) rates = parsed as Record<string, number>;
  } catch {
    rates = {};
  }
  return { displayCurrency: code && code in rates ? code : null, displayRates: rates };
}

/**
 * Checks a change against the ledger currency and the rates it will have (400 for a malformed rate, 422
 * for a display currency without a rate or equal to the ledger's), then writes it. In the caller's transaction.
 */
export function checkDisplayCurrency(db: Db, ledgerCurrency: string, patch: Partial<DisplayCurrencySettings>): DisplayCurrencySettings {
  const current = readDisplayCurrency(db);
  const rates = patch.displayRates ?? current.displayRates;
  for (const [code, rate] of Object.entries(rates)) {
    if (!/^[A-Z]{3}$/.test(code)) throw badRequest(`displayRates: ${code} is not an ISO 4217 code`);
    if (!(typeof rate === 'number' && Number.isFinite(rate) && rate > 0)) throw badRequest(`displayRates.${code} must be a positive number`);
  }
  const code = patch.displayCurrency === undefined ? current.displayCurrency : patch.displayCurrency;
  if (code !== null && code === ledgerCurrency) throw unprocessable(`displayCurrency ${code} is the ledger currency; choose another or null`);
  if (code !== null && !(code in rates)) throw unprocessable(`displayCurrency ${code} has no rate in displayRates`);
  return { displayCurrency: code, displayRates: rates };
}

export function writeDisplayCurrency(db: Db, value: DisplayCurrencySettings): void {
  writeSetting(db, 'displayCurrency', value.displayCurrency ?? '');
  writeSetting(db, 'displayRates', JSON.stringify(value.displayRates));
}
