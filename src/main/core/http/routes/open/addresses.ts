import { Type } from 'typebox';
import { ADDRESS_LIMITS, createAddress, deleteAddress, listAddresses, updateAddress } from '../../../users/addresses.js';
import { defineRoute } from '../../route.js';
import { IdParam, Message, Timestamp } from '../../schemas.js';

const Address = Type.Object({
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

const text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });

/** Loose on purpose: digits with the usual separators, an optional leading + or (. */
const Phone = Type.String({ minLength: 3, maxLength: ADDRESS_LIMITS.phone, pattern: '^[+(]?[0-9][0-9 ().-]*[0-9)]$', description: 'digits, spaces, + ( ) - .' });
const ZipCode = Type.String({ minLength: 1, maxLength: ADDRESS_LIMITS.zipCode, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$', description: 'letters, digits, spaces, -' });
const Country = Type.String({ minLength: 2, maxLength: 2, description: 'two-letter code from GET /logistics/countries' });

const fields = {
  name: text(ADDRESS_LIMITS.name, 'recipient name'),
  phone: Phone,
  country: Country,
  state: Type.String({ maxLength: ADDRESS_LIMITS.state }),
  city: text(ADDRESS_LIMITS.city),
  address: text(ADDRESS_LIMITS.address, 'street address'),
  zipCode: ZipCode,
  isDefault: Type.Boolean(),
};

const NewAddress = Type.Object(
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

const AddressPatch = Type.Object(
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

export const addressRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/addresses',
    scope: 'profile:read',
    tag: 'User',
    summary: 'Saved addresses, the default first',
    schema: { response: Type.Array(Address) },
    handler: ({ ctx, caller }) => listAddresses(ctx, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/addresses',
    scope: 'profile:write',
    tag: 'User',
    status: 201,
    summary: 'Save an address (the first one becomes the default)',
    schema: { body: NewAddress, response: Address },
    handler: ({ ctx, caller, body }) => createAddress(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/user/addresses/:id',
    scope: 'profile:write',
    tag: 'User',
    summary: 'Change any fields of an address; isDefault: true makes it the default',
    schema: { params: IdParam, body: AddressPatch, response: Address },
    handler: ({ ctx, caller, params, body }) => updateAddress(ctx, caller.userId, params.id, body ?? {}),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/user/addresses/:id',
    scope: 'profile:write',
    tag: 'User',
    summary: 'Delete an address (deleting the default promotes the oldest remaining one)',
    schema: { params: IdParam, response: Message },
    handler: ({ ctx, caller, params }) => deleteAddress(ctx, caller.userId, params.id),
  }),
];
