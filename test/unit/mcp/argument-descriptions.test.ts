import { describe, expect, it } from 'vitest';
import { openRouteDocs } from '../../../src/main/core/http/route-docs.js';
import { openRoutes } from '../../../src/main/core/http/routes/open/index.js';
import { buildTools, type JsonSchema } from '../../../src/main/mcp/tools.js';

/**
 * An assistant calling a tool knows of an argument only what its schema says: every argument of every
 * open tool, and every field inside an object or array argument, carries a description (which the OpenAPI
 * document shows too: the tools' input schemas are the routes' own schemas).
 */
const tools = buildTools(openRoutes, openRouteDocs);

/** The path of every property (recursively into objects, array items and union members) without a description. */
function undescribed(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const at = `${path}.${name}`;
    const description = property.description;
    if (typeof description !== 'string' || description.trim() === '') out.push(at);
    out.push(...undescribed(property, at));
  }
  const items = schema.items as JsonSchema | undefined;
  if (items && typeof items === 'object') out.push(...undescribed(items, `${path}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const members = schema[key] as JsonSchema[] | undefined;
    members?.forEach((member, i) => out.push(...undescribed(member, `${path}<${key}[${i}]>`)));
  }
  return out;
}

describe('the arguments of the open tools', () => {
  it('finds the arguments it checks: without their descriptions, every argument and nested field is reported', () => {
    const tool = tools.find((t) => t.name === 'crossbuy_orders_create')!;
    const bare = JSON.parse(JSON.stringify(tool.inputSchema, (key, value: unknown) => (key === 'description' ? undefined : value))) as JsonSchema;
    expect(undescribed(bare, tool.name)).toEqual(
      expect.arrayContaining(['crossbuy_orders_create.items', 'crossbuy_orders_create.items[].skuId', 'crossbuy_orders_create.couponId']),
    );
  });

  it('describes every argument, and every field inside one, of every tool', () => {
    const missing = tools.flatMap((tool) => undescribed(tool.inputSchema, tool.name));
    expect(missing).toEqual([]);
  });
});
