import { Type } from 'typebox';
import { worldFileJsonSchema } from '../../../worlds/file/json-schema.js';
import { defineRoute } from '../../route.js';

/** World files (worlds.md sections 2 and 4): the format's JSON Schema. */
export const adminWorldFileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/worlds/schema.json',
    scope: null,
    tag: 'Admin',
    summary: 'The JSON Schema of a world file (the same as worlds/world-file.schema.json in the repository)',
    schema: { response: Type.Unknown({ description: 'a JSON Schema (draft 2020-12 keywords TypeBox writes)' }) },
    handler: () => worldFileJsonSchema(),
  }),
];
