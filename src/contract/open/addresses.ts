import { Type, type Static } from 'typebox';
import { type BodyOf, idParam, Message, Timestamp } from '../common.js';
import { ADDRESS_MIN_LENGTH, PHONE_DIGITS, PHONE_EXAMPLE } from '../address-rules.js';
import { ADDRESS_LIMITS } from '../limits.js';
import { CountryCode } from './logistics.js';

export const Address = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  country: Type.String({ description: 'country code from GET /logistics/countries' }),
  state: Type.String(),
  city: Type.String(),
  address: Type.String(),
  zipCode: Type.String(),
  isDefault: Type.Boolean(),
  createdAt: Timestamp,
});

export const text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });

/**
 * What each address field takes, said alike by a saved address and a shipping order's recipient: both are
 * held to the rules of address-rules.ts (the core trims the text first).
 */
export const ADDRESS_FIELD_DESCRIPTIONS = {
  name: `the recipient's full name, at least ${ADDRESS_MIN_LENGTH.name} characters`,
  phone: `phone number with its country code: + then ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits, spaces - . ( ) allowed between, e.g. ${PHONE_EXAMPLE}`,
  state: 'state, province or region, where the address has one',
  city: `city, at least ${ADDRESS_MIN_LENGTH.city} characters`,
  address: `street address (street, number, flat...), at least ${ADDRESS_MIN_LENGTH.address} characters`,
  zipCode: "postcode in the country's own format, e.g. 10115 for DE or SW1A 2AA for GB (AE has none: 00000)",
} as const;

/** Loose on purpose: digits with the usual separators, an optional leading + or (. */
export const Phone = Type.String({ minLength: 3, maxLength: ADDRESS_LIMITS.phone, pattern: '^[+(]?[0-9][0-9 ().-]*[0-9)]$', description: ADDRESS_FIELD_DESCRIPTIONS.phone });
export const ZipCode = Type.String({ minLength: 1, maxLength: ADDRESS_LIMITS.zipCode, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$', description: ADDRESS_FIELD_DESCRIPTIONS.zipCode });
/** The destination country: the logistics routes' country code (same bounds, same description). */
export const Country = CountryCode;

export const fields = {
  name: text(ADDRESS_LIMITS.name, ADDRESS_FIELD_DESCRIPTIONS.name),
  phone: Phone,
  country: Country,
  state: Type.String({ maxLength: ADDRESS_LIMITS.state, description: ADDRESS_FIELD_DESCRIPTIONS.state }),
  city: text(ADDRESS_LIMITS.city, ADDRESS_FIELD_DESCRIPTIONS.city),
  address: text(ADDRESS_LIMITS.address, ADDRESS_FIELD_DESCRIPTIONS.address),
  zipCode: ZipCode,
  isDefault: Type.Boolean(),
};

/** The id of a saved address. */
const AddressIdParam = idParam('address id: `id` of an address in GET /user/addresses');

export const NewAddress = Type.Object(
  {
    name: fields.name,
    phone: fields.phone,
    country: fields.country,
    state: Type.Optional(fields.state),
    city: fields.city,
    address: fields.address,
    zipCode: fields.zipCode,
    isDefault: Type.Optional(
      Type.Boolean({ description: 'true: make it the default address in place of the current one (the first address saved is the default anyway)' }),
    ),
  },
  { additionalProperties: false },
);

export const AddressPatch = Type.Object(
  {
    name: Type.Optional(fields.name),
    phone: Type.Optional(fields.phone),
    country: Type.Optional(fields.country),
    state: Type.Optional(fields.state),
    city: Type.Optional(fields.city),
    address: Type.Optional(fields.address),
    zipCode: Type.Optional(fields.zipCode),
    isDefault: Type.Optional(
      Type.Boolean({ description: 'true: make it the default address (the old default stops being one); false on the default is a 422: set another one true instead' }),
    ),
  },
  { additionalProperties: false },
);

/** The schemas of each route of open/addresses.ts, by method and path. */
export const addressSchemas = {
  'GET /user/addresses': { response: Type.Array(Address) },
  'POST /user/addresses': { body: NewAddress, response: Address },
  'PUT /user/addresses/:id': { params: AddressIdParam, body: AddressPatch, response: Address },
  'DELETE /user/addresses/:id': { params: AddressIdParam, response: Message },
};

/** The static types of what these routes take and answer. */
type Routes = typeof addressSchemas;
export type Address = Static<typeof Address>;
export type NewAddress = BodyOf<Routes['POST /user/addresses']>;
export type AddressPatch = BodyOf<Routes['PUT /user/addresses/:id']>;
