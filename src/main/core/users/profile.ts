import type { CoreContext } from '../context.js';
import { badRequest, conflict, notFound } from '../shared/errors.js';
import { userRows, type UserRow } from './rows.js';

export type { ProfilePatch };
import { AVATAR_MAX, EMAIL_MAX, LANGUAGE_MAX, USERNAME_MAX, USERNAME_MIN } from '../../../contract/limits.js';
import type { Profile, ProfilePatch } from '../../../contract/open/profile.js';

export { AVATAR_MAX, EMAIL_MAX, LANGUAGE_MAX, USERNAME_MAX, USERNAME_MIN };

function toView(row: UserRow): Profile {
  return { id: row.id, username: row.username, email: row.email, avatar: row.avatar, language: row.language, createdAt: row.created_at };
}

function requireUser(ctx: CoreContext, userId: number): UserRow {
  const row = userRows.one(ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(userId));
  if (!row) throw notFound(`User ${userId} not found`);
  return row;
}

export function getProfile(ctx: CoreContext, userId: number): Profile {
  return toView(requireUser(ctx, userId));
}

/**
 * An avatar is an absolute http(s) URL, or '' to remove it. Other schemes (javascript:, data:, file:) are
 * refused: the URL ends up in an <img src> of the UI.
 */
function checkAvatar(avatar: string): void {
  if (avatar === '') return;
  let url: URL;
  try {
    url = new URL(avatar);
  } catch {
    throw badRequest('avatar must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('avatar must be an absolute http or https URL');
}

/** A well-formed BCP 47 tag, returned in canonical case (zh-cn -> zh-CN). */
export function canonicalLanguage(tag: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (canonical) return canonical;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('language must be a BCP 47 language tag, e.g. en or zh-CN');
}

/** Changes any of username, email, avatar, language; the rest stay as they are. */
export function updateProfile(ctx: CoreContext, userId: number, patch: ProfilePatch): Profile {
  if (patch.username === undefined && patch.email === undefined && patch.avatar === undefined && patch.language === undefined) {
    throw badRequest('Send at least one of username, email, avatar, language');
  }
  if (patch.avatar !== undefined) checkAvatar(patch.avatar);
  const language = patch.language === undefined ? undefined : canonicalLanguage(patch.language);
  return ctx.db
    .transaction(() => {
      const current = requireUser(ctx, userId);
      if (patch.username !== undefined && patch.username !== current.username) {
        const taken = ctx.db.prepare('SELECT 1 FROM users WHERE username = ? AND id <> ?').get(patch.username, userId);
        if (taken) throw conflict(`username ${patch.username} is already taken`);
      }
      const next: UserRow = {
        ...current,
        username: patch.username ?? current.username,
        email: patch.email ?? current.email,
        avatar: patch.avatar ?? current.avatar,
        language: language ?? current.language,
      };
      ctx.db
        .prepare('UPDATE users SET username = ?, email = ?, avatar = ?, language = ? WHERE id = ?')
        .run(next.username, next.email, next.avatar, next.language, userId);
      return toView(next);
    })
    .immediate();
}
