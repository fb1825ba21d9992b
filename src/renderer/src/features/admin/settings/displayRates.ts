/**
 * The display rates as the settings form writes them: "USD 0.1381, EUR 0.1302" (units of each currency per
 * unit of the ledger currency). Pure, so the form and its test share it.
 */
export function formatRates(rates: Record<string, number>): string {
  return Object.entries(rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, rate]) => `${code} ${rate}`)
    .join(', ');
}

/** The rates of the text, or null when an entry is not "CODE positive-number". Empty text is no rates. */
export function parseRates(text: string): Record<string, number> | null {
  const rates: Record<string, number> = {};
  for (const entry of text.split(/[,\n;]+/).map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]{3})\s*[=: ]\s*(\d+(?:\.\d+)?)$/.exec(entry);
    if (!match) return null;
    const rate = Number(match[2]);
    if (!(rate > 0) || rate > 1_000_000) return null;
    rates[match[1]!.toUpperCase()] = rate;
  }
  return rates;
}
