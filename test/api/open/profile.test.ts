import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

/** Nothing written: no row added or removed anywhere, and the users table unchanged. */
async function expectNoWrite(run: () => Promise<void>): Promise<void> {
  const counts = tableCounts(server);
  const users = snapshot(server, ['users']);
  await run();
  expect(tableCounts(server)).toEqual(counts);
  expect(snapshot(server, ['users'])).toBe(users);
}

const PROFILE_KEYS = ['id', 'username', 'email', 'avatar', 'language', 'createdAt'].sort();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /user/profile', () => {
  it('returns the profile with exactly the spec fields', async () => {
    const res = await server.api('GET', '/user/profile');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(PROFILE_KEYS);
    expect(res.body.data).toEqual({
      id: 1,
      username: 'operator',
      email: 'operator@crossbuy.local',
      avatar: '',
      language: 'en',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('401 without a key; 403 naming the scope without profile:read', async () => {
    const none = await server.api('GET', '/user/profile', { key: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid API Key' });
    const key = server.makeKey(['cart:read']);
    const res = await server.api('GET', '/user/profile', { key });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: profile:read. Your key has: cart:read');
  });
});

describe('PUT /user/profile', () => {
  it('changes any subset of the fields and returns the whole profile', async () => {
    const before = (await server.api('GET', '/user/profile')).body.data;
    const res = await server.api('PUT', '/user/profile', { body: { username: 'li_wei.88', email: 'li.wei@example.com' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(PROFILE_KEYS);
    expect(res.body.data).toEqual({ ...before, username: 'li_wei.88', email: 'li.wei@example.com' });

    const more = await server.api('PUT', '/user/profile', { body: { avatar: 'https://cdn.example.com/a/li.png', language: 'zh-CN' } });
    expect(more.status).toBe(200);
    expect(more.body.data).toEqual({ ...before, username: 'li_wei.88', email: 'li.wei@example.com', avatar: 'https://cdn.example.com/a/li.png', language: 'zh-CN' });
    expect((await server.api('GET', '/user/profile')).body.data).toEqual(more.body.data);
  });

  it('stores a language tag in canonical case, accepts non-Latin usernames, and clears the avatar with ""', async () => {
    const res = await server.api('PUT', '/user/profile', { body: { language: 'zh-hant-tw', username: '李小龙', avatar: '' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ language: 'zh-Hant-TW', username: '李小龙', avatar: '' });
    const en = await server.api('PUT', '/user/profile', { body: { language: 'en' } });
    expect(en.body.data.language).toBe('en');
  });

  it('accepts usernames at both length bounds', async () => {
    expect((await server.api('PUT', '/user/profile', { body: { username: 'abc' } })).status).toBe(200);
    expect((await server.api('PUT', '/user/profile', { body: { username: 'a'.repeat(32) } })).status).toBe(200);
  });

  it.each([
    [{ username: 'ab' }, 'username'],
    [{ username: 'a'.repeat(33) }, 'username'],
    [{ username: 'has space' }, 'username'],
    [{ username: 42 }, 'username'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: '' }, 'email'],
    [{ avatar: 'not a url' }, 'avatar'],
    [{ avatar: 'javascript:alert(1)' }, 'avatar'],
    [{ avatar: '/relative/path.png' }, 'avatar'],
    [{ language: 'en_US' }, 'language'],
    [{ language: 'english' }, 'language'],
    [{ language: 'en-' }, 'language'],
    [{ language: '' }, 'language'],
    [{ nickname: 'x' }, 'nickname'],
    [{ username: 'fine_name', email: 'broken' }, 'email'],
  ])('rejects %j with 400 naming %s, writing nothing', async (body, field) => {
    await expectNoWrite(async () => {
      const res = await server.api('PUT', '/user/profile', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
    });
  });

  it('400 for an empty patch, a missing body and malformed JSON', async () => {
    await expectNoWrite(async () => {
      const empty = await server.api('PUT', '/user/profile', { body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/username, email, avatar, language/);
      const missing = await server.api('PUT', '/user/profile', { headers: { 'content-type': 'application/json' } });
      expect(missing.status).toBe(400);
      const broken = await server.api('PUT', '/user/profile', { raw: '{"username":', headers: { 'content-type': 'application/json' } });
      expect(broken.status).toBe(400);
      expect(broken.body.error).toBe('Bad Request');
    });
  });

  it('409 when another account holds the username, writing nothing', async () => {
    server.running.core.ctx.db
      .prepare(`INSERT INTO users (id, username, email, created_at) VALUES (2, 'taken_name', 'other@example.com', ?)`)
      .run(server.running.core.ctx.nowIso());
    await expectNoWrite(async () => {
      const res = await server.api('PUT', '/user/profile', { body: { username: 'taken_name', email: 'new@example.com' } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringContaining('taken_name') });
    });
  });

  it('403 without profile:write, writing nothing', async () => {
    const key = server.makeKey(['profile:read']);
    await expectNoWrite(async () => {
      const res = await server.api('PUT', '/user/profile', { key, body: { username: 'sneaky' } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Insufficient scope. Required: profile:write. Your key has: profile:read');
    });
  });
});
