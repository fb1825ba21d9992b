import { WorldFile } from '../../../../contract/admin/world-file.js';

let kept: object | undefined;

/** The world file's schema as plain JSON (what is served, and what worlds/world-file.schema.json holds). */
export function worldFileJsonSchema(): object {
  kept ??= JSON.parse(JSON.stringify(WorldFile)) as object;
  return kept;
}

/** The text of worlds/world-file.schema.json. */
export const worldFileSchemaText = () => `${JSON.stringify(worldFileJsonSchema(), null, 2)}\n`;
