import type { NewWorldInput } from '../../../../contract/admin/worlds';

export type WorldSource = 'shipped' | 'upload' | 'empty';

/** Whether the new world's clock is frozen: the service's default (frozen for a file or a seed), or either way. */
export type WorldClockMode = 'default' | 'frozen' | 'running';

/** A ttl as the API takes it: "90s", "30m", "2h", "7d" (the server checks the range). */
export const TTL_PATTERN = /^[1-9]\d*[smhd]$/;

/** A clock start as the API takes it: an ISO 8601 date and time with its offset (RFC 3339), as world files write it. */
const CLOCK_START_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** Whether a typed clock start can be sent: empty (the file's, else now) or a real instant written in full. */
export function isClockStart(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (!CLOCK_START_PATTERN.test(trimmed) || !Number.isFinite(Date.parse(trimmed))) return false;
  // Date.parse rolls 2026-02-30 over to March 2: the day must exist in its month.
  const [year, month, day] = trimmed.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/**
 * The body of POST /admin/worlds from the dialog's fields: the file unless the demo data was chosen, the
 * name when one was typed, the seed when one was given (else the file's, else random: the server decides),
 * the clock's start and frozen state only when chosen (else the service's defaults).
 */
export function newWorldBody(fields: {
  source: WorldSource;
  file: unknown;
  name: string;
  seed: number | string;
  ttl?: string;
  clockStart?: string;
  clock?: WorldClockMode;
}): NonNullable<NewWorldInput> {
  const body: NonNullable<NewWorldInput> = {};
  if (fields.source !== 'empty' && fields.file !== undefined) body.file = fields.file;
  const name = fields.name.trim();
  if (name) body.name = name;
  if (typeof fields.seed === 'number' && Number.isInteger(fields.seed)) body.seed = fields.seed;
  const ttl = fields.ttl?.trim();
  if (ttl) body.ttl = ttl;
  const clockStart = fields.clockStart?.trim();
  if (clockStart) body.clockStart = clockStart;
  if (fields.clock === 'frozen' || fields.clock === 'running') body.frozen = fields.clock === 'frozen';
  return body;
}
