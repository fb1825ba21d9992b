import { useCallback, useMemo } from 'react';
import { addressProblems, type AddressProblem, type AddressRuleField } from '../../../contract/address-rules';
import { CrossbuyError } from '../api/client';
import { defineMessages, useLocale, useT } from './i18n';

/**
 * The address rules of src/contract/address-rules.ts (the ones the service applies) worded in the UI's
 * language, per field, for the address forms: the field itself is marked, not only a banner.
 */
const ruleMessages = defineMessages(
  {
    required: 'Required',
    too_short: 'Enter at least {min} characters',
    phone_format: 'Include the country code: + and 8 to 15 digits, e.g. {example}',
    postcode_format: 'Not a postcode of {country}: it looks like {example}',
  },
  {
    required: '必填',
    too_short: '请至少输入 {min} 个字符',
    phone_format: '请填写带国家区号的号码：以 + 开头，8 到 15 位数字，例如 {example}',
    postcode_format: '不是 {country} 的邮政编码，格式如 {example}',
  },
);

export interface AddressDraft {
  name: string;
  phone: string;
  country: string;
  city: string;
  address: string;
  zipCode: string;
}

export type AddressFieldErrors = Partial<Record<keyof AddressDraft, string>>;

const REQUIRED: (keyof AddressDraft)[] = ['name', 'phone', 'country', 'city', 'address', 'zipCode'];

/**
 * A function from a draft to the message of each field that is wrong (blank required fields first, then
 * the shared rules), and one that reads the service's own refusal (`code: address_invalid`, `field`) onto
 * its field in case the service ever knows a rule this build does not.
 */
export function useAddressFieldErrors(): {
  errorsOf: (draft: AddressDraft) => AddressFieldErrors;
  serverFieldError: (error: unknown) => AddressFieldErrors;
} {
  const t = useT(ruleMessages);
  const locale = useLocale();
  // The country by its name in the UI's language ("Japan", 日本), as the forms' country pickers show it, not its code.
  const countryName = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => names?.of(code.toUpperCase()) ?? code;
  }, [locale]);
  const word = useCallback(
    (problem: AddressProblem) =>
      problem.rule === 'too_short'
        ? t('too_short', { min: problem.min ?? 1 })
        : problem.rule === 'phone_format'
          ? t('phone_format', { example: problem.example ?? '' })
          : t('postcode_format', { country: problem.country ? countryName(problem.country) : '', example: problem.example ?? '' }),
    [t, countryName],
  );
  const errorsOf = useCallback(
    (draft: AddressDraft) => {
      const errors: AddressFieldErrors = {};
      for (const field of REQUIRED) if (draft[field].trim() === '') errors[field] = t('required');
      // Only this draft's text fields (a form's state may carry more, e.g. isDefault), blank ones said above.
      const filled = Object.fromEntries(REQUIRED.filter((field) => !(field in errors)).map((field) => [field, draft[field]]));
      for (const problem of addressProblems(filled)) errors[problem.field] ??= word(problem);
      return errors;
    },
    [t, word],
  );
  const serverFieldError = useCallback((error: unknown): AddressFieldErrors => {
    if (!(error instanceof CrossbuyError) || error.code !== 'address_invalid' || !error.field) return {};
    return { [error.field as AddressRuleField]: error.message };
  }, []);
  return { errorsOf, serverFieldError };
}

export function hasErrors(errors: AddressFieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
