import { Type } from 'typebox';
import { AVATAR_MAX, EMAIL_MAX, getProfile, LANGUAGE_MAX, updateProfile, USERNAME_MAX, USERNAME_MIN } from '../../../users/profile.js';
import { defineRoute } from '../../route.js';
import { Timestamp } from '../../schemas.js';

const Profile = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  avatar: Type.String({ description: 'URL of the avatar image, or empty' }),
  language: Type.String({ description: 'BCP 47 tag, e.g. en or zh-CN' }),
  createdAt: Timestamp,
});

const ProfilePatch = Type.Object(
  {
    username: Type.Optional(
      Type.String({
        minLength: USERNAME_MIN,
        maxLength: USERNAME_MAX,
        pattern: '^[\\p{L}\\p{N}_.-]+$',
        description: `${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, _ . -`,
      }),
    ),
    email: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX })),
    avatar: Type.Optional(Type.String({ maxLength: AVATAR_MAX, description: 'absolute http(s) URL; empty string removes the avatar' })),
    language: Type.Optional(
      Type.String({ maxLength: LANGUAGE_MAX, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', description: 'BCP 47 tag, e.g. en or zh-CN' }),
    ),
  },
  { additionalProperties: false },
);

export const profileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/profile',
    scope: 'profile:read',
    tag: 'User',
    summary: 'The account profile',
    schema: { response: Profile },
    handler: ({ ctx, caller }) => getProfile(ctx, caller.userId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/user/profile',
    scope: 'profile:write',
    tag: 'User',
    summary: 'Change any of username, email, avatar, language',
    schema: { body: ProfilePatch, response: Profile },
    handler: ({ ctx, caller, body }) => updateProfile(ctx, caller.userId, body ?? {}),
  }),
];
