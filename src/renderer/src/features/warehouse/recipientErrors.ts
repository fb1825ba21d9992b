import { CrossbuyError } from '../../api/client';
import type { AddressDraft, AddressFieldErrors } from '../../shared/addressRules';

/**
 * A shipping order's refusal of its recipient (400 `address_invalid`), on the address form's field: the
 * service names the request's field (`recipientZipCode`), the form calls it `zipCode`. Empty for any other
 * error, which the page shows as a general alert.
 */
export function refusedRecipientField(error: unknown): AddressFieldErrors {
  if (!(error instanceof CrossbuyError) || error.code !== 'address_invalid' || !error.field) return {};
  const match = /^recipient([A-Z]\w*)$/.exec(error.field);
  if (!match) return {};
  const field = (match[1]!.charAt(0).toLowerCase() + match[1]!.slice(1)) as keyof AddressDraft;
  return { [field]: error.message };
}

/**
 * The refused field worded in the UI's language when this build's rules see the same problem there
 * (`local`, from useAddressFieldErrors().errorsOf), else in the service's words.
 */
export function wordedRefusal(refused: AddressFieldErrors, local: AddressFieldErrors): AddressFieldErrors {
  return Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, local[field as keyof AddressDraft] ?? message]));
}
