import { Type } from 'typebox';
import { adminWorldSchemas } from '../../../../../contract/admin/worlds.js';
import { requestLogOf } from '../../../requests/request-log.js';
import { worldFileJsonSchema } from '../../../worlds/file/json-schema.js';
import { recordWorldFile } from '../../../worlds/file/record.js';
import { shippedWorldFiles } from '../../../worlds/shipped-files.js';
import { defineRoute } from '../../route.js';

/** World files (worlds.md sections 2 and 4): the format's JSON Schema, and a recorded session as a file. */
export const adminWorldFileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/worlds/schema.json',
    scope: null,
    tag: 'Admin',
    summary: 'The JSON Schema of a world file (the same as worlds/world-file.schema.json in the repository)',
    schema: { response: Type.Unknown({ description: 'a JSON Schema' }) },
    handler: () => worldFileJsonSchema(),
  }),
  defineRoute({
    method: 'GET',
    url: '/worlds/files',
    scope: null,
    tag: 'Worlds',
    summary: 'The world files shipped in the repository (worlds/): name, description, seed and the file itself, read once and kept',
    schema: adminWorldSchemas['GET /worlds/files'],
    handler: () => shippedWorldFiles(),
  }),
  defineRoute({
    method: 'GET',
    url: '/requests/world-file',
    scope: null,
    tag: 'Admin',
    summary: 'One key\'s requests in the log (since, until) as a world file: its writes, the reads later requests use, the clock advances between, ids as references',
    schema: {
      querystring: Type.Object(
        {
          keyId: Type.Integer({ minimum: 1, description: 'the API key whose requests are recorded' }),
          since: Type.Optional(Type.String({ format: 'date-time', description: 'from this time (default: the oldest entry kept)' })),
          until: Type.Optional(Type.String({ format: 'date-time', description: 'up to this time (default: now)' })),
        },
        { additionalProperties: false },
      ),
      response: Type.Unknown({ description: 'a world file (GET /worlds/schema.json)' }),
    },
    handler: ({ ctx, query, world }) => recordWorldFile(ctx, requestLogOf(ctx), { ...query, world }),
  }),
];
