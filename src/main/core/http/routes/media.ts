import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Worlds } from '../../worlds/worlds.js';
import { renderMedia, type MediaKind, MEDIA_KINDS } from '../../media/media.js';
import { ApiError } from '../../shared/errors.js';

/**
 * Generated images (product pictures, inspection photos). Public like a CDN: they carry no account data
 * beyond what the picture shows, and <img> tags in scripts' own reports must be able to load them.
 */
export function registerMedia(app: FastifyInstance, worlds: Worlds): void {
  app.get(
    '/media/:kind/:id/:file',
    {
      schema: {
        hide: true,
        params: Type.Object({
          kind: Type.String(),
          id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
          file: Type.String({ pattern: '^[0-9]{1,2}\\.svg$' }),
        }),
        // A world's pictures carry its id (its mediaUrl adds it); none: the default world's.
        querystring: Type.Object({ world: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const { kind, id, file } = request.params as { kind: string; id: string; file: string };
      if (!(MEDIA_KINDS as readonly string[]).includes(kind)) throw new ApiError(404, 'Image not found');
      const world = worlds.forHeader((request.query as { world?: string }).world);
      const svg = renderMedia(world.ctx, kind as MediaKind, id, Number.parseInt(file, 10));
      if (svg === null) throw new ApiError(404, 'Image not found');
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}
