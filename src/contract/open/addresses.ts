import { Type, type Static } from 'typebox';
import { type BodyOf, IdParam, Message, Timestamp } from '../common.js';
import { ADDRESS_LIMITS } from '../limits.js';

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

/** Loose on purpose: digits with the usual separators, an optional leading + or (. */
export const Phone = Type.String({ minLength: 3, maxLength: ADDRESS_LIMITS.phone, pattern: '^[+(]?[0-9][0-9 ().-]*[0-9)]$', description: 'digits, spaces, + ( ) - .' });
export const ZipCode = Type.String({ minLength: 1, maxLength: ADDRESS_LIMITS.zipCode, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$', description: 'letters, digits, spaces, -' });
export const Country = Type.String({ minLength: 2, maxLength: 2, description: 'two-letter code from GET /logistics/countries' });

export const fields = {
  name: text(ADDRESS_LIMITS.name, 'recipient name'),
  phone: Phone,
  country: Country,
  state: Type.String({ maxLength: ADDRESS_LIMITS.state }),
  city: text(ADDRESS_LIMITS.city),
  address: text(ADDRESS_LIMITS.address, 'street address'),
  zipCode: ZipCode,
  isDefault: Type.Boolean(),
};

export const NewAddress = Type.Object(
  {
    name: fields.name,
    phone: fields.phone,
    country: fields.country,
    state: Type.Optional(fields.state),
    city: fields.city,
    address: fields.address,
    zipCode: fields.zipCode,
    isDefault: Type.Optional(fields.isDefault),
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
    isDefault: Type.Optional(fields.isDefault),
  },
  { additionalProperties: false },
);

/** The schemas of each route of open/addresses.ts, by method and path. */
export const addressSchemas = {
  'GET /user/addresses': { response: Type.Array(Address) },
  'POST /user/addresses': { body: NewAddress, response: Address },
  'PUT /user/addresses/:id': { params: IdParam, body: AddressPatch, response: Address },
  'DELETE /user/addresses/:id': { params: IdParam, response: Message },
};

/** The static types of what these routes take and answer. */
type Routes = typeof addressSchemas;
export type Address = Static<typeof Address>;
export type NewAddress = BodyOf<Routes['POST /user/addresses']>;
export type AddressPatch = BodyOf<Routes['PUT /user/addresses/:id']>;
