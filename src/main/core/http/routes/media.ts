import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Worlds } from '../../worlds/worlds.js';
import { drawProductPicture, MAX_PRODUCT_VIEW, pictureDigest, pictureVersion, readPictureSubject, renderMedia, type MediaKind, MEDIA_KINDS } from '../../media/media.js';
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
        // v: the digest of the picture the URL was made for (product views add it).
        querystring: Type.Object({ world: Type.Optional(Type.String({ maxLength: 64 })), v: Type.Optional(Type.String({ maxLength: 16 })) }),
      },
    },
    async (request, reply) => {
      const { kind, id, file } = request.params as { kind: string; id: string; file: string };
      if (!(MEDIA_KINDS as readonly string[]).includes(kind)) throw new ApiError(404, 'Image not found');
      const query = request.query as { world?: string; v?: string };
      const world = worlds.forHeader(query.world);
      const index = Number.parseInt(file, 10);
      // A product picture's version comes from what it shows (media.ts), so a 304 needs no drawing.
      const subject = kind === 'products' && index <= MAX_PRODUCT_VIEW ? readPictureSubject(world.ctx, Number(id)) : null;
      const version = subject === null ? null : pictureVersion(subject, index);
      const svg = kind === 'products' ? null : renderMedia(world.ctx, kind as MediaKind, id, index);
      if (version === null && svg === null) throw new ApiError(404, 'Image not found');
      // Drawn from data that can change (a renamed product, an order's inspection): only a URL that names
      // these exact bytes is kept for good; any other is revalidated by its ETag (a 304 costs no body).
      const etag = `"${version ?? pictureDigest(svg!)}"`;
      reply.header('ETag', etag).header('Cache-Control', version !== null && query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .type('image/svg+xml')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg ?? drawProductPicture(subject!, index));
    },
  );
}

/** Whether an If-None-Match header lists `etag` (or `*`); weak validators compare as their strong form. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}
