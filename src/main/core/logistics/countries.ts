import type { CoreContext } from '../context.js';
import { DUTY_SEED } from './duties.js';
import { badRequest, notFound } from '../shared/errors.js';
import { parseAmount } from '../shared/money.js';
import type { CountryDutyView } from '../../../contract/admin/warehouse.js';

/** Destination countries the agent ships to (ISO 3166-1 alpha-2). Reference data, seeded on every install. */
export const COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
  { code: 'BR', name: 'Brazil' },
  { code: 'AR', name: 'Argentina' },
  { code: 'CL', name: 'Chile' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BE', name: 'Belgium' },
  { code: 'ES', name: 'Spain' },
  { code: 'PT', name: 'Portugal' },
  { code: 'IT', name: 'Italy' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'AT', name: 'Austria' },
  { code: 'SE', name: 'Sweden' },
  { code: 'NO', name: 'Norway' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'PL', name: 'Poland' },
  { code: 'CZ', name: 'Czechia' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'South Korea' },
  { code: 'SG', name: 'Singapore' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'TH', name: 'Thailand' },
  { code: 'PH', name: 'Philippines' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'IL', name: 'Israel' },
  { code: 'ZA', name: 'South Africa' },
];

export function seedCountries(ctx: CoreContext): void {
  // Duty data with the country (logistics/duties.ts); an install older than it gets them from migration 008.
  const insert = ctx.db.prepare('INSERT OR IGNORE INTO countries (code, name, de_minimis_minor, duty_rate_bp) VALUES (?, ?, ?, ?)');
  for (const c of COUNTRIES) insert.run(c.code, c.name, DUTY_SEED[c.code]?.deMinimisMinor ?? 0, DUTY_SEED[c.code]?.dutyRateBp ?? 0);
}

export function isKnownCountry(ctx: CoreContext, code: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM countries WHERE code = ?').get(code) !== undefined;
}

export function countryDuty(ctx: CoreContext, code: string): { deMinimis: number; dutyRateBp: number } {
  const row = ctx.db.prepare('SELECT de_minimis_minor, duty_rate_bp FROM countries WHERE code = ?').get(code) as
    | { de_minimis_minor: number; duty_rate_bp: number }
    | undefined;
  return { deMinimis: row?.de_minimis_minor ?? 0, dutyRateBp: row?.duty_rate_bp ?? 0 };
}

/** Every country with its duty data (the back office's table). */
export function listCountryDuties(ctx: CoreContext): CountryDutyView[] {
  const rows = ctx.db.prepare('SELECT code, name, de_minimis_minor, duty_rate_bp FROM countries ORDER BY code').all() as {
    code: string;
    name: string;
    de_minimis_minor: number;
    duty_rate_bp: number;
  }[];
  return rows.map((r) => ({ code: r.code, name: r.name, deMinimis: r.de_minimis_minor / 100, dutyRatePercent: r.duty_rate_bp / 100 }));
}

/** The operator edits a country's duty data (amount with two decimals, percent with two decimals). */
export function updateCountryDuty(ctx: CoreContext, code: string, patch: { deMinimis?: number; dutyRatePercent?: number }) {
  const upper = code.toUpperCase();
  if (!isKnownCountry(ctx, upper)) throw notFound(`Country ${code} not found`);
  if (patch.deMinimis !== undefined) {
    const minor = parseAmount(patch.deMinimis);
    if (minor === null || minor < 0) throw badRequest('deMinimis must be a non-negative amount with at most two decimals');
    ctx.db.prepare('UPDATE countries SET de_minimis_minor = ? WHERE code = ?').run(minor, upper);
  }
  if (patch.dutyRatePercent !== undefined) {
    const bp = parseAmount(patch.dutyRatePercent);
    if (bp === null || bp < 0 || bp > 10_000) throw badRequest('dutyRatePercent must be 0 to 100 with at most two decimals');
    ctx.db.prepare('UPDATE countries SET duty_rate_bp = ? WHERE code = ?').run(bp, upper);
  }
  return listCountryDuties(ctx).find((c) => c.code === upper)!;
}
