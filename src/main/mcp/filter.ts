import type { Scope } from '../core/auth/scopes.js';
import { TOOL_PREFIX, type ToolDef } from './tools.js';

/**
 * Which tools a session lists and may call (pure): the key's scopes first (a tool outside them is
 * neither listed nor callable, as its route would refuse it), then `--read-only`, then `--tools` globs
 * or a preset. Some clients send only the first 40 tools to the model: the presets stay under that.
 */
export interface ToolSelection {
  readOnly?: boolean;
  /** Globs over the tool names, with or without the `crossbuy_` prefix: `orders_*,cart_*`. */
  globs?: readonly string[];
  preset?: PresetName;
}

/** Tools a shopping assistant needs: find, cart, coupons, wallet, order, pay or decline a supplement. */
const SHOPPER = [
  'products_*', 'cart_*', 'coupons_*', 'wallet_balance_get', 'addresses_list',
  'orders_preview', 'orders_create', 'orders_list', 'orders_get', 'orders_status_get', 'orders_cancel',
  'orders_supplements_list', 'orders_supplements_pay', 'orders_supplements_decline',
  'favorites_list', 'favorites_add',
];
/** Tools a tracking assistant needs: read orders, their legs, the warehouse, shipping, and the wallet. */
const TRACKER = [
  'orders_list', 'orders_get', 'orders_status_get', 'orders_logistics_get', 'orders_inspection_get',
  'orders_supplements_list', 'orders_returns_list', 'warehouse_packages_list', 'warehouse_packages_stats', 'warehouse_packages_shippable', 'warehouse_packages_get', 'shipping_orders_list', 'shipping_orders_get',
  'shipping_rehearsals_list', 'shipping_rehearsals_get', 'wallet_balance_get', 'wallet_transactions_list',
];
export const PRESETS = { shopper: SHOPPER, tracker: TRACKER } as const;
export type PresetName = keyof typeof PRESETS;
/** The most tools some clients pass on to the model. */
export const CLIENT_TOOL_LIMIT = 40;

export function isPresetName(value: string): value is PresetName {
  return Object.hasOwn(PRESETS, value);
}

/** `orders_*,cart_*` (commas or spaces) as a list of globs. */
export function parseGlobs(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

function globRegExp(glob: string): RegExp {
  const bare = glob.startsWith(TOOL_PREFIX) ? glob.slice(TOOL_PREFIX.length) : glob;
  const source = bare.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^(${TOOL_PREFIX})?${source}$`);
}

export function matchesAny(name: string, globs: readonly string[]): boolean {
  return globs.some((glob) => globRegExp(glob).test(name));
}

/** The globs that match no tool at all (a typo the user should hear about). */
export function unmatchedGlobs(tools: readonly ToolDef[], globs: readonly string[]): string[] {
  return globs.filter((glob) => !tools.some((tool) => globRegExp(glob).test(tool.name)));
}

/** Whether the session's own selection (--read-only, a preset, --tools) lets the tool through. */
export function inSelection(tool: ToolDef, selection: ToolSelection): boolean {
  if (selection.readOnly && !tool.annotations.readOnlyHint) return false;
  if (selection.preset && !matchesAny(tool.name, PRESETS[selection.preset])) return false;
  if (selection.globs && selection.globs.length > 0 && !matchesAny(tool.name, selection.globs)) return false;
  return true;
}

export function selectTools(tools: readonly ToolDef[], scopes: readonly Scope[], selection: ToolSelection = {}): ToolDef[] {
  return tools.filter((tool) => (tool.route.scope === null || scopes.includes(tool.route.scope)) && inSelection(tool, selection));
}
