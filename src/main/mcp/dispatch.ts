import type { FastifyInstance } from 'fastify';
import type { HttpAnswer, ToolRequest } from './call.js';

/**
 * Where a tool's HTTP request goes: the one Fastify app that serves the API, through `inject` (no socket,
 * the same hooks, validation, scopes, rate limit, idempotency, events and request log as a script's
 * request). The key is the session's; the client's own address is kept for the key's IP allowlist.
 */
export type Dispatch = (request: ToolRequest) => Promise<HttpAnswer>;

export function injectDispatch(app: FastifyInstance, authorization: string, remoteAddress = '127.0.0.1'): Dispatch {
  return async (request) => {
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: { ...request.headers, authorization, host: '127.0.0.1' },
      remoteAddress,
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    return { statusCode: response.statusCode, body: response.body };
  };
}

/** A plain GET of a document the server serves (the OpenAPI document), through the same dispatch. */
export async function getText(dispatch: Dispatch, path: string): Promise<HttpAnswer> {
  return dispatch({ method: 'GET', path, headers: {} });
}
