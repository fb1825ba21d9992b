import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Scope } from '../core/auth/scopes.js';
import { inScopes } from './filter.js';
import type { ToolDef } from './tools.js';

/**
 * The tools as the protocol lists them, made once per process (not per `/mcp` request): each tool's
 * listing object and a lookup by name. A session only filters it by its key's scopes and its selection.
 */
export class ToolCatalog {
  private readonly byName: ReadonlyMap<string, ToolDef>;
  private readonly listings: ReadonlyMap<ToolDef, Tool>;

  constructor(readonly tools: readonly ToolDef[]) {
    this.byName = new Map(tools.map((tool) => [tool.name, tool]));
    this.listings = new Map(tools.map((tool) => [tool, listing(tool)]));
  }

  find(name: string): ToolDef | undefined {
    return this.byName.get(name);
  }

  /** What `tools/list` answers for these scopes and the session's selection (filter.ts toolFilter). */
  list(scopes: readonly Scope[], selected: (tool: ToolDef) => boolean): Tool[] {
    const tools: Tool[] = [];
    for (const tool of this.tools) if (inScopes(tool, scopes) && selected(tool)) tools.push(this.listings.get(tool)!);
    return tools;
  }
}

function listing(tool: ToolDef): Tool {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  return { name, title, description, inputSchema, outputSchema, annotations } as Tool;
}
