import { describe, expect, it } from 'vitest';
import { clipBody, keepBody, maskSecrets } from '../../../src/main/core/requests/redact.js';

const KEY = 'sk-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefgh';

describe('what the request log keeps of a body', () => {
  it('masks API keys and webhook secrets, and leaves other text alone', () => {
    expect(maskSecrets(`{"key":"${KEY}","secret":"whsec_abcdefghij","note":"sk-short task-list"}`)).toBe(
      '{"key":"sk-****","secret":"whsec_****","note":"sk-short task-list"}',
    );
  });

  it('keeps a small body whole, and nothing for an empty one', () => {
    expect(keepBody(clipBody('{"a":1}'))).toEqual({ text: '{"a":1}', bytes: 7, truncated: false });
    expect(keepBody(clipBody(''))).toEqual({ text: null, bytes: 0, truncated: false });
    expect(keepBody(clipBody(Buffer.from('ok')))).toEqual({ text: 'ok', bytes: 2, truncated: false });
  });

  it('cuts at the limit on a character boundary and reports the whole size', () => {
    const body = '你'.repeat(2000);
    const kept = keepBody(clipBody(body, 100), 100);
    expect(kept.truncated).toBe(true);
    expect(kept.bytes).toBe(6000);
    expect(kept.text).toBe('你'.repeat(33));
  });

  it('masks a key that straddles the cut', () => {
    const body = `${'x'.repeat(90)}${KEY} ${'y'.repeat(500)}`;
    const kept = keepBody(clipBody(body, 100), 100);
    expect(kept.text).toBe(`${'x'.repeat(90)}sk-**** ${'y'.repeat(2)}`);
    expect(kept.text).not.toContain('AbCdEf');
  });
});
