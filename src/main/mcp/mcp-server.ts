import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Scope } from '../core/auth/scopes.js';
import { ArgumentError, argumentRefusal, toRequest, toResult } from './call.js';
import type { Dispatch } from './dispatch.js';
import type { ToolCatalog } from './catalog.js';
import { toolFilter, type ToolSelection } from './filter.js';
import { guardParams } from './jsonrpc.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, readResource } from './resources.js';
import type { ToolDef } from './tools.js';

/**
 * One MCP session's server (the SDK's low-level `Server`: the high-level `McpServer.tool()` takes zod and
 * would drop the routes' plain JSON Schemas). It lists the tools the key's scopes and the session's
 * selection allow and turns each call into its route's HTTP request through `dispatch`.
 *
 * Over HTTP every POST makes one (the SDK's stateless transport serves one request, and a `Server` one
 * transport), so making one is kept cheap: the catalog (every tool's listing) is the process's, the
 * selection's globs are compiled once here, and the SDK's JSON Schema validator (an Ajv instance, used
 * only for elicitation, which crossbuy never asks) is shared instead of built per server.
 */
export const SERVER_INFO = { name: 'crossbuy', title: 'crossbuy', version: '1.0.0' };

const INSTRUCTIONS =
  'crossbuy is a local cross-border purchasing agent: search products, fill the cart, place purchase orders paid ' +
  'from the wallet, follow them to the warehouse (paid -> purchased -> shipped_to_warehouse -> in_warehouse), then ship ' +
  'packages abroad. Amounts are decimal numbers in the ledger currency. Every tool is one route of the open API ' +
  '(/api/v1/open); a refusal comes back as isError with { statusCode, message, error }. Give money-moving tools an ' +
  'idempotencyKey so a retry never pays twice.';

export interface SessionOptions {
  /** Every tool of the route table (open-tools.ts: made once per process). */
  catalog: ToolCatalog;
  /** The session key's scopes, now (read at each listing: a key's scopes cannot change, but it can be revoked). */
  scopes: () => readonly Scope[];
  selection: ToolSelection;
  dispatch: Dispatch;
}

let sharedValidator: AjvJsonSchemaValidator | null = null;

/**
 * A JSON-RPC error the SDK puts on the wire as it is (`code`, `message`). The SDK's McpError prefixes its
 * message with "MCP error <code>: ", and the client's McpError prefixes it again: the model read the code twice.
 */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function refusal(statusCode: number, error: string, message: string): CallToolResult {
  return toResult({ statusCode, body: JSON.stringify({ statusCode, message, error }) });
}

async function callTool(options: SessionOptions, selected: (tool: ToolDef) => boolean, name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
  const tool = options.catalog.find(name);
  if (!tool) return refusal(404, 'Not Found', `Unknown tool ${name}`);
  // Outside the key's scopes the route itself refuses (403, as over HTTP); outside the session's own
  // selection (--read-only, --tools) the session does.
  if (!selected(tool)) {
    return refusal(403, 'Forbidden', `Tool ${name} is not enabled in this session (read-only or --tools)`);
  }
  let request;
  try {
    request = toRequest(tool, args);
  } catch (error) {
    if (error instanceof ArgumentError) return argumentRefusal(error.message);
    throw error;
  }
  try {
    return toResult(await options.dispatch(request));
  } catch {
    return refusal(503, 'Service Unavailable', 'The crossbuy server could not be reached');
  }
}

/**
 * The SDK's `Server`, whose transport first answers a request with params that do not fit its method
 * (`tools/call` with `arguments: []`) -32602 in a short sentence (jsonrpc.ts), where the SDK would answer
 * -32603 Internal error with its zod issues as the message.
 */
class GuardedServer extends Server {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    guardParams(transport);
  }
}

export function createMcpServer(options: SessionOptions): Server {
  const server = new GuardedServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()),
  });
  const selected = toolFilter(options.selection);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.catalog.list(options.scopes(), selected) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(options, selected, request.params.name, request.params.arguments));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const result = await readResource(request.params.uri, options.dispatch);
    if (!result) throw new ProtocolError(-32002, `Resource not found: ${request.params.uri}`);
    return result;
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: listPrompts() }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    let result;
    try {
      result = getPrompt(request.params.name, request.params.arguments);
    } catch (error) {
      throw new ProtocolError(ErrorCode.InvalidParams, (error as Error).message);
    }
    if (!result) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown prompt ${request.params.name}`);
    return result;
  });
  return server;
}
