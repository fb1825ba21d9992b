import { openRouteDocs } from '../core/http/route-docs.js';
import { openRoutes } from '../core/http/routes/open/index.js';
import { ToolCatalog } from './catalog.js';
import { buildTools, type ToolDef } from './tools.js';

let catalog: ToolCatalog | null = null;

/** The tools of the open API's route table, made once per process. */
export function openCatalog(): ToolCatalog {
  catalog ??= new ToolCatalog(buildTools(openRoutes, openRouteDocs));
  return catalog;
}

export function openTools(): readonly ToolDef[] {
  return openCatalog().tools;
}
