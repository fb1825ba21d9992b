import type { RequestDetail } from '../../../../contract/admin/requests.js';
import { WORLD_FILE_VERSION, type WorldFile } from '../../../../contract/admin/world-file.js';
import { ApiError } from '../../shared/errors.js';

/**
 * A recorded session as a world file (worlds.md section 4). Pure: from the log's entries of one key,
 * oldest first, and the clock advances placed among them.
 *
 * - Each successful write becomes a step; a successful read becomes one only when a later request uses
 *   a value of its answer.
 * - An id in a later request (a path segment, a query value, a body value) equal to a value of an earlier
 *   answer becomes a `${step.path}` reference: strings that look like ids (four characters or more, a
 *   digit among them) from the earliest answer holding them; a number (or its digits as text) only where
 *   the request's field is an id of a kind (`productId`, a number after `/supplements/` in the path) and
 *   an answer has that kind's id (a `productId`, or an `id` under products), from the latest answer. A
 *   number found under no id of its kind is kept as written: a replay with the same seed makes the same
 *   numbers, while a reference to another kind's id that happens to be equal would be wrong.
 * - A write whose body the log cut (over 4 KB) cannot be replayed: 422 naming every such entry. A value
 *   found only in an answer the log cut is a 422 too (the reference cannot be written), never a guess.
 */

export type LoggedEntry = Pick<RequestDetail, 'id' | 'method' | 'path' | 'query' | 'status' | 'requestBody' | 'responseBody'>;

/** A step the log does not hold (a clock advance, a deposit), placed before a logged entry. */
export interface PlacedStep {
  /** Before the entry of this index (entries.length: at the end). */
  before: number;
  /** Its service time (ms): the order of several steps before one entry. */
  at: number;
  step: WorldFile['steps'][number];
}

const OPEN_PREFIX = '/api/v1/open';
const ID_TEXT = /^(?=.*[0-9])[A-Za-z0-9_-]{4,64}$/;
const isIdKey = (key: string) => key === 'id' || (key.endsWith('Id') && key !== 'userId') || key.endsWith('Ids');

type Segment = string | number;
interface Source {
  entry: number;
  path: Segment[];
}
/** Where an integer id was seen: the answer's field (`id`, `itemId`), and the request path it answered. */
interface IdSource extends Source {
  key: string;
  route: string;
}

/** The kind an id field names: `productId` -> `product`, `skuIds` -> `sku`; null for a bare `id`. */
function kindOfField(key: string): string | null {
  const base = key.endsWith('Ids') ? key.slice(0, -3) : key.endsWith('Id') ? key.slice(0, -2) : null;
  return base ? base.toLowerCase() : null;
}

/** The kind a path segment before an id names: `supplements` -> `supplement`, `addresses` -> `address`. */
function kindOfCollection(segment: string | undefined): string | null {
  if (!segment || !/^[a-z][a-z-]*$/.test(segment)) return null;
  const word = segment.replace(/-/g, '');
  if (word.endsWith('sses') || word.endsWith('xes')) return word.slice(0, -2);
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Whether an `id` seen at `path` in the answer to `route` is an id of `kind` (its route or its place names the kind). */
function namesKind(source: IdSource, kind: string): boolean {
  const words = [...source.route.split('/'), ...source.path.filter((s): s is string => typeof s === 'string')].filter(Boolean).map((w) => kindOfCollection(w) ?? w.toLowerCase());
  return words.includes(kind);
}

function pathText(segments: readonly Segment[]): string {
  let text = '';
  for (const segment of segments) text += typeof segment === 'number' ? `[${segment}]` : text ? `.${segment}` : segment;
  return text;
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every leaf worth referring to in an answer, with its path. */
function leaves(value: unknown, visit: (leaf: string | number, path: Segment[], key: string | null) => void, path: Segment[] = [], key: string | null = null): void {
  if (typeof value === 'string' || typeof value === 'number') visit(value, path, key);
  else if (Array.isArray(value)) value.forEach((item, i) => leaves(item, visit, [...path, i], key));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) leaves(v, visit, [...path, k], k);
}

class Sources {
  private readonly strings = new Map<string, Source>();
  /** Every place each integer id was seen, oldest first. */
  private readonly ids = new Map<number, IdSource[]>();
  /** Answers the log cut: their text, to tell a value that came from one. */
  readonly cut: { entry: number; text: string }[] = [];

  add(entry: number, route: string, answer: unknown): void {
    leaves(answer, (leaf, path, key) => {
      if (typeof leaf === 'string') {
        if (ID_TEXT.test(leaf) && !this.strings.has(leaf)) this.strings.set(leaf, { entry, path });
      } else if (Number.isSafeInteger(leaf) && leaf > 0 && key !== null && isIdKey(key)) {
        const seen = this.ids.get(leaf) ?? [];
        seen.push({ entry, path, key, route });
        this.ids.set(leaf, seen);
      }
    });
  }

  /**
   * The answer an id in a request came from. `kind`: what the request's field names (`product` for a
   * `productId`, `supplement` after `/supplements/`); null where the field is no id (then only id-like text).
   */
  find(value: string | number, kind: string | null): Source | null {
    if (typeof value === 'string') {
      const found = ID_TEXT.test(value) ? this.strings.get(value) : undefined;
      if (found) return found;
      return kind !== null && /^[1-9][0-9]{0,15}$/.test(value) ? this.idOfKind(Number(value), kind) : null;
    }
    return kind !== null && Number.isSafeInteger(value) ? this.idOfKind(value, kind) : null;
  }

  /** The latest answer with this number as an id of `kind`: a field named for it, else an `id` placed under it. */
  private idOfKind(value: number, kind: string): Source | null {
    const seen = this.ids.get(value) ?? [];
    const latest = (match: (s: IdSource) => boolean) => seen.findLast(match) ?? null;
    // A bare `id` field of a request, or a number after a segment that names nothing: an answer's `id`.
    if (kind === '') return latest((s) => s.key === 'id');
    return latest((s) => kindOfField(s.key) === kind) ?? latest((s) => s.key === 'id' && namesKind(s, kind));
  }

  /** The earlier entry whose cut answer holds this value, if any. */
  cutHolding(value: string | number): number | null {
    const needle = typeof value === 'string' ? JSON.stringify(value) : `:${value}`;
    return this.cut.find((c) => c.text.includes(needle))?.entry ?? null;
  }
}

interface Draft {
  entry: number;
  call: string;
  query?: Record<string, string>;
  body?: unknown;
  name?: string;
}

const nameBase = (path: string) =>
  path
    .split('/')
    .filter((s) => /^[a-z][a-z-]*$/.test(s))
    .at(-1)
    ?.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) ?? 'step';

export interface RecordingMeta {
  name: string;
  clockStart: string | null;
  seed: number | null;
  demo: boolean;
  settings: WorldFile['settings'];
}

export function buildRecording(entries: readonly LoggedEntry[], placed: readonly PlacedStep[], meta: RecordingMeta): WorldFile {
  const cutBodies = entries.filter((e) => e.method !== 'GET' && e.requestBody.truncated);
  if (cutBodies.length > 0) {
    throw new ApiError(422, `The log cut the body of ${cutBodies.map((e) => `entry ${e.id} (${e.method} ${e.path})`).join(', ')} (over 4 KB): the session cannot be recorded faithfully`);
  }
  const sources = new Sources();
  const drafts: (Draft | null)[] = [];
  const used = new Set<number>();
  let named = 0;
  const refer = (value: string | number, kind: string | null, at: LoggedEntry): string | null => {
    const source = sources.find(value, kind);
    if (!source) {
      const cutEntry = typeof value === 'string' && ID_TEXT.test(value) ? sources.cutHolding(value) : null;
      if (cutEntry !== null) {
        throw new ApiError(422, `Entry ${at.id} (${at.method} ${at.path}) uses ${JSON.stringify(value)} from the answer of entry ${entries[cutEntry]!.id}, which the log cut (over 4 KB): the reference cannot be recorded`);
      }
      return null;
    }
    const draft = drafts[source.entry]!;
    draft.name ??= `${nameBase(entries[source.entry]!.path)}${++named}`;
    used.add(source.entry);
    return `\${${draft.name}.${pathText(source.path)}}`;
  };
  const fillBody = (value: unknown, key: string | null, at: LoggedEntry): unknown => {
    if (typeof value === 'string' || typeof value === 'number') return refer(value, key !== null && isIdKey(key) ? (kindOfField(key) ?? '') : null, at) ?? value;
    if (Array.isArray(value)) return value.map((item) => fillBody(item, key, at));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillBody(v, k, at)]));
    return value;
  };

  entries.forEach((entry, index) => {
    if (!entry.path.startsWith(`${OPEN_PREFIX}/`) || entry.status < 200 || entry.status > 299) {
      drafts.push(null);
      return;
    }
    const segments = entry.path.slice(OPEN_PREFIX.length).split('/');
    // A number in the path is an id of what the segment before it names (`/supplements/1`: a supplement).
    const pathKind = (i: number) => (/^[0-9]+$/.test(segments[i]!) ? (kindOfCollection(segments[i - 1]) ?? '') : null);
    const path = segments.map((segment, i) => (segment === '' ? segment : (refer(decodeURIComponent(segment), pathKind(i), entry) ?? segment))).join('/');
    const draft: Draft = { entry: index, call: `${entry.method} /open${path}` };
    if (entry.query) {
      const query = Object.fromEntries(new URLSearchParams(entry.query));
      draft.query = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, refer(v, isIdKey(k) ? (kindOfField(k) ?? '') : null, entry) ?? v]));
    }
    const body = parse(entry.requestBody.text);
    if (body !== undefined) draft.body = fillBody(body, null, entry);
    drafts.push(draft);
    if (entry.responseBody.truncated) {
      if (entry.responseBody.text) sources.cut.push({ entry: index, text: entry.responseBody.text });
    } else {
      sources.add(index, entry.path.slice(OPEN_PREFIX.length), parse(entry.responseBody.text));
    }
  });

  const steps: WorldFile['steps'] = [];
  const placedBefore = (index: number) => {
    for (const p of placed.filter((q) => q.before === index).sort((a, b) => a.at - b.at)) steps.push(p.step);
  };
  drafts.forEach((draft, index) => {
    placedBefore(index);
    if (!draft) return;
    const write = entries[index]!.method !== 'GET';
    if (!write && !used.has(index)) return;
    steps.push({
      ...(draft.name ? { name: draft.name } : {}),
      call: draft.call,
      ...(draft.query && Object.keys(draft.query).length > 0 ? { query: draft.query } : {}),
      ...(draft.body !== undefined ? { body: draft.body } : {}),
    });
  });
  placedBefore(entries.length);
  return {
    crossbuyWorld: WORLD_FILE_VERSION,
    name: meta.name,
    ...(meta.seed !== null ? { seed: meta.seed } : {}),
    ...(meta.clockStart !== null ? { clockStart: meta.clockStart } : {}),
    ...(meta.demo ? { demo: true } : {}),
    ...(meta.settings ? { settings: meta.settings } : {}),
    steps,
  };
}
