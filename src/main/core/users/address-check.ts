import { addressProblems, describeAddressProblem, type AddressInput, type AddressRuleField } from '../../../contract/address-rules.js';
import { badRequest } from '../shared/errors.js';

/** How a request names each field the rules look at, where it differs from the rule's own name. */
export type AddressFieldNames = Partial<Record<AddressRuleField, string>>;

/**
 * The deliverability rules (src/contract/address-rules.ts, which the UI's forms apply too), for every
 * request that carries an address: a saved address and a shipping order's recipient. The first rule broken
 * is a 400 with `code: address_invalid` and `field` naming the field as the request calls it (`names`), so
 * one address is refused the same way wherever it is sent. Only the given fields are checked.
 */
export function requireDeliverableAddress(fields: AddressInput, names: AddressFieldNames = {}): void {
  const [problem] = addressProblems(fields);
  if (!problem) return;
  const field = names[problem.field] ?? problem.field;
  throw badRequest(describeAddressProblem(problem, fields[problem.field] ?? '', field)).withDetail({ code: 'address_invalid', field });
}
