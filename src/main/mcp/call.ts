import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOL_HEADER } from '../core/http/request-log.js';
import { IDEMPOTENCY_ARGUMENT, type ToolDef } from './tools.js';

/**
 * A tool call as the HTTP request of its route, and the route's answer as the tool's result (pure). The
 * request then goes through the server's one dispatch path (dispatch.ts), so validation, scopes, the rate
 * limit, idempotency, events and the request log are the route's own.
 */
export const OPEN_PREFIX = '/api/v1/open';

export interface ToolRequest {
  method: ToolDef['route']['method'];
  /** Under the open API's prefix, with the query string. */
  path: string;
  headers: Record<string, string>;
  /** JSON text, or undefined for no body. */
  body?: string;
}

export interface HttpAnswer {
  statusCode: number;
  /** The answer's text (JSON for every route of the table). */
  body: string;
}

/** A refusal before any request (an argument the URL cannot carry), in the API's error shape. */
export class ArgumentError extends Error {}

function queryValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(queryValue);
  if (value === null || value === undefined) return [];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean)];
}

export function toRequest(tool: ToolDef, args: Record<string, unknown> | undefined): ToolRequest {
  const rest: Record<string, unknown> = { ...args };
  const headers: Record<string, string> = { [MCP_TOOL_HEADER]: tool.name };
  const idempotencyKey = rest[IDEMPOTENCY_ARGUMENT];
  delete rest[IDEMPOTENCY_ARGUMENT];
  if (tool.route.idempotent && idempotencyKey !== undefined) {
    if (typeof idempotencyKey !== 'string') throw new ArgumentError(`${IDEMPOTENCY_ARGUMENT} must be a string`);
    headers['idempotency-key'] = idempotencyKey;
  }
  let path = tool.route.url;
  for (const name of tool.placement.params) {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new ArgumentError(`${name} is required`);
    if (typeof value === 'object') throw new ArgumentError(`${name} must be a string or a number`);
    path = path.replace(`:${name}`, encodeURIComponent(String(value as string | number | boolean)));
  }
  const query = new URLSearchParams();
  for (const name of tool.placement.query) {
    for (const value of queryValue(rest[name])) query.append(name, value);
    delete rest[name];
  }
  // Everything else is the body's: an unknown argument reaches the route's validation, which names it as
  // HTTP would. A route without a body refuses it here in the same words.
  const bodyFields = Object.keys(rest);
  let body: string | undefined;
  if (tool.placement.hasBody) {
    if (bodyFields.length > 0 || !tool.placement.bodyOptional) body = JSON.stringify(rest);
  } else if (bodyFields.length > 0) {
    throw new ArgumentError(`${bodyFields[0]} is not an argument of ${tool.name}`);
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const search = query.toString();
  return { method: tool.route.method, path: OPEN_PREFIX + path + (search ? `?${search}` : ''), headers, body };
}

function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The route's answer as the tool's result: its JSON as structuredContent and as text; a refusal is isError. */
export function toResult(answer: HttpAnswer): CallToolResult {
  const json = parsed(answer.body);
  const isError = answer.statusCode >= 400;
  const structured =
    json !== null && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : isError
        ? { statusCode: answer.statusCode, message: answer.body || 'Request failed', error: 'Error' }
        : { data: json ?? null };
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured,
    ...(isError ? { isError: true } : {}),
  };
}

/** A refusal made before any request, in the API's error shape (what HTTP answers a bad argument). */
export function argumentRefusal(message: string): CallToolResult {
  return toResult({ statusCode: 400, body: JSON.stringify({ statusCode: 400, message, error: 'Bad Request' }) });
}
