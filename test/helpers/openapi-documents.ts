import { request, type TestServer } from './server.js';

/** The served OpenAPI documents, as a client reads them (the admin one with the admin token). */
export async function readDocuments<T>(server: TestServer): Promise<{ open: T; admin: T }> {
  const origin = server.running.origin;
  const open = (await request(origin, 'GET', '/api/v1/open/openapi.json')).body as T;
  const admin = (await request(origin, 'GET', '/api/v1/admin/openapi.json', { bearer: server.running.core.adminToken })).body as T;
  return { open, admin };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of a document, with its method and path. */
export function operationsOf<O>(doc: { paths: Record<string, Record<string, O>> }): { method: string; path: string; op: O }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}
