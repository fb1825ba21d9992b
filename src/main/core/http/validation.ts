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
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Query strings and path params arrive as text, so they are coerced ("2" -> 2). Bodies are JSON and keep
 * their types: a quantity of "2" or 2.5 is a client error, not something to guess at.
 */
const textAjv = makeAjv(true);
const bodyAjv = makeAjv(false);

/**
 * Compiles a route's schema on the route's first request rather than at start-up: compiling every route's
 * schemas took ~120 ms of each start, most of it for routes a session never calls. Fastify reads `errors`
 * off the function it was given, so the wrapper carries them over.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= ajv.compile(schema as object);
    const ok = compiled(data);
    validate.errors = compiled.errors;
    return ok;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
};

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

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type':
      return `must be ${(error.params as { type: string }).type === 'integer' ? 'an integer' : `a ${(error.params as { type: string }).type}`}`;
    case 'enum':
      return `must be one of: ${((error.params as { allowedValues: unknown[] }).allowedValues).join(', ')}`;
    case 'pattern':
      return 'has an invalid format';
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
