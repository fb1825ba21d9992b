import { openRouteDocs } from '../core/http/route-docs.js';
import { openRoutes } from '../core/http/routes/open/index.js';
import { buildTools, type ToolDef } from './tools.js';

let tools: readonly ToolDef[] | null = null;

/** The tools of the open API's route table, made once per process. */
export function openTools(): readonly ToolDef[] {
  tools ??= buildTools(openRoutes, openRouteDocs);
  return tools;
}
