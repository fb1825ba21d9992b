/**
 * The server `npm run bench -- worlds` measures, in its own process: `startServer` on a data folder with
 * the world-file engine (core/worlds/file/apply.ts) when this build has it, else a stand-in that runs a
 * file's `call` steps through the same target (the bench's file needs nothing more). Prints the origin
 * and the admin token on one line once it serves.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../src/main/headless/serve.js';
import type { ApplyWorldFile } from '../src/main/core/worlds/worlds.js';

const dataDir = process.argv[2]!;
const engine = join(import.meta.dirname, '..', 'src', 'main', 'core', 'worlds', 'file', 'apply.ts');

const standIn: ApplyWorldFile = async (target, file) => {
  const steps: unknown[] = [];
  for (const step of (file as { steps: { call: string; body?: unknown }[] }).steps) {
    const [method, path] = step.call.split(' ') as [string, string];
    const headers: Record<string, string> = path.startsWith('/admin/') ? { ...target.adminHeaders } : { authorization: `Bearer ${target.openKey}` };
    const res = await target.inject({ method, url: `/api/v1${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: step.body });
    if (res.statusCode >= 300) throw new Error(`step ${steps.length} answered ${res.statusCode}: ${res.body}`);
    steps.push({ index: steps.length, status: res.statusCode });
  }
  return { steps };
};

const applyFile: ApplyWorldFile = existsSync(engine)
  ? ((await import(pathToFileURL(engine).href)) as { applyWorldFile: ApplyWorldFile }).applyWorldFile
  : standIn;
const running = await startServer({ dataDir, port: 0, uiDir: null, applyFile });
process.stdout.write(`serving ${running.origin} ${running.core.adminToken} ${existsSync(engine) ? 'engine' : 'stand-in'}\n`);
const stop = () => void running.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
