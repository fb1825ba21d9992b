import { describe, expect, it } from 'vitest';
import type { BridgeRequest } from '../../../src/preload/bridge.js';
import { ConfirmationGate, canonicalPath, confirmationFor } from '../../../src/main/desktop/confirm.js';

const key: BridgeRequest = { method: 'POST', path: '/api/v1/admin/keys', body: { name: 'ci', scopes: ['all'] } };

describe('which bridge calls need the native confirmation', () => {
  it.each([
    key,
    { method: 'POST', path: '/api/v1/admin/keys?x=1', body: {} },
    { method: 'POST', path: '/api/v1/admin/%6Beys', body: {} },
    { method: 'POST', path: '/api/v1/admin/%256Beys', body: {} },
    { method: 'POST', path: '/api/v1/admin//keys/', body: {} },
    { method: 'POST', path: '/api/v1/admin/./keys', body: {} },
    { method: 'POST', path: '/api/v1/admin/KEYS', body: {} },
    { method: 'PUT', path: '/api/v1/admin/settings', body: { webhooksAllowRemote: true } },
    { method: 'PUT', path: '/api/v1/admin/settings', body: { webhooksAllowRemote: 'true', serviceFeeRate: 5 } },
    { method: 'POST', path: '/api/v1/admin/data/reset', body: { confirm: 'RESET' } },
    { method: 'POST', path: '/api/v1/admin/data/restore', body: { file: 'backup-1.db' } },
  ] as BridgeRequest[])('asks before %j', (request) => {
    expect(confirmationFor(request)).not.toBeNull();
  });

  it.each([
    { method: 'GET', path: '/api/v1/admin/keys' },
    { method: 'POST', path: '/api/v1/admin/keys/3/revoke', body: {} },
    { method: 'PUT', path: '/api/v1/admin/settings', body: { webhooksAllowRemote: false } },
    { method: 'PUT', path: '/api/v1/admin/settings', body: { serviceFeeRate: 5 } },
    { method: 'POST', path: '/api/v1/admin/data/backup', body: {} },
    { method: 'POST', path: '/api/v1/open/orders', body: {} },
  ] as BridgeRequest[])('lets %j through', (request) => {
    expect(confirmationFor(request)).toBeNull();
  });

  it('says what the key would grant', () => {
    expect(confirmationFor(key)).toMatchObject({ message: 'Create an API key named "ci"?', action: 'Create key', detail: expect.stringContaining('scopes: all') });
  });

  it('folds every spelling the router would accept', () => {
    expect(canonicalPath('/api/v1/admin/%6Beys/?q=1#x')).toBe('/api/v1/admin/keys');
    expect(canonicalPath('/api/v1/admin/data/%')).toBe('/api/v1/admin/data/%');
  });
});

describe('the confirmation gate', () => {
  it('runs the call only on yes, answers 403 on no, and never stacks dialogs', async () => {
    let release: (yes: boolean) => void = () => {};
    const asked: string[] = [];
    const gate = new ConfirmationGate((c) => {
      asked.push(c.title);
      return new Promise((resolve) => (release = resolve));
    });
    const first = gate.check(key);
    const second = await gate.check({ method: 'POST', path: '/api/v1/admin/data/reset', body: { confirm: 'RESET' } });
    expect(second).toMatchObject({ status: 409, body: { statusCode: 409, error: 'Conflict' } });
    release(false);
    expect(await first).toEqual({
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { statusCode: 403, message: 'Declined in the confirmation dialog', error: 'Forbidden' },
    });
    const third = gate.check(key);
    release(true);
    expect(await third).toBeNull();
    expect(await gate.check({ method: 'GET', path: '/api/v1/admin/keys' })).toBeNull();
    expect(asked).toEqual(['Create an API key', 'Create an API key']);
  });

  it('declines when the dialog fails', async () => {
    const gate = new ConfirmationGate(() => Promise.reject(new Error('no display')));
    expect((await gate.check(key))!.status).toBe(403);
  });
});
