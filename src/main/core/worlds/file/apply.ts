import { parseDuration } from '../../shared/clock.js';
import { ApiError } from '../../shared/errors.js';
import type { CallStep, UntilStep } from '../../../../contract/admin/world-file.js';
import { loadWorldFile, settingsCalls, type LoadedWorldFile, type PlannedStep, type StepPlace } from './load.js';
import { fillTemplate, isMissing, parseReference, readPath, referencesIn, type Reference } from './references.js';
import { reachesOutside } from './outside.js';
import { findRoute, type Api } from './route-lookup.js';

/**
 * Runs a world file against one world (worlds.md section 2). Every step is a request through `inject`,
 * the same route table as HTTP: the same validation, idempotency, events and request log. The engine
 * knows nothing of how the world is chosen: the caller's `inject` carries the world's key (open) or its
 * admin headers (admin).
 */

export interface WorldTarget {
  inject(req: { method: string; url: string; headers: Record<string, string>; payload?: unknown }): Promise<{ statusCode: number; body: string }>;
  /** The world's sk- key, sent as the bearer of /open steps. */
  openKey: string;
  /** What makes a request an admin one on this world (the admin token; Crossbuy-World for another world). */
  adminHeaders: Record<string, string>;
}

export interface StepResult {
  /** The index (from 0) of the step in the file (for an included step: of its include step). */
  index: number;
  name: string | null;
  /** Where it was written: `steps[3]`, `steps[1] > base.json steps[0]`, `settings`. */
  label: string;
  kind: PlannedStep['kind'];
  /** `POST /open/orders`, references filled in; null for settings. */
  request: string | null;
  status: number | null;
  /** For advance and until: how far the clock moved. */
  advancedMs?: number;
}

export interface ApplyOptions {
  /** Override the file's vars, key by key. */
  vars?: Record<string, unknown>;
  /** The file's folder (includes resolve here); null when the file came over HTTP (includes refused). */
  baseDir?: string | null;
}

export interface ApplyResult {
  steps: StepResult[];
  /** The answer (parsed JSON body) of every named step. */
  answers: Record<string, unknown>;
}

/** The 422 of a failing step: the message names it; `step` carries the same for a program. */
export class WorldFileError extends ApiError {
  constructor(
    message: string,
    readonly step: { index: number; name: string | null; label: string; answer?: { statusCode: number; body: unknown } },
  ) {
    super(422, message);
    // A program reads the step from the body too (a script creating worlds over HTTP), not only from the message.
    const { index, name, label, answer } = step;
    this.withDetail({ code: 'world_file_failed', step: { index, name, label, ...(answer ? { status: answer.statusCode } : {}) } });
  }
}

const API_PREFIX = '/api/v1';
const CALL = /^(GET|POST|PUT|PATCH|DELETE) \/(open|admin)(\/\S*)$/;
const MAX_ANSWER_IN_MESSAGE = 600;

const describePlace = (place: StepPlace) => (place.name ? `${place.label} "${place.name}"` : place.label);

function answerText(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > MAX_ANSWER_IN_MESSAGE ? `${text.slice(0, MAX_ANSWER_IN_MESSAGE)}...` : text;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The templates of a step: where its references may sit. */
function templatesOf(step: PlannedStep): unknown[] {
  switch (step.kind) {
    case 'call':
      return [step.step.call, step.step.query, step.step.body, step.step.headers, step.step.scenario];
    case 'until':
      return [step.step.until.call, step.step.until.query, step.step.until.equals];
    default:
      return [];
  }
}

const refText = (ref: Reference) => `\${${ref.source}${ref.path ? `.${ref.path}` : ''}}`.replace('.[', '[');

/**
 * Headers a step may not set: the engine chooses who calls and in which world. A step that sent another
 * key, or named another world, would write outside the world the file makes (and a world made again from
 * the kept template would not repeat it).
 */
const CALLER_HEADERS = new Set(['authorization', 'crossbuy-world']);

/**
 * What can be seen wrong before anything runs: references to unknown steps, later steps or missing vars;
 * headers that choose the caller or the world; an until's durations.
 */
/** How many times an `until` may advance: a condition polled every minute for a year is a mistake, not a world. */
const MAX_UNTIL_ADVANCES = 10_000;

/** An until step's advanceStep and max in ms: positive, and at most MAX_UNTIL_ADVANCES advances apart. */
function untilDurations(place: StepPlace, step: UntilStep): { stepMs: number; maxMs: number } {
  const stepMs = parseDuration(step.advanceStep);
  const maxMs = parseDuration(step.max);
  if (!stepMs || maxMs === null) throw new WorldFileError(`${describePlace(place)}: advanceStep and max must be positive durations`, place);
  if (maxMs / stepMs > MAX_UNTIL_ADVANCES) {
    throw new WorldFileError(`${describePlace(place)}: max ${step.max} is more than ${MAX_UNTIL_ADVANCES} advances of ${step.advanceStep}: take a longer advanceStep`, place);
  }
  return { stepMs, maxMs };
}

/** A step's reference no run has answered yet: a value that matches no fixed part of a path. */
const UNKNOWN_YET = '\u0000';

/**
 * The requests a step will send as far as they are known before anything runs: vars filled in, a step's
 * answer standing for a value no route's fixed path part matches. (Refused here when the known parts already
 * reach outside the world; the runner judges each request again as it is sent.)
 */
function knownRequests(step: PlannedStep, vars: Record<string, unknown>): { call: string; body?: unknown; shown: string }[] {
  const lookup = (ref: Reference): unknown => (ref.source === 'vars' ? readPath(vars, ref.segments) : UNKNOWN_YET);
  const fill = (call: string, body?: unknown) => {
    const filled = fillTemplate(call, lookup, undefined, encodeURIComponent) as string;
    // As the 422 shows it: a reference not known yet as written.
    const shown = fillTemplate(call, (ref) => (ref.source === 'vars' ? readPath(vars, ref.segments) : refText(ref))) as string;
    return { call: filled, body: fillTemplate(body, lookup), shown };
  };
  switch (step.kind) {
    case 'settings':
      return settingsCalls(step.settings).map((call) => fill(call.call, call.body));
    case 'call':
      return [fill(step.step.call, step.step.body)];
    case 'until':
      return [fill(step.step.until.call)];
    default:
      return [];
  }
}

/** The 422 of a step whose request would read or write outside the world the file makes; null when it stays in. */
function outsideError(place: StepPlace, call: string, body: unknown, shown = call): WorldFileError | null {
  const match = CALL.exec(call);
  if (!match) return null;
  const [, method, api, pathAndQuery] = match as unknown as [string, string, Api, string];
  const why = reachesOutside(method, api, pathAndQuery, body);
  if (why === null) return null;
  return new WorldFileError(`${describePlace(place)} (${shown}) is refused: it would reach outside the world the file makes: ${why}`, place);
}

function checkBeforeRunning(loaded: LoadedWorldFile): void {
  const named = new Set<string>();
  for (const step of loaded.plan) {
    if (step.kind === 'until') untilDurations(step.place, step.step);
    const caller = step.kind === 'call' ? Object.keys(step.step.headers ?? {}).find((name) => CALLER_HEADERS.has(name.toLowerCase())) : undefined;
    if (caller !== undefined) {
      throw new WorldFileError(`${describePlace(step.place)}: a step cannot set the ${caller} header (open steps carry the world's key, admin steps admin rights in this world)`, step.place);
    }
    for (const template of templatesOf(step)) {
      let references: Reference[];
      try {
        references = referencesIn(template);
      } catch (error) {
        throw new WorldFileError(`${describePlace(step.place)}: ${(error as Error).message}`, step.place);
      }
      for (const ref of references) {
        if (ref.source === 'vars') {
          if (isMissing(readPath(loaded.vars, ref.segments))) throw new WorldFileError(`${describePlace(step.place)}: ${refText(ref)}: vars has no ${ref.path || 'value'}`, step.place);
        } else if (!named.has(ref.source)) {
          throw new WorldFileError(`${describePlace(step.place)}: ${refText(ref)} refers to step "${ref.source}", which no earlier step is called`, step.place);
        }
      }
    }
    for (const request of knownRequests(step, loaded.vars)) {
      const refused = outsideError(step.place, request.call, request.body, request.shown);
      if (refused) throw refused;
    }
    const name = step.place.name;
    if (name !== null && step.kind !== 'settings') {
      if (name === 'vars') throw new WorldFileError(`${describePlace(step.place)}: "vars" is not a step name (it reads the file's vars)`, step.place);
      if (named.has(name)) throw new WorldFileError(`${describePlace(step.place)}: another step is already called "${name}"`, step.place);
      named.add(name);
    }
  }
}

interface Sent {
  request: string;
  statusCode: number;
  body: unknown;
}

class Runner {
  readonly answers: Record<string, unknown> = {};

  constructor(
    private readonly target: WorldTarget,
    private readonly vars: Record<string, unknown>,
  ) {}

  private lookup(place: StepPlace) {
    return (ref: Reference): unknown => {
      const root = ref.source === 'vars' ? this.vars : this.answers[ref.source];
      const value = readPath(root, ref.segments);
      if (isMissing(value)) {
        const whose = ref.source === 'vars' ? 'vars has' : `step "${ref.source}" answered`;
        throw new WorldFileError(`${describePlace(place)}: ${refText(ref)} is missing: ${whose} no ${ref.path || 'value'}`, place);
      }
      return value;
    };
  }

  /** One request, references filled in and typed by the route's schema. */
  async send(place: StepPlace, step: Pick<CallStep, 'call' | 'query' | 'body' | 'headers' | 'scenario'>): Promise<Sent> {
    const lookup = this.lookup(place);
    const call = fillTemplate(step.call, lookup, undefined, encodeURIComponent) as string;
    const match = CALL.exec(call);
    if (!match) throw new WorldFileError(`${describePlace(place)}: call "${call}" is not METHOD /open/... or METHOD /admin/...`, place);
    const [, method, api, pathAndQuery] = match as unknown as [string, string, Api, string];
    const [path] = pathAndQuery.split('?') as [string];
    const route = findRoute(api, method, path);
    const query = fillTemplate(step.query, lookup, route?.schema.querystring) as Record<string, unknown> | undefined;
    const body = step.body === undefined ? undefined : fillTemplate(step.body, lookup, route?.schema.body);
    const refused = outsideError(place, call, body);
    if (refused) throw refused;
    const extra = fillTemplate(step.headers, lookup) as Record<string, string> | undefined;
    const headers: Record<string, string> = api === 'open' ? { authorization: `Bearer ${this.target.openKey}` } : { ...this.target.adminHeaders };
    for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;
    if (step.scenario !== undefined) headers['crossbuy-scenario'] = fillTemplate(step.scenario, lookup) as string;
    let url = `${API_PREFIX}/${api}${pathAndQuery}`;
    if (query && Object.keys(query).length > 0) {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
      url += (url.includes('?') ? '&' : '?') + search.toString();
    }
    const request: Parameters<WorldTarget['inject']>[0] = { method, url, headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      request.payload = JSON.stringify(body);
    }
    const answer = await this.target.inject(request);
    return { request: `${method} /${api}${pathAndQuery}`, statusCode: answer.statusCode, body: parseBody(answer.body) };
  }

  async advance(place: StepPlace, by: string): Promise<Sent> {
    const sent = await this.send(place, { call: 'POST /admin/clock/advance', body: { by } });
    if (sent.statusCode !== 200) this.fail(place, sent, 'could not move the clock');
    return sent;
  }

  fail(place: StepPlace, sent: Sent, what: string): never {
    throw new WorldFileError(`${describePlace(place)} (${sent.request}) ${what}: it answered ${sent.statusCode} ${answerText(sent.body)}`, {
      ...place,
      answer: { statusCode: sent.statusCode, body: sent.body },
    });
  }

  check(place: StepPlace, sent: Sent, expect: CallStep['expect']): void {
    const want = typeof expect === 'number' ? { status: expect } : expect;
    if (!want) {
      if (sent.statusCode < 200 || sent.statusCode > 299) this.fail(place, sent, 'failed (a 2xx was expected)');
      return;
    }
    if (sent.statusCode !== want.status) this.fail(place, sent, `was expected to answer ${want.status}`);
    const code = (sent.body as { code?: unknown } | null)?.code;
    if (want.code !== undefined && code !== want.code) this.fail(place, sent, `was expected to answer with code ${want.code}`);
  }

  keep(place: StepPlace, body: unknown): void {
    if (place.name !== null) this.answers[place.name] = body;
  }

  async until(place: StepPlace, step: UntilStep): Promise<{ sent: Sent; advancedMs: number }> {
    const { stepMs, maxMs } = untilDurations(place, step);
    const path = step.until.path.replace(/^\$?\.?/, '');
    let segments: Reference['segments'];
    try {
      segments = parseReference(`answer${path.startsWith('[') ? '' : '.'}${path}`).segments;
    } catch {
      throw new WorldFileError(`${describePlace(place)}: until.path "${step.until.path}" is not a path of .name and [n] parts`, place);
    }
    let advancedMs = 0;
    for (;;) {
      const sent = await this.send(place, { call: step.until.call, query: step.until.query });
      if (sent.statusCode < 200 || sent.statusCode > 299) this.fail(place, sent, 'could not read its condition');
      const equals = fillTemplate(step.until.equals, this.lookup(place));
      if (JSON.stringify(readPath(sent.body, segments)) === JSON.stringify(equals)) return { sent, advancedMs };
      if (advancedMs + stepMs > maxMs) {
        this.fail(place, sent, `did not see ${step.until.path} equal ${JSON.stringify(equals)} within ${step.max} (now ${JSON.stringify(readPath(sent.body, segments) ?? null)})`);
      }
      await this.advance(place, step.advanceStep);
      advancedMs += stepMs;
    }
  }
}

export async function applyWorldFile(target: WorldTarget, file: unknown, options: ApplyOptions): Promise<ApplyResult> {
  const loaded = loadWorldFile(file, options.baseDir ?? null);
  const vars = { ...loaded.vars, ...options.vars };
  checkBeforeRunning({ ...loaded, vars });
  const runner = new Runner(target, vars);
  const steps: StepResult[] = [];
  for (const planned of loaded.plan) {
    const { place } = planned;
    const result: StepResult = { index: place.index, name: place.name, label: place.label, kind: planned.kind, request: null, status: null };
    switch (planned.kind) {
      case 'settings': {
        for (const call of settingsCalls(planned.settings)) runner.check(place, await runner.send(place, call), undefined);
        break;
      }
      case 'call': {
        const sent = await runner.send(place, planned.step);
        runner.check(place, sent, planned.step.expect);
        runner.keep(place, sent.body);
        Object.assign(result, { request: sent.request, status: sent.statusCode });
        break;
      }
      case 'advance': {
        const sent = await runner.advance(place, planned.by);
        runner.keep(place, sent.body);
        Object.assign(result, { request: `advance ${planned.by}`, status: sent.statusCode, advancedMs: parseDuration(planned.by) });
        break;
      }
      case 'until': {
        const { sent, advancedMs } = await runner.until(place, planned.step);
        runner.keep(place, sent.body);
        Object.assign(result, { request: sent.request, status: sent.statusCode, advancedMs });
        break;
      }
    }
    steps.push(result);
  }
  return { steps, answers: runner.answers };
}
