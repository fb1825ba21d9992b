import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The official SDK's client on a served instance's /mcp (Streamable HTTP). */
export async function httpClient(origin: string, key: string, query = ''): Promise<Client> {
  const client = new Client({ name: 'crossbuy-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp${query}`, origin), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

/** A tool call's answer as the route's JSON (structuredContent), with isError. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.find((c) => c.type === 'text');
  const json: unknown = result.structuredContent;
  // The text carries the same JSON as structuredContent.
  if (text?.type === 'text' && JSON.stringify(JSON.parse(text.text)) !== JSON.stringify(json)) throw new Error('text and structuredContent differ');
  return { isError: result.isError === true, json };
}
