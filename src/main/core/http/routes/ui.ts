import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE, readCookie, sameSecret } from '../caller.js';
import { PAGE_CSP } from '../../../../contract/page-policy.js';

export interface UiOptions {
  uiDir: string | null;
  sessionToken: string;
}

/** Vite's output: assets/<name>-<hash>.<ext> (and the .br/.gz beside it). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

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
/**
 * The headless page's policy, as the renderer's own meta tag (index.html) plus what a meta tag cannot say:
 * never inside another site's frame (clickjacking the back office).
 */
export const UI_CSP = PAGE_CSP;

export async function registerUi(app: FastifyInstance, options: UiOptions): Promise<void> {
  const indexFile = options.uiDir ? join(options.uiDir, 'index.html') : null;
  const hasUi = indexFile !== null && existsSync(indexFile);
  if (hasUi) {
    await app.register(fastifyStatic, {
      root: options.uiDir!,
      index: false,
      allowedPath: (pathName) => !pathName.startsWith('/index.html'),
      // Built with a .br and a .gz beside each text asset (vite.renderer.config.ts): sent as they are.
      preCompressed: true,
      // Hashed file names change with their content, so they can be cached for good; anything else is
      // revalidated.
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Content-Security-Policy', UI_CSP).header('X-Frame-Options', 'DENY');
    const query = request.query as { token?: unknown };
    if (query.token !== undefined) {
      if (typeof query.token !== 'string' || !sameSecret(query.token, options.sessionToken)) return reply.code(401).type('text/html').send(LOCKED_PAGE);
      reply.header(
        'Set-Cookie',
        `${SESSION_COOKIE}=${encodeURIComponent(options.sessionToken)}; Path=/; HttpOnly; SameSite=Strict`,
      );
      return reply.redirect('/', 303);
    }
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (cookie === undefined || !sameSecret(cookie, options.sessionToken)) {
      return reply.code(401).type('text/html').send(LOCKED_PAGE);
    }
    if (!hasUi) return reply.type('text/html').send(NO_UI_PAGE);
    // Read per request so a rebuilt UI is picked up without a restart; it is a few hundred bytes.
    return reply.type('text/html').header('Cache-Control', 'no-store').send(readFileSync(indexFile!));
  });
}
