import type { NewWorldInput } from '../../../../contract/admin/worlds';

export type WorldSource = 'shipped' | 'upload' | 'empty';

/**
 * The body of POST /admin/worlds from the dialog's fields: the file unless the demo data was chosen, the
 * name when one was typed, the seed when one was given (else the file's, else random: the server decides).
 */
/** A ttl as the API takes it: "90s", "30m", "2h", "7d" (the server checks the range). */
export const TTL_PATTERN = /^[1-9]\d*[smhd]$/;

export function newWorldBody(fields: { source: WorldSource; file: unknown; name: string; seed: number | string; ttl?: string }): NonNullable<NewWorldInput> {
  const body: NonNullable<NewWorldInput> = {};
  if (fields.source !== 'empty' && fields.file !== undefined) body.file = fields.file;
  const name = fields.name.trim();
  if (name) body.name = name;
  if (typeof fields.seed === 'number' && Number.isInteger(fields.seed)) body.seed = fields.seed;
  const ttl = fields.ttl?.trim();
  if (ttl) body.ttl = ttl;
  return body;
}
