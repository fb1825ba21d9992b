import { AVATAR_MAX, EMAIL_MAX, USERNAME_MAX, USERNAME_MIN } from '../../../../contract/limits';
import type { ProfilePatch } from './api';

/**
 * The profile's rules as the service applies them (the contract's ProfilePatch and the core's avatar
 * check), for the form to say on each field before sending: pure, unit-tested beside it.
 *
 * The contract's username pattern (src/contract/open/profile.ts, ProfilePatch): letters, digits, _ . - */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
/** The service's email check (ajv-formats' `email`, full mode): what the contract's `format: 'email'` accepts. */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The profile fields a rule can refuse, each with the message key (profileMessages) that says why. */
export type ProfileProblems = Partial<Record<'username' | 'email' | 'avatar', { key: ProfileProblemKey; vars?: Record<string, number> }>>;
export type ProfileProblemKey = 'usernameLength' | 'usernameChars' | 'emailInvalid' | 'tooLong' | 'avatarInvalid';

/** An absolute http(s) URL, or null: only such an address is shown as an image (or accepted as the avatar). */
export function httpUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * What the service would refuse in a profile change, per field, by the contract's rules (ProfilePatch and
 * the core's avatar check): only the fields sent are checked, so an old value is never in the way.
 */
export function profileProblems(patch: ProfilePatch): ProfileProblems {
  const problems: ProfileProblems = {};
  if (patch.username !== undefined) {
    // JSON Schema lengths count code points, as the service does.
    const length = [...patch.username].length;
    if (length < USERNAME_MIN || length > USERNAME_MAX) problems.username = { key: 'usernameLength', vars: { min: USERNAME_MIN, max: USERNAME_MAX } };
    else if (!USERNAME_PATTERN.test(patch.username)) problems.username = { key: 'usernameChars' };
  }
  if (patch.email !== undefined) {
    if ([...patch.email].length > EMAIL_MAX) problems.email = { key: 'tooLong', vars: { max: EMAIL_MAX } };
    else if (!EMAIL_PATTERN.test(patch.email)) problems.email = { key: 'emailInvalid' };
  }
  if (patch.avatar !== undefined && patch.avatar !== '') {
    if ([...patch.avatar].length > AVATAR_MAX) problems.avatar = { key: 'tooLong', vars: { max: AVATAR_MAX } };
    else if (httpUrl(patch.avatar) === null) problems.avatar = { key: 'avatarInvalid' };
  }
  return problems;
}
