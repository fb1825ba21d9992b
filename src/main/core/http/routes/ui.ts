import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE, readCookie } from '../caller.js';

export interface UiOptions {
  uiDir: string | null;
  sessionToken: string;
}

const LOCKED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>crossbuy</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto">
<h1>crossbuy is running</h1>
<p>This page needs the token printed by <code>crossbuy serve</code>. Open the full URL it printed
(it ends in <code>?token=...</code>).</p></body></html>`;

const NO_UI_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>crossbuy</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto">
<h1>crossbuy API is running</h1><p>The UI has not been built: run <code>npm run build:ui</code>.
The API reference is at <a href="/docs">/docs</a>.</p></body></html>`;

/**
 * The headless UI, guarded as Jupyter guards its notebook: the printed URL carries a token; opening it
 * sets an HttpOnly, SameSite=Strict session cookie and redirects to a clean URL. Static assets hold no
 * data and are served without it; every API call needs the cookie plus the UI header.
 */
export async function registerUi(app: FastifyInstance, options: UiOptions): Promise<void> {
  const indexFile = options.uiDir ? join(options.uiDir, 'index.html') : null;
  const hasUi = indexFile !== null && existsSync(indexFile);
  if (hasUi) {
    await app.register(fastifyStatic, {
      root: options.uiDir!,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      cacheControl: true,
      maxAge: '1h',
    });
  }
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { token?: string };
    if (query.token !== undefined) {
      if (query.token !== options.sessionToken) return reply.code(401).type('text/html').send(LOCKED_PAGE);
      reply.header(
        'Set-Cookie',
        `${SESSION_COOKIE}=${encodeURIComponent(options.sessionToken)}; Path=/; HttpOnly; SameSite=Strict`,
      );
      return reply.redirect('/', 303);
    }
    if (readCookie(request.headers.cookie, SESSION_COOKIE) !== options.sessionToken) {
      return reply.code(401).type('text/html').send(LOCKED_PAGE);
    }
    if (!hasUi) return reply.type('text/html').send(NO_UI_PAGE);
    // Read per request so a rebuilt UI is picked up without a restart; it is a few hundred bytes.
    return reply.type('text/html').header('Cache-Control', 'no-store').send(readFileSync(indexFile!));
  });
}
