import { createAddress, deleteAddress, listAddresses, updateAddress } from '../../../users/addresses.js';
import { defineRoute } from '../../route.js';
import { addressSchemas } from '../../../../../contract/open/addresses.js';

export const addressRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/addresses',
    scope: 'profile:read',
    tag: 'User',
    summary: 'Saved addresses, the default first',
    schema: addressSchemas['GET /user/addresses'],
    handler: ({ ctx, caller }) => listAddresses(ctx, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/addresses',
    scope: 'profile:write',
    tag: 'User',
    status: 201,
    summary: 'Save an address (the first one becomes the default)',
    schema: addressSchemas['POST /user/addresses'],
    handler: ({ ctx, caller, body }) => createAddress(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/user/addresses/:id',
    scope: 'profile:write',
    tag: 'User',
    summary: 'Change any fields of an address; isDefault: true makes it the default',
    schema: addressSchemas['PUT /user/addresses/:id'],
    handler: ({ ctx, caller, params, body }) => updateAddress(ctx, caller.userId, params.id, body ?? {}),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/user/addresses/:id',
    scope: 'profile:write',
    tag: 'User',
    summary: 'Delete an address (deleting the default promotes the oldest remaining one)',
    schema: addressSchemas['DELETE /user/addresses/:id'],
    handler: ({ ctx, caller, params }) => deleteAddress(ctx, caller.userId, params.id),
  }),
];
