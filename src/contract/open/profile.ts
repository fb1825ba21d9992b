import { Type, type Static } from 'typebox';
import { Timestamp } from '../common.js';
import { AVATAR_MAX, EMAIL_MAX, LANGUAGE_MAX, USERNAME_MAX, USERNAME_MIN } from '../limits.js';

export const Profile = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  avatar: Type.String({ description: 'URL of the avatar image, or empty' }),
  language: Type.String({ description: 'BCP 47 tag, e.g. en or zh-CN' }),
  createdAt: Timestamp,
});

export const ProfilePatch = Type.Object(
  {
    username: Type.Optional(
      Type.String({
        minLength: USERNAME_MIN,
        maxLength: USERNAME_MAX,
        pattern: '^[\\p{L}\\p{N}_.-]+$',
        description: `${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, _ . -`,
      }),
    ),
    email: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX, description: "the account's email address" })),
    avatar: Type.Optional(Type.String({ maxLength: AVATAR_MAX, description: 'absolute http(s) URL; empty string removes the avatar' })),
    language: Type.Optional(
      Type.String({ maxLength: LANGUAGE_MAX, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', description: 'BCP 47 tag, e.g. en or zh-CN' }),
    ),
  },
  { additionalProperties: false },
);

/** The schemas of each route of open/profile.ts, by method and path. */
export const profileSchemas = {
  'GET /user/profile': { response: Profile },
  'PUT /user/profile': { body: ProfilePatch, response: Profile },
};

/** The static types of what these routes take and answer. */
export type Profile = Static<typeof Profile>;
export type ProfilePatch = Static<typeof ProfilePatch>;
