import type { BridgeRequest, BridgeResponse } from '../../preload/bridge.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const PREFIXES = ['/api/v1/open/', '/api/v1/admin/'];
const MAX_PATH = 4096;
/** A Crossbuy-Scenario header's length at most (a handful of comma-separated names). */
const MAX_SCENARIO = 200;

export interface InjectRequest {
  method: BridgeRequest['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/**
 * Checks an IPC payload from the renderer and turns it into a request for the same Fastify route table
 * the localhost API serves (via `inject`), as the operator. Anything off-shape is refused here, before it
 * reaches a route; bodies are then validated by the routes exactly as HTTP bodies are.
 */
export function toInjectRequest(raw: unknown, sessionToken: string): InjectRequest {
  if (typeof raw !== 'object' || raw === null) throw new Error('request must be an object');
  const { method, path, body, headers } = raw as Partial<BridgeRequest>;
  if (typeof method !== 'string' || !METHODS.has(method)) throw new Error('request.method is not allowed');
  if (typeof path !== 'string' || path.length > MAX_PATH || !PREFIXES.some((p) => path.startsWith(p)) || path.includes('..')) {
    throw new Error('request.path must be an /api/v1/open/ or /api/v1/admin/ path');
  }
  const out: InjectRequest = {
    method: method as BridgeRequest['method'],
    url: path,
    headers: { host: '127.0.0.1', cookie: `crossbuy_session=${encodeURIComponent(sessionToken)}`, 'x-crossbuy-client': 'ui' },
  };
  const idem = headers?.['idempotency-key'];
  if (typeof idem === 'string') out.headers['idempotency-key'] = idem;
  const world = headers?.['crossbuy-world'];
  if (typeof world === 'string' && world.length <= 64) out.headers['crossbuy-world'] = world;
  // The route checks the names (and whether the operator allows the header at all), as over HTTP.
  const scenario = headers?.['crossbuy-scenario'];
  if (typeof scenario === 'string' && scenario.length <= MAX_SCENARIO) out.headers['crossbuy-scenario'] = scenario;
  if (body !== undefined) {
    out.payload = JSON.stringify(body);
    out.headers['content-type'] = 'application/json';
  }
  return out;
}

export function fromInjectResponse(response: { statusCode: number; headers: Record<string, unknown>; body: string }): BridgeResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  let body: unknown = undefined;
  if (response.body) {
    try {
      body = JSON.parse(response.body);
    } catch {
      body = response.body;
    }
  }
  return { status: response.statusCode, headers, body };
}
