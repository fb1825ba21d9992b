/**
 * The ship flow's charge breakdown, pure (amounts in the API's decimal form, computed in minor units so
 * the sum is exact). The insurance premium mirrors the service's default rule (3%, minimum 5.00, half
 * up); the service's own figures decide at creation and the order page shows them.
 */
export const INSURANCE_RATE_PERCENT = 3;
export const INSURANCE_MINIMUM = 5;

const minor = (amount: number) => Math.round(amount * 100);

export function estimatePremium(declaredValue: number): number {
  const premium = Math.max(minor(INSURANCE_MINIMUM), Math.floor((minor(declaredValue) * INSURANCE_RATE_PERCENT * 2 + 100) / 200));
  return premium / 100;
}

export interface Breakdown {
  freight: number;
  fuel: number;
  insurance: number;
  storage: number;
  total: number;
}

export function chargeBreakdown(input: { freight: number; fuel: number; insured: boolean; declaredValue: number | null; storageFees: readonly number[] }): Breakdown {
  const insurance = input.insured && input.declaredValue !== null ? estimatePremium(input.declaredValue) : 0;
  const storage = input.storageFees.reduce((sum, fee) => sum + minor(fee), 0) / 100;
  return {
    freight: input.freight,
    fuel: input.fuel,
    insurance,
    storage,
    total: (minor(input.freight) + minor(insurance) + minor(storage)) / 100,
  };
}
