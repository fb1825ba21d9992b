/**
 * What makes an address deliverable, checked by the core when an address is saved or a shipping order
 * names its recipient, and by the UI's forms before sending: one source, so a form never accepts what the service refuses (nor the reverse).
 * Plain data and functions (this tier imports nothing but TypeBox).
 */

/** Fewest characters (after trimming) of the free-text fields: "A" is not a name, "x" not a street. */
export const ADDRESS_MIN_LENGTH = { name: 2, city: 2, address: 3 } as const;

/**
 * Postcode formats of the countries the agent ships to (logistics/countries.ts), with an example each.
 * Letters are matched in any case; spaces and hyphens only where the country writes them.
 */
export const POSTCODE_FORMATS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94105' },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, example: 'K1A 0B1' },
  MX: { pattern: /^\d{5}$/, example: '06600' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01310-100' },
  AR: { pattern: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/i, example: 'C1002AAP' },
  CL: { pattern: /^\d{7}$|^\d{3}-\d{4}$/, example: '8320000' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, example: 'SW1A 2AA' },
  IE: { pattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/i, example: 'D02 X285' },
  FR: { pattern: /^\d{5}$/, example: '75008' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: '1012 AB' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1100-148' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 22' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-001' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  KR: { pattern: /^\d{5}$/, example: '04524' },
  SG: { pattern: /^\d{6}$/, example: '018956' },
  MY: { pattern: /^\d{5}$/, example: '50450' },
  TH: { pattern: /^\d{5}$/, example: '10330' },
  PH: { pattern: /^\d{4}$/, example: '1000' },
  // The Emirates have no postcodes; carriers take 00000 (or a P.O. box number).
  AE: { pattern: /^\d{1,6}$/, example: '00000' },
  SA: { pattern: /^\d{5}(-\d{4})?$/, example: '11564' },
  IL: { pattern: /^\d{7}$/, example: '6100000' },
  ZA: { pattern: /^\d{4}$/, example: '8001' },
};

/**
 * A phone number with its country code, as carriers need it to reach the recipient from abroad: "+",
 * then 8 to 15 digits (E.164's range) with spaces, hyphens, dots or parentheses between them.
 */
export const PHONE_FORMAT = /^\+[1-9][0-9 ().-]*[0-9]$/;
export const PHONE_DIGITS = { min: 8, max: 15 } as const;
export const PHONE_EXAMPLE = '+49 30 1234567';

/** The fields these rules look at, and how each can be wrong. */
export type AddressRuleField = 'name' | 'phone' | 'city' | 'address' | 'zipCode';
export type AddressRule = 'too_short' | 'phone_format' | 'postcode_format';

export interface AddressProblem {
  field: AddressRuleField;
  rule: AddressRule;
  /** too_short: the fewest characters; postcode_format: the country and an example postcode. */
  min?: number;
  country?: string;
  example?: string;
}

export interface AddressInput {
  name?: string;
  phone?: string;
  country?: string;
  city?: string;
  address?: string;
  zipCode?: string;
}

/** Whether a phone number carries a country code and a plausible number of digits. */
export function isInternationalPhone(phone: string): boolean {
  const text = phone.trim();
  const digits = text.replace(/\D/g, '').length;
  return PHONE_FORMAT.test(text) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/**
 * Every rule the given fields break, in field order (fields left out are not checked; the postcode is
 * checked when both it and the country are given, against that country's format when we know it).
 */
export function addressProblems(input: AddressInput): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const short = (field: 'name' | 'city' | 'address') => {
    const value = input[field];
    if (value !== undefined && value.trim().length < ADDRESS_MIN_LENGTH[field]) problems.push({ field, rule: 'too_short', min: ADDRESS_MIN_LENGTH[field] });
  };
  short('name');
  if (input.phone !== undefined && !isInternationalPhone(input.phone)) problems.push({ field: 'phone', rule: 'phone_format', example: PHONE_EXAMPLE });
  short('city');
  short('address');
  if (input.zipCode !== undefined && input.country !== undefined) {
    const country = input.country.trim().toUpperCase();
    const format = POSTCODE_FORMATS[country];
    if (format && !format.pattern.test(input.zipCode.trim())) problems.push({ field: 'zipCode', rule: 'postcode_format', country, example: format.example });
  }
  return problems;
}

/**
 * The problem in English, for the API's message (the UI words it from `field` and `rule` itself). `name` is
 * the field as the request calls it (`recipientZipCode` on a shipping order), the rule's own name otherwise.
 */
export function describeAddressProblem(problem: AddressProblem, value: string, name: string = problem.field): string {
  switch (problem.rule) {
    case 'too_short':
      return `${name} must have at least ${problem.min} characters`;
    case 'phone_format':
      return `${name} "${value}" needs the country code: + and 8 to 15 digits, e.g. ${problem.example}`;
    case 'postcode_format':
      return `${name} "${value}" is not a postcode of ${problem.country} (e.g. ${problem.example})`;
  }
}
