import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../shared/errors.js';

// ajv-formats ships CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    // The failing value and its schema on each error: a message can then say what was expected (a pattern's
    // description) and name a misspelt field beside the required one it stood in for.
    verbose: true,
    strict: false,
    // NaN and Infinity are not numbers a client can mean (a JSON 1e400 parses to Infinity).
    strictNumbers: true,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Query strings and path params arrive as text, so they are coerced ("2" -> 2). Bodies are JSON and keep
 * their types: a quantity of "2" or 2.5 is a client error, not something to guess at.
 */
let textAjv: Ajv | undefined;
let bodyAjv: Ajv | undefined;
/** Made with the first schema compiled (a route's first request), not when the server starts. */
const ajvFor = (httpPart: string | undefined): Ajv => (httpPart === 'body' ? (bodyAjv ??= makeAjv(false)) : (textAjv ??= makeAjv(true)));

/**
 * Compiles a route's schema on the route's first request rather than at start-up: compiling every route's
 * schemas took ~120 ms of each start, most of it for routes a session never calls. Fastify reads `errors`
 * off the function it was given, so the wrapper carries them over.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  let compiled: ValidateFunction | undefined;
  let integerFields: string[] = [];
  const validate = (data: unknown) => {
    if (!compiled) {
      compiled = ajvFor(httpPart).compile(boundIntegers(schema));
      integerFields = httpPart === 'body' ? [] : topLevelIntegers(schema);
    }
    const notInteger = integerFields.length ? nonCanonicalInteger(data, integerFields) : null;
    if (notInteger) {
      validate.errors = [notInteger];
      return false;
    }
    const ok = compiled(data);
    validate.errors = compiled.errors;
    return ok;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
};

/**
 * Every integer of every schema is bounded: one without its own bounds gets the exact-integer range, so a
 * 1e20 or 4611686018427387904 is the contract's 400, never a value that overflows SQLite or loses digits.
 */
export function boundIntegers(schema: unknown): object {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === 'default' || key === 'const' || key === 'enum' ? value : visit(value);
    const types = Array.isArray(out.type) ? out.type : [out.type];
    if (types.includes('integer')) {
      if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = Number.MAX_SAFE_INTEGER;
      if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -Number.MAX_SAFE_INTEGER;
    }
    return out;
  };
  return visit(schema) as object;
}

/** Query and path fields whose schema is an integer (alone or in a union). */
function topLevelIntegers(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown; anyOf?: { type?: unknown }[] }> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, p]) => p.type === 'integer' || (p.anyOf ?? []).some((a) => a.type === 'integer'))
    .map(([name]) => name);
}

/** Plain decimal digits only: no hex (`0x10`), exponent (`1e3`), `Infinity` or blanks for text to coerce. */
const CANONICAL_INTEGER = /^-?[0-9]{1,16}$/;

function nonCanonicalInteger(data: unknown, fields: readonly string[]): ErrorObject | null {
  if (typeof data !== 'object' || data === null) return null;
  for (const field of fields) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value === 'string' && !CANONICAL_INTEGER.test(value)) {
      return { keyword: 'type', instancePath: `/${field}`, schemaPath: '', params: { type: 'integer' }, message: 'must be integer' };
    }
  }
  return null;
}

function fieldPath(error: ErrorObject): string {
  // "/items/0/productId" -> "items[0].productId"
  const parts = error.instancePath.split('/').filter(Boolean);
  let path = '';
  for (const part of parts) path += /^\d+$/.test(part) ? `[${part}]` : path ? `.${part}` : part;
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return path ? `${path}.${extra}` : extra;
  }
  return path;
}

/** At most this many misspelt names quoted, each cut to this many characters: the message stays short. */
const MAX_NAMED_UNKNOWN = 3;
const MAX_NAME_CHARS = 64;

/**
 * The fields of an object its schema does not know, when a required one is missing beside them: `{ amout: 5 }`
 * is "amount is required ("amout" is not a known field)", not only the half that hides the typo.
 */
function unknownBeside(error: ErrorObject): string {
  const schema = error.parentSchema as { additionalProperties?: unknown; properties?: Record<string, unknown> } | undefined;
  const data = error.data;
  if (schema?.additionalProperties !== false || typeof data !== 'object' || data === null || Array.isArray(data)) return '';
  const known = schema.properties ?? {};
  const unknown = Object.keys(data).filter((name) => !Object.hasOwn(known, name));
  if (unknown.length === 0) return '';
  const named = unknown.slice(0, MAX_NAMED_UNKNOWN).map((name) => JSON.stringify(name.length > MAX_NAME_CHARS ? `${name.slice(0, MAX_NAME_CHARS)}…` : name));
  const more = unknown.length > MAX_NAMED_UNKNOWN ? ` and ${unknown.length - MAX_NAMED_UNKNOWN} more` : '';
  return ` (${named.join(', ')}${more} ${unknown.length === 1 ? 'is not a known field' : 'are not known fields'})`;
}

/** What a pattern asks for: the schema's own description of it, else the pattern itself. */
function expectedFormat(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string' && description) return ` (expected ${description})`;
  return ` (expected to match ${(error.params as { pattern: string }).pattern})`;
}

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'must be an ISO 8601 date and time with its offset (Z or ±hh:mm), e.g. 2026-03-02T09:00:00Z',
  date: 'must be a date written YYYY-MM-DD',
};

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `is required${unknownBeside(error)}`;
    case 'format':
      return FORMAT_WORDS[(error.params as { format: string }).format] ?? error.message ?? 'is invalid';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type': {
      const type = (error.params as { type: string }).type;
      return `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
    }
    case 'enum':
      return `must be one of: ${((error.params as { allowedValues: unknown[] }).allowedValues).join(', ')}`;
    case 'pattern':
      return `has an invalid format${expectedFormat(error)}`;
    case 'maxLength':
      return `must be at most ${(error.params as { limit: number }).limit} characters`;
    case 'minLength': {
      const limit = (error.params as { limit: number }).limit;
      return limit === 1 ? 'must not be empty' : `must be at least ${limit} characters`;
    }
    default:
      return error.message ?? 'is invalid';
  }
}

const PART_NAME: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Turns the first schema violation into a 400 whose message names the field. */
export function validationError(errors: ErrorObject[], part: string): ApiError {
  const first = errors[0];
  if (!first) return new ApiError(400, 'Invalid request');
  const path = fieldPath(first);
  if (!path) {
    return new ApiError(400, part === 'body' ? `Request body ${describe(first)}` : `Invalid ${PART_NAME[part] ?? part}: ${describe(first)}`);
  }
  return new ApiError(400, `${path} ${describe(first)}`);
}
