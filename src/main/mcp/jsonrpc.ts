import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * Bad JSON-RPC answered as JSON-RPC 2.0 says, in short messages that name what is wrong (never a dump of
 * the SDK's zod issues, never -32603 Internal error for the client's own mistake):
 * - `invalidRequestOf`: a body that is JSON but not a message (or a batch of them): -32600 Invalid Request.
 *   The SDK's HTTP transport answers an empty batch `[]` 202 as if it held only notifications, and any
 *   other non-message -32700 Parse error.
 * - `guardParams`: a request whose params do not fit its method (`tools/call` with `arguments: []`, no
 *   `name`...): -32602 Invalid params. The SDK parses params with zod before any handler runs and answers a
 *   failure -32603 with the zod issues as the message.
 */
export interface JsonRpcProblem {
  code: number;
  message: string;
  /** The request's id when it has a usable one (JSON-RPC: null when it cannot be told). */
  id: string | number | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  return `a ${typeof value}`;
}

const isId = (value: unknown): value is string | number => typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

const MESSAGE_MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

const invalidRequest = (text: string): { code: number; text: string } => ({ code: ErrorCode.InvalidRequest, text: `Invalid Request: ${text}` });

/** Why one message is not a JSON-RPC 2.0 message the SDK takes (its schema), or undefined. */
function messageProblem(message: unknown): { code: number; text: string } | undefined {
  if (JSONRPCMessageSchema.safeParse(message).success) return undefined;
  if (!isObject(message)) return invalidRequest(`a JSON-RPC message is an object, not ${kind(message)}`);
  if (message.jsonrpc !== '2.0') return invalidRequest('jsonrpc must be "2.0"');
  const unknown = Object.keys(message).find((member) => !MESSAGE_MEMBERS.has(member));
  if (unknown !== undefined) return invalidRequest(`${unknown} is not a member of a JSON-RPC message`);
  if ('id' in message && !isId(message.id) && !(message.id === null && 'error' in message)) return invalidRequest('id must be a string or an integer');
  if ('method' in message) {
    if (typeof message.method !== 'string') return invalidRequest('method must be a string');
    if ('params' in message && !isObject(message.params)) {
      // Params by position (an array) are JSON-RPC's own, so bad params of a well-formed request; MCP
      // takes them by name only. Anything else is not a request at all.
      const text = `params must be an object, not ${kind(message.params)}`;
      return Array.isArray(message.params) ? { code: ErrorCode.InvalidParams, text: `Invalid params for ${message.method}: ${text}` } : invalidRequest(text);
    }
  } else if (!('result' in message) && !('error' in message)) {
    return invalidRequest('a message has a method (a request or a notification), or a result or an error (a response)');
  }
  return invalidRequest('not a JSON-RPC 2.0 message');
}

/**
 * A body (already parsed JSON) that is not a JSON-RPC message or a batch of them: the error to answer
 * (-32600; -32602 for a request with params by position). A batch is refused whole, at its first bad
 * element (the SDK's transport takes a batch whole or not at all).
 */
export function invalidRequestOf(body: unknown): JsonRpcProblem | undefined {
  if (Array.isArray(body)) {
    if (body.length === 0) return { code: ErrorCode.InvalidRequest, message: 'Invalid Request: an empty batch holds no message', id: null };
    for (const [index, message] of body.entries()) {
      const problem = messageProblem(message);
      if (problem !== undefined) return { code: problem.code, message: `${problem.text} (batch element ${index})`, id: null };
    }
    return undefined;
  }
  const problem = messageProblem(body);
  if (problem === undefined) return undefined;
  return { code: problem.code, message: problem.text, id: isObject(body) && isId(body.id) ? body.id : null };
}

/** The SDK's own schema of each request the server answers (mcp-server.ts registers a handler for each). */
const REQUEST_SCHEMAS: Readonly<Record<string, { safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } } }>> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
};

interface Issue {
  code: string;
  path: readonly PropertyKey[];
  expected?: string;
  message: string;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = isObject(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

const EXPECTED: Readonly<Record<string, string>> = { record: 'an object', object: 'an object', array: 'an array', string: 'a string', number: 'a number', int: 'an integer', boolean: 'a boolean' };

/** One short sentence of a zod issue: `params.arguments must be an object, not an array`. */
function issueText(request: unknown, issue: Issue): string {
  const where = issue.path.map(String).join('.') || 'the request';
  const value = valueAt(request, issue.path);
  if (value === undefined && issue.code === 'invalid_type') return `${where} is required`;
  if (issue.code === 'invalid_type' && issue.expected !== undefined) return `${where} must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kind(value)}`;
  return `${where} is not valid`;
}

/** Why a request's params do not fit its method (the -32602 to answer), or undefined. */
export function invalidParamsOf(message: JSONRPCMessage): JsonRpcProblem | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const schema = REQUEST_SCHEMAS[message.method];
  if (!schema) return undefined;
  const request = { method: message.method, ...('params' in message ? { params: message.params } : {}) };
  const parsed = schema.safeParse(request);
  if (parsed.success) return undefined;
  const issue = parsed.error?.issues[0];
  const text = issue ? issueText(request, issue) : 'params do not fit the method';
  return { code: ErrorCode.InvalidParams, message: `Invalid params for ${message.method}: ${text}`, id: message.id };
}

/**
 * Answers a request whose params do not fit its method before the SDK's protocol layer sees it (installed
 * on a connected transport: it wraps the `onmessage` the protocol set). Everything else passes through.
 */
export function guardParams(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const problem = invalidParamsOf(message);
    if (!problem) return deliver(message, extra);
    void transport
      .send({ jsonrpc: '2.0', id: problem.id!, error: { code: problem.code, message: problem.message } })
      .catch((error: unknown) => transport.onerror?.(error as Error));
  };
}
