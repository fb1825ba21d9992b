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

/**
 * Tools a shopping assistant needs: find, cart, coupons, wallet, what shipping abroad will cost, order, pay
 * or decline a supplement, send an item back.
 */
const SHOPPER = [
  'products_*', 'cart_*', 'coupons_*', 'wallet_balance_get', 'addresses_list', 'logistics_countries_list', 'logistics_estimate',
  'orders_preview', 'orders_create', 'orders_list', 'orders_get', 'orders_status_get', 'orders_cancel',
  'orders_supplements_list', 'orders_supplements_pay', 'orders_supplements_decline', 'orders_returns_list', 'orders_returns_create',
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

function globSource(glob: string): string {
  const bare = glob.startsWith(TOOL_PREFIX) ? glob.slice(TOOL_PREFIX.length) : glob;
  return bare.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
}

/** Globs as one regular expression (compiled once per selection, not once per tool). */
function globsRegExp(globs: readonly string[]): RegExp {
  return new RegExp(`^(${TOOL_PREFIX})?(${globs.map(globSource).join('|')})$`);
}

const PRESET_PATTERNS: Record<PresetName, RegExp> = { shopper: globsRegExp(SHOPPER), tracker: globsRegExp(TRACKER) };

/** The globs that match no tool at all (a typo the user should hear about). */
export function unmatchedGlobs(tools: readonly ToolDef[], globs: readonly string[]): string[] {
  return globs.filter((glob) => {
    const pattern = globsRegExp([glob]);
    return !tools.some((tool) => pattern.test(tool.name));
  });
}

/** The session's own selection (--read-only, a preset, --tools) as a test of one tool, its globs compiled once. */
export function toolFilter(selection: ToolSelection): (tool: ToolDef) => boolean {
  const preset = selection.preset ? PRESET_PATTERNS[selection.preset] : null;
  const globs = selection.globs && selection.globs.length > 0 ? globsRegExp(selection.globs) : null;
  return (tool) => !(selection.readOnly && !tool.annotations.readOnlyHint) && (!preset || preset.test(tool.name)) && (!globs || globs.test(tool.name));
}

/** Whether the key's scopes reach the tool's route (a tool outside them is neither listed nor callable). */
export function inScopes(tool: ToolDef, scopes: readonly Scope[]): boolean {
  return tool.route.scope === null || scopes.includes(tool.route.scope);
}

export function selectTools(tools: readonly ToolDef[], scopes: readonly Scope[], selection: ToolSelection = {}): ToolDef[] {
  const selected = toolFilter(selection);
  return tools.filter((tool) => inScopes(tool, scopes) && selected(tool));
}
