/**
 * Import-duty data per destination (extensions.md section 5): the de minimis value (declared values at or
 * below it pay nothing) and a combined duty-and-tax rate on the whole declared value above it. Figures
 * are CNY approximations of each customs office's published thresholds and typical rates for consumer
 * goods, seeded once and edited by the operator (PATCH /api/v1/admin/logistics/countries/:code); they
 * only ever produce an informational `estimatedDuties`, never a charge. Unlisted countries: 0 and 0.
 */
export const DUTY_SEED: Readonly<Record<string, { deMinimisMinor: number; dutyRateBp: number }>> = {
  US: { deMinimisMinor: 0, dutyRateBp: 1500 },
  CA: { deMinimisMinor: 10_500, dutyRateBp: 1300 },
  MX: { deMinimisMinor: 36_000, dutyRateBp: 1900 },
  BR: { deMinimisMinor: 0, dutyRateBp: 6000 },
  AR: { deMinimisMinor: 0, dutyRateBp: 5000 },
  CL: { deMinimisMinor: 0, dutyRateBp: 1900 },
  GB: { deMinimisMinor: 123_000, dutyRateBp: 2000 },
  IE: { deMinimisMinor: 117_000, dutyRateBp: 2300 },
  FR: { deMinimisMinor: 117_000, dutyRateBp: 2000 },
  DE: { deMinimisMinor: 117_000, dutyRateBp: 1900 },
  NL: { deMinimisMinor: 117_000, dutyRateBp: 2100 },
  BE: { deMinimisMinor: 117_000, dutyRateBp: 2100 },
  ES: { deMinimisMinor: 117_000, dutyRateBp: 2100 },
  PT: { deMinimisMinor: 117_000, dutyRateBp: 2300 },
  IT: { deMinimisMinor: 117_000, dutyRateBp: 2200 },
  CH: { deMinimisMinor: 4_500, dutyRateBp: 810 },
  AT: { deMinimisMinor: 117_000, dutyRateBp: 2000 },
  SE: { deMinimisMinor: 117_000, dutyRateBp: 2500 },
  NO: { deMinimisMinor: 2_000, dutyRateBp: 2500 },
  DK: { deMinimisMinor: 117_000, dutyRateBp: 2500 },
  FI: { deMinimisMinor: 117_000, dutyRateBp: 2550 },
  PL: { deMinimisMinor: 117_000, dutyRateBp: 2300 },
  CZ: { deMinimisMinor: 117_000, dutyRateBp: 2100 },
  AU: { deMinimisMinor: 470_000, dutyRateBp: 1000 },
  NZ: { deMinimisMinor: 42_000, dutyRateBp: 1500 },
  JP: { deMinimisMinor: 48_000, dutyRateBp: 1000 },
  KR: { deMinimisMinor: 108_000, dutyRateBp: 1800 },
  SG: { deMinimisMinor: 0, dutyRateBp: 900 },
  MY: { deMinimisMinor: 79_000, dutyRateBp: 1000 },
  TH: { deMinimisMinor: 0, dutyRateBp: 1700 },
  PH: { deMinimisMinor: 1_300, dutyRateBp: 2200 },
  AE: { deMinimisMinor: 196_000, dutyRateBp: 1000 },
  SA: { deMinimisMinor: 190_000, dutyRateBp: 2000 },
  IL: { deMinimisMinor: 54_000, dutyRateBp: 1700 },
  ZA: { deMinimisMinor: 0, dutyRateBp: 2000 },
};
