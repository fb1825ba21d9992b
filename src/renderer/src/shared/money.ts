/** "CNY 458.10" (the code, not a symbol: ¥ is both yuan and yen). Without a currency: "458.10". */
export function formatMoney(amount: number, currency?: string): string {
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return currency ? `${currency} ${number}` : number;
}

/** price × quantity in whole minor units, so 0.1 × 3 is 0.30 and not 0.30000000000000004. */
export function lineAmount(price: number, quantity: number): number {
  return (Math.round(price * 100) * quantity) / 100;
}
