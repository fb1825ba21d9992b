import { describe, expect, it } from 'vitest';
import { ProfilePatch } from '../../../../contract/open/profile';
import { translate } from '../../shared/i18n';
import { EMAIL_PATTERN, httpUrl, profileProblems, USERNAME_PATTERN } from './profileRules';
// The service's own email check (ajv-formats, as the contract's `format: 'email'` runs there): the copy must not drift.
import { fullFormats } from 'ajv-formats/dist/formats';
import { profileMessages } from './messages';

describe('the profile form checks the contract\'s rules before sending', () => {
  it('marks each wrong field of its own: a short username and a malformed email together', () => {
    const problems = profileProblems({ username: 'a', email: 'not-an-email' });
    expect(Object.keys(problems).sort()).toEqual(['email', 'username']);
    expect(translate(profileMessages, 'en', problems.username!.key, problems.username!.vars)).toBe('Use 3 to 32 characters');
    expect(translate(profileMessages, 'zh-CN', problems.username!.key, problems.username!.vars)).toBe('请输入 3 到 32 个字符');
    expect(problems.email!.key).toBe('emailInvalid');
  });

  it('takes what the service takes', () => {
    expect(profileProblems({ username: 'shopper_01', email: 'a.b+c@example.co.uk', avatar: 'https://example.com/a.png', language: 'en' })).toEqual({});
    expect(profileProblems({ username: '小明同学', avatar: '' })).toEqual({});
    // Fields not sent are not checked (an old value never blocks a change of another field).
    expect(profileProblems({ language: 'zh-CN' })).toEqual({});
  });

  it('refuses what the service refuses', () => {
    expect(profileProblems({ username: 'ab' }).username?.key).toBe('usernameLength');
    expect(profileProblems({ username: 'x'.repeat(33) }).username?.key).toBe('usernameLength');
    expect(profileProblems({ username: 'with space' }).username?.key).toBe('usernameChars');
    expect(profileProblems({ email: '' }).email?.key).toBe('emailInvalid');
    expect(profileProblems({ email: 'a@b' }).email?.key).toBe('emailInvalid');
    expect(profileProblems({ email: `${'a'.repeat(250)}@example.com` }).email?.key).toBe('tooLong');
    expect(profileProblems({ avatar: 'javascript:alert(1)' }).avatar?.key).toBe('avatarInvalid');
    expect(profileProblems({ avatar: 'example.com/a.png' }).avatar?.key).toBe('avatarInvalid');
    expect(profileProblems({ avatar: 'data:image/png;base64,AAAA' }).avatar?.key).toBe('avatarInvalid');
  });

  it('uses the contract\'s username pattern and the service\'s email check', () => {
    expect(USERNAME_PATTERN.source).toBe((ProfilePatch.properties.username as unknown as { pattern: string }).pattern);
    const serviceEmail = fullFormats.email as RegExp;
    expect(EMAIL_PATTERN.source).toBe(serviceEmail.source);
    expect(EMAIL_PATTERN.flags).toBe(serviceEmail.flags);
  });

  it('previews only an http(s) address as an image', () => {
    expect(httpUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(httpUrl('http://example.com/a.png')).toBe('http://example.com/a.png');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(httpUrl('a')).toBeNull();
    expect(httpUrl('')).toBeNull();
  });
});
