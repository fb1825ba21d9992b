import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRouteDocs, openRouteDocs } from '../../src/main/core/http/route-docs.js';
import { adminRoutes } from '../../src/main/core/http/routes/admin/index.js';
import { openRoutes } from '../../src/main/core/http/routes/open/index.js';
import { readDocuments, operationsOf } from '../helpers/openapi-documents.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Both OpenAPI documents, as served, lint clean with Redocly's recommended rules (operationIds,
 * descriptions, 4xx answers, examples that match their schemas, security) raised to errors, and carry
 * what generated clients and validating proxies need: per-status errors with the error shape, response
 * headers, examples, the event stream's media type, optional bodies, bounded integers.
 */
let server: TestServer;
const documents: Record<'open' | 'admin', any> = {} as never; // eslint-disable-line @typescript-eslint/no-explicit-any -- documents are JSON

beforeAll(async () => {
  server = await startTestServer();
  Object.assign(documents, await readDocuments(server));
});
afterAll(() => server.close());

type Operation = { operationId?: string; description?: string; parameters?: any[]; requestBody?: any; responses: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
function operations(doc: { paths: Record<string, Record<string, Operation>> }): [string, Operation][] {
  return operationsOf(doc).map(({ method, path, op }) => [`${method.toUpperCase()} ${path}`, op]);
}

const RULES = {
  'operation-operationId': 'error',
  'operation-operationId-unique': 'error',
  'operation-operationId-url-safe': 'error',
  'operation-description': 'error',
  'operation-summary': 'error',
  'operation-2xx-response': 'error',
  'operation-4xx-response': 'error',
  'no-invalid-media-type-examples': 'error',
  'no-invalid-parameter-examples': 'error',
  'no-invalid-schema-examples': 'error',
  'security-defined': 'error',
  'tag-description': 'error',
  'info-license': 'error',
  'no-unused-components': 'error',
  'operation-4xx-problem-details-rfc7807': 'off',
} as const;

describe.each(['open', 'admin'] as const)('the %s OpenAPI document', (api) => {
  it('lints clean with Redocly\'s recommended rules, operationIds, descriptions and examples as errors', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: RULES });
    const problems = await lintFromString({ source: JSON.stringify(documents[api]), absoluteRef: `${api}.json`, config });
    const serious = problems.filter((p) => p.severity === 'error' || p.severity === 'warn');
    expect(serious.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('gives every operation its stable operationId and description from route-docs.ts', () => {
    const docs = api === 'open' ? openRouteDocs : adminRouteDocs;
    const table = api === 'open' ? openRoutes : adminRoutes;
    const ops = operations(documents[api]);
    expect(ops.length).toBeGreaterThanOrEqual(table.length);
    const missing = ops.map(([key]) => key.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')).filter((key) => !docs[key]);
    expect(missing, 'operations without a route-docs.ts entry').toEqual([]);
    for (const [key, op] of ops) {
      const url = key.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
      expect(op.operationId, key).toBe(docs[url]!.operationId);
      expect(op.description, key).toBe(docs[url]!.description);
    }
  });

  it('answers each error status with the error shape and an example, never fastify\'s "Default Response" or 4XX', () => {
    const text = JSON.stringify(documents[api]);
    expect(text).not.toContain('Default Response');
    const errorResponses = documents[api].components.responses;
    for (const [key, op] of operations(documents[api])) {
      expect(Object.keys(op.responses), key).not.toContain('4XX');
      for (const status of ['400', '401', '403']) expect(op.responses[status], `${key} ${status}`).toBeDefined();
      if (op.parameters?.some((p: { in: string }) => p.in === 'path')) expect(op.responses['404'], key).toBeDefined();
      if (op.requestBody) expect(op.responses['415'], key).toBeDefined();
      if (api === 'open') expect(op.responses['429'], key).toBeDefined();
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2')) continue;
        const resolved = errorResponses[(response as { $ref: string }).$ref.split('/').pop()!];
        expect(resolved.content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorBody');
        expect(resolved.content['application/json'].example.statusCode).toBe(Number(status));
      }
    }
  });

  it('states the response headers and an example of every answer', () => {
    for (const [key, op] of operations(documents[api])) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        expect(response.headers?.['X-Request-Id'], `${key} ${status}`).toBeDefined();
        if (api === 'open') expect(response.headers?.['X-RateLimit-Remaining'], `${key} ${status}`).toBeDefined();
        for (const [type, media] of Object.entries(response.content ?? {})) expect((media as { example?: unknown }).example, `${key} ${status} ${type}`).toBeDefined();
      }
      if (op.requestBody) expect(op.requestBody.content['application/json'].example, key).toBeDefined();
    }
  });

  it('bounds every integer, and says query and path integers are plain digits', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const n = node as Record<string, unknown>;
      if (n.type === 'integer' && (n.maximum === undefined || n.minimum === undefined)) unbounded.push(where);
      for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`);
    };
    walk(documents[api].paths, '');
    expect(unbounded).toEqual([]);
    for (const [key, op] of operations(documents[api])) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.schema?.type === 'integer') expect(parameter.description, `${key} ${parameter.name}`).toMatch(/Plain decimal digits/);
      }
    }
  });
});

describe('the open document\'s special cases', () => {
  it('describes the event stream as text/event-stream and the cancels without a required body', () => {
    const doc = documents.open;
    expect(Object.keys(doc.paths['/events'].get.responses['200'].content)).toEqual(['text/event-stream']);
    for (const path of ['/orders/{id}/cancel', '/shipping/orders/{id}/cancel']) {
      expect(doc.paths[path].post.requestBody.required, path).toBe(false);
      expect(doc.paths[path].post.requestBody.content['application/json'].schema.type, path).toBe('object');
    }
    expect(doc.paths['/orders'].post.requestBody.required).toBe(true);
    // Routes that honour Idempotency-Key document the header and the replay.
    const create = doc.paths['/orders'].post;
    expect(create.parameters.some((p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key')).toBe(true);
    expect(create.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
    expect(create.responses['402']).toBeDefined();
  });

  it('marks a replayed answer with Idempotent-Replayed: true, and only a replayed one', async () => {
    const product = (await server.api('GET', '/products/search?q=lamp&limit=5')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
    const body = { productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 };
    const first = await server.api('POST', '/cart/items', { body, headers: { 'idempotency-key': 'replay-header' } });
    const again = await server.api('POST', '/cart/items', { body, headers: { 'idempotency-key': 'replay-header' } });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('validates the cancel without a body, as the document now says', async () => {
    const cancel = await server.api('POST', '/orders/CB-NONE/cancel');
    expect(cancel.status).toBe(404);
  });
});
