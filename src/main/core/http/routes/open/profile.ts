import { getProfile, updateProfile } from '../../../users/profile.js';
import { defineRoute } from '../../route.js';
import { profileSchemas } from '../../../../../contract/open/profile.js';

export const profileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/profile',
    scope: 'profile:read',
    tag: 'User',
    summary: 'The account profile',
    schema: profileSchemas['GET /user/profile'],
    handler: ({ ctx, caller }) => getProfile(ctx, caller.userId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/user/profile',
    scope: 'profile:write',
    tag: 'User',
    summary: 'Change any of username, email, avatar, language',
    schema: profileSchemas['PUT /user/profile'],
    handler: ({ ctx, caller, body }) => updateProfile(ctx, caller.userId, body ?? {}),
  }),
];
