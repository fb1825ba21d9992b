/**
 * `${name.path}` references of a world file (worlds.md section 2). Pure: parsing a reference, finding the
 * references a value holds, reading a path from an answer, and filling a template in, typed by the
 * schema of the place it goes to.
 */

/** One reference: the step (or `vars`) it reads, and the path inside that step's answer. */
export interface Reference {
  source: string;
  /** The path as written after the source (`data.items[0].id`), "" for the whole answer. */
  path: string;
  segments: (string | number)[];
}

const WHOLE = /^\$\{([^{}]+)\}$/;
const EMBEDDED = /\$\{([^{}]+)\}/g;
const SOURCE = /^[A-Za-z_][A-Za-z0-9_-]*/;

export class ReferenceSyntaxError extends Error {}

/** `hoodie.data.items[0].id` -> source hoodie, segments data, items, 0, id. */
export function parseReference(text: string): Reference {
  const source = SOURCE.exec(text)?.[0];
  if (!source) throw new ReferenceSyntaxError(`\${${text}} does not start with a step name`);
  const path = text.slice(source.length).replace(/^\./, '');
  const segments: (string | number)[] = [];
  const rest = text.slice(source.length);
  const part = /\.([^.[\]]+)|\[(\d+)\]/y;
  let at = 0;
  while (at < rest.length) {
    part.lastIndex = at;
    const match = part.exec(rest);
    if (!match) throw new ReferenceSyntaxError(`\${${text}} is not a path of .name and [n] parts`);
    segments.push(match[1] !== undefined ? match[1] : Number(match[2]));
    at = part.lastIndex;
  }
  return { source, path, segments };
}

/** Every reference in a value (strings anywhere inside it). */
export function referencesIn(value: unknown): Reference[] {
  const found: Reference[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === 'string') for (const match of node.matchAll(EMBEDDED)) found.push(parseReference(match[1]!));
    else if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
  };
  visit(value);
  return found;
}

const MISSING = Symbol('missing');

/** The value at `segments` inside `root`, or MISSING. */
export function readPath(root: unknown, segments: readonly (string | number)[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(node) || segment >= node.length) return MISSING;
      node = node[segment];
    } else {
      if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, segment)) return MISSING;
      node = (node as Record<string, unknown>)[segment];
    }
  }
  return node;
}

export const isMissing = (value: unknown): value is typeof MISSING => value === MISSING;

/** A JSON-schema node as TypeBox writes it (the parts the conversion reads). */
interface SchemaNode {
  type?: string | string[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

function variants(node: SchemaNode | undefined): SchemaNode[] {
  if (!node || typeof node !== 'object') return [];
  const nested = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  return [node, ...nested.flatMap(variants)];
}

/** The JSON types a place accepts ('string', 'integer', 'number', ...), from its type, union or enum. */
function typesOf(node: SchemaNode | undefined): Set<string> {
  const types = new Set<string>();
  for (const variant of variants(node)) {
    if (variant.type) for (const type of [variant.type].flat()) types.add(type);
    for (const value of [...(variant.enum ?? []), ...('const' in variant ? [variant.const] : [])]) {
      types.add(typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value);
    }
  }
  return types;
}

function propertySchema(node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  for (const variant of variants(node)) {
    const property = variant.properties?.[key] ?? Object.values(variant.patternProperties ?? {})[0];
    if (property) return property;
    if (typeof variant.additionalProperties === 'object') return variant.additionalProperties;
  }
  return undefined;
}

function itemSchema(node: SchemaNode | undefined): SchemaNode | undefined {
  return variants(node).find((variant) => variant.items)?.items;
}

const DIGITS = /^-?[0-9]{1,16}$/;

/**
 * The type rule of a whole-string reference: the value keeps its JSON type, except that a number where
 * only a string is asked for becomes its text, and digits where only an integer (or number) is asked for
 * become the number.
 */
export function convertForSchema(value: unknown, schema: unknown): unknown {
  const types = typesOf(schema as SchemaNode | undefined);
  const numeric = types.has('integer') || types.has('number');
  if (typeof value === 'number' && types.has('string') && !numeric) return String(value);
  if (typeof value === 'string' && DIGITS.test(value) && numeric && !types.has('string')) {
    const number = Number(value);
    if (Number.isSafeInteger(number)) return number;
  }
  return value;
}

/** How a referenced value reads inside a longer string. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Fills a template in: a string that is one whole reference takes the value (typed by `schema`), a
 * string with references inside takes their text (`embed` may escape it, as a URL path does).
 */
export function fillTemplate(template: unknown, lookup: (reference: Reference) => unknown, schema?: unknown, embed: (text: string) => string = (t) => t): unknown {
  const node = schema as SchemaNode | undefined;
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole) return convertForSchema(lookup(parseReference(whole[1]!)), node);
    if (!template.includes('${')) return template;
    return template.replace(EMBEDDED, (_, text: string) => embed(asText(lookup(parseReference(text)))));
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, lookup, itemSchema(node), embed));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, lookup, propertySchema(node, key), embed)]));
  }
  return template;
}
