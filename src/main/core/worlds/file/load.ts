import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  AdvanceStep,
  CallStep as CallStepSchema,
  IncludeStep,
  UntilStep as UntilStepSchema,
  WorldFile,
  type CallStep,
  type UntilStep,
  type WorldFileSettings,
  type WorldFileStep,
} from '../../../../contract/admin/world-file.js';
import { validationError } from '../../http/validation.js';
import { ApiError } from '../../shared/errors.js';

/**
 * A world file as the engine runs it: checked against its schema (unknown fields 400), `include` steps
 * replaced by the included files' settings and steps, each step labelled with where it was written.
 */

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** A step's kind, told by the one field each kind has: checked against that kind alone. */
const STEP_KINDS = [
  ['call', CallStepSchema],
  ['until', UntilStepSchema],
  ['advance', AdvanceStep],
  ['include', IncludeStep],
] as const;

let ajv: Ajv | undefined;
let validator: ValidateFunction | undefined;
const stepValidators = new Map<string, ValidateFunction>();

function compiler(): Ajv {
  if (!ajv) {
    // verbose: the failing value and schema on each error, so the message says what was expected.
    ajv = new Ajv({ strict: false, allErrors: false, strictNumbers: true, verbose: true });
    addFormats(ajv);
  }
  return ajv;
}

function validate(file: unknown): boolean {
  validator ??= compiler().compile(WorldFile);
  return validator(file);
}

/**
 * The error of a step that failed the steps' union, as its own kind words it: `{ "advance": "2 days" }` is
 * "steps[0].advance has an invalid format (expected a duration ...)", not the first kind's "steps[0].call
 * is required". Null when the error is not a step's.
 */
function stepErrors(file: unknown, errors: readonly ErrorObject[]): ErrorObject[] | null {
  const match = /^\/steps\/(\d+)$/.exec(errors[0]?.instancePath ?? '');
  const steps = (file as { steps?: unknown }).steps;
  if (!match || !Array.isArray(steps)) return null;
  const index = Number(match[1]);
  const step: unknown = steps[index];
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return null;
  const kind = STEP_KINDS.find(([field]) => Object.hasOwn(step, field));
  if (!kind) {
    const message = 'must be a step: an object with call, advance, until or include';
    return [{ keyword: 'step', instancePath: `/steps/${index}`, schemaPath: '', params: {}, message }];
  }
  let check = stepValidators.get(kind[0]);
  if (!check) stepValidators.set(kind[0], (check = compiler().compile(kind[1])));
  if (check(step)) return null;
  return (check.errors ?? []).map((error) => ({ ...error, instancePath: `/steps/${index}${error.instancePath}` }));
}

/** Where a step was written: its index in the top-level file, and inside which included files. */
export interface StepPlace {
  /** The index (from 0) of the step in the file given, or of the include step that brought it in. */
  index: number;
  name: string | null;
  /** `steps[3]`, or `steps[1] > base.json steps[0]` for a step of an included file. */
  label: string;
}

export type PlannedStep =
  | { kind: 'settings'; place: StepPlace; settings: WorldFileSettings }
  | { kind: 'call'; place: StepPlace; step: CallStep }
  | { kind: 'advance'; place: StepPlace; by: string }
  | { kind: 'until'; place: StepPlace; step: UntilStep };

export interface LoadedWorldFile {
  name: string | null;
  seed: number | null;
  clockStart: string | null;
  demo: boolean;
  vars: Record<string, unknown>;
  plan: PlannedStep[];
}

const MAX_INCLUDE_DEPTH = 8;

/** Parses a world file's text; bad JSON is a 400. */
export function parseWorldFileText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `${source} is not JSON: ${(error as Error).message}`);
  }
}

export function checkWorldFile(file: unknown, source = 'world file'): WorldFile {
  if (!validate(file)) {
    const errors = validator!.errors ?? [];
    throw new ApiError(400, `${source}: ${validationError(stepErrors(file, errors) ?? errors, 'body').message}`);
  }
  return file as WorldFile;
}

/** Reads a world file from disk (the CLI, serve): its includes resolve relative to its folder. */
export function readWorldFile(path: string): { file: unknown; baseDir: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ApiError(400, `Cannot read the world file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return { file: parseWorldFileText(text, path), baseDir: dirname(resolve(path)) };
}

/**
 * Checks the file and flattens its includes. `baseDir` null (a file sent over HTTP): an include is a 422,
 * as the server reads no file a request names.
 */
export function loadWorldFile(file: unknown, baseDir: string | null): LoadedWorldFile {
  const top = checkWorldFile(file);
  const vars: Record<string, unknown> = {};
  const plan: PlannedStep[] = [];
  const expand = (world: WorldFile, dir: string | null, outer: StepPlace | null, chain: readonly string[], shown: string) => {
    // The including file's vars win over an included file's.
    for (const [key, value] of Object.entries(world.vars ?? {})) if (!(key in vars)) vars[key] = value;
    const placeOf = (i: number, name: string | null): StepPlace =>
      outer ? { index: outer.index, name, label: `${outer.label} > ${shown} steps[${i}]` } : { index: i, name, label: `steps[${i}]` };
    if (world.settings) plan.push({ kind: 'settings', place: outer ? { ...outer, label: `${outer.label} > ${shown} settings` } : { index: -1, name: null, label: 'settings' }, settings: world.settings });
    world.steps.forEach((step, i) => {
      const name = 'name' in step && step.name !== undefined ? step.name : null;
      const place = placeOf(i, name);
      if ('include' in step) {
        if (dir === null) throw new ApiError(422, `${place.label}: include "${step.include}" needs a world file on disk (the CLI and serve read includes; a file sent over HTTP cannot)`);
        if (chain.length >= MAX_INCLUDE_DEPTH) throw new ApiError(422, `${place.label}: includes nest deeper than ${MAX_INCLUDE_DEPTH}`);
        const path = resolve(dir, step.include);
        if (chain.includes(path)) throw new ApiError(422, `${place.label}: include "${step.include}" includes itself`);
        const { file: included, baseDir: includedDir } = readWorldFile(path);
        expand(checkWorldFile(included, step.include), includedDir, place, [...chain, path], step.include);
      } else if ('call' in step) plan.push({ kind: 'call', place, step });
      else if ('advance' in step) plan.push({ kind: 'advance', place, by: step.advance });
      else plan.push({ kind: 'until', place, step });
    });
  };
  expand(top, baseDir, null, [], 'world file');
  return { name: top.name ?? null, seed: top.seed ?? null, clockStart: top.clockStart ?? null, demo: top.demo ?? false, vars, plan };
}

/** A file's `settings` as the requests that apply them: PUT /admin/settings, then PUT /admin/autopilot. */
export function settingsCalls(settings: WorldFileSettings): CallStep[] {
  const { autopilot, ...rest } = settings;
  const calls: CallStep[] = [];
  if (Object.keys(rest).length > 0) calls.push({ call: 'PUT /admin/settings', body: rest });
  if (autopilot !== undefined) calls.push({ call: 'PUT /admin/autopilot', body: autopilot });
  return calls;
}

/**
 * The file with its includes written into it, for a server that reads no file (`crossbuy world create
 * --file`): each included file's settings become the calls that apply them and its steps follow, its vars
 * are defaults of the top file's. A file without includes is given back as it is.
 */
export function inlineIncludes(file: unknown, baseDir: string): WorldFile {
  const top = checkWorldFile(file);
  if (!top.steps.some((step) => 'include' in step)) return top;
  const loaded = loadWorldFile(top, baseDir);
  const named = (place: StepPlace) => (place.name === null ? {} : { name: place.name });
  const steps = loaded.plan.flatMap((planned): WorldFileStep[] => {
    switch (planned.kind) {
      case 'settings':
        return planned.place.index === -1 ? [] : settingsCalls(planned.settings);
      case 'call':
        return [planned.step];
      case 'advance':
        return [{ ...named(planned.place), advance: planned.by }];
      case 'until':
        return [planned.step];
    }
  });
  return { ...top, ...(Object.keys(loaded.vars).length > 0 ? { vars: loaded.vars } : {}), steps };
}
