import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWorldFile } from '../../src/main/core/worlds/file/apply.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Issue 24: `crossbuy/client` pointed at TypeScript sources, so plain Node could not import it and another
 * project would have needed the whole app. @crossbuy/client (packages/client) is the same client built to
 * JavaScript with its declarations. Here it is packed as `npm pack` makes it, unpacked into a project
 * outside the app whose only other package is openapi-fetch, and used from .mjs, .cjs and .ts against a
 * served instance; the README's snippets run exactly as printed (the "Worlds for tests" one with vitest,
 * picking the world of each admin call with the typed `Crossbuy-World` header).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const PACKAGE = join(ROOT, 'packages', 'client');
let server: TestServer;
let consumer: string;

/** The README's TypeScript example: the first ```ts block that imports the package. */
export function readmeSnippet(readme: string): string {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const snippet = blocks.find((block) => block.includes("from '@crossbuy/client'"));
  if (!snippet) throw new Error("README.md has no ```ts block importing '@crossbuy/client'");
  return snippet;
}

/** The README's "Worlds for tests" test file: the ```ts block of that section. */
export function worldsSnippet(readme: string): string {
  const section = readme.slice(readme.indexOf('## Worlds for tests'));
  const block = /```ts\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ', 1)));
  if (!block) throw new Error('README.md\'s "Worlds for tests" has no ```ts block');
  return block[1]!;
}

/** Runs a consumer file on this Node. Asynchronously: the server answering it runs in this very process. */
function node(file: string, env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file], { cwd: consumer, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  consumer = mkdtempSync(join(tmpdir(), 'crossbuy-consumer-'));
  // `npm pack` runs the package's prepack (the build from src/client) and keeps only what `files` lists.
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', consumer], { cwd: PACKAGE, encoding: 'utf8', shell: process.platform === 'win32', timeout: 120_000 });
  if (pack.status !== 0) throw new Error(`npm pack failed (${pack.status ?? pack.signal}): ${pack.stderr}`);
  const tarball = join(consumer, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
  const installed = join(consumer, 'node_modules', '@crossbuy', 'client');
  mkdirSync(installed, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  // The package's one dependency, and Node's types for the compiler: nothing else of the app is reachable.
  symlinkSync(join(ROOT, 'node_modules', 'openapi-fetch'), join(consumer, 'node_modules', 'openapi-fetch'), 'dir');
  // The test runner the README's "Worlds for tests" file uses.
  symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(consumer, 'node_modules', 'vitest'), 'dir');
  mkdirSync(join(consumer, 'node_modules', '@types'));
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(consumer, 'node_modules', '@types', 'node'), 'dir');
  // As `npm install <tarball>` leaves a new folder: no "type": "module" (the README names its files .mts for it).
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  // With the world-file engine, as `crossbuy serve` has it: the worlds snippet makes worlds from a file.
  server = await startTestServer({ applyFile: applyWorldFile });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(consumer, { recursive: true, force: true });
});

describe('@crossbuy/client, installed in a project outside the app', () => {
  it('ships built JavaScript and declarations, with openapi-fetch its one dependency', () => {
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules', '@crossbuy', 'client', 'package.json'), 'utf8')) as { dependencies: object };
    expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
    const dist = join(consumer, 'node_modules', '@crossbuy', 'client', 'dist');
    expect(readdirSync(join(dist, 'esm', 'client')).sort()).toEqual(['base.d.ts', 'events.d.ts', 'generated', 'index.d.ts', 'index.js']);
    expect(readFileSync(join(dist, 'esm', 'contract', 'events.d.ts'), 'utf8')).not.toContain('typebox');
  });

  it('works from a plain ES module (.mjs)', async () => {
    writeFileSync(
      join(consumer, 'use.mjs'),
      `import { createClient, unwrap } from '@crossbuy/client';
const crossbuy = createClient({ baseUrl: process.env.CROSSBUY_URL, apiKey: process.env.CROSSBUY_KEY });
const wallet = await unwrap(crossbuy.GET('/user/wallet/balance'));
console.log('esm', wallet.currency, wallet.balance);
`,
    );
    const run = await node('use.mjs', { CROSSBUY_URL: server.running.origin, CROSSBUY_KEY: server.key });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^esm CNY \d+(\.\d+)?\n$/);
  });

  it('works from CommonJS (.cjs), errors included', async () => {
    writeFileSync(
      join(consumer, 'use.cjs'),
      `const { createClient, unwrap, CrossbuyError } = require('@crossbuy/client');
const crossbuy = createClient({ baseUrl: process.env.CROSSBUY_URL, apiKey: 'sk-wrong' });
unwrap(crossbuy.GET('/user/wallet/balance')).catch((error) => console.log('cjs', error instanceof CrossbuyError, error.statusCode));
`,
    );
    const run = await node('use.cjs', { CROSSBUY_URL: server.running.origin });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('cjs true 401\n');
  });

  it("typechecks a TypeScript consumer (ESM and CommonJS) against the package's declarations", () => {
    writeFileSync(join(consumer, 'readme.mts'), readmeSnippet(readFileSync(join(ROOT, 'README.md'), 'utf8')));
    writeFileSync(join(consumer, 'worlds.test.mts'), worldsSnippet(readFileSync(join(ROOT, 'README.md'), 'utf8')));
    writeFileSync(
      join(consumer, 'typed.cts'),
      `import { createClient, type EventPayloads } from '@crossbuy/client';
const crossbuy = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-x' });
export const placed: EventPayloads['order.created']['orderNo'] = 'PO1';
// @ts-expect-error: no such route
void crossbuy.GET('/no-such-route');
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, types: ['node'] }, include: ['*.mts', '*.cts'] }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer], { cwd: consumer, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);

  it("runs the README's snippet exactly as printed", async () => {
    writeFileSync(join(consumer, 'readme.mts'), readmeSnippet(readFileSync(join(ROOT, 'README.md'), 'utf8')));
    const run = await node('readme.mts', { CROSSBUY_URL: server.running.origin, CROSSBUY_KEY: server.key });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+ hits, the first: .+\n/);
    expect(run.stdout).toMatch(/cart: 2 x 650000000000-1/);
  });

  it('runs the README\'s "Worlds for tests" file with vitest: a world per test, its clock moved through Crossbuy-World', async () => {
    writeFileSync(join(consumer, 'worlds.test.mts'), worldsSnippet(readFileSync(join(ROOT, 'README.md'), 'utf8')));
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const run = await new Promise<{ status: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [vitest, 'run', 'worlds.test.mts', '--reporter', 'verbose'],
        { cwd: consumer, encoding: 'utf8', env: { ...process.env, CROSSBUY_URL: server.running.origin, CROSSBUY_ADMIN_TOKEN: server.running.core.adminToken }, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr }),
      );
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/2 passed/);
    // Every world it made is gone again.
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(0);
  }, 180_000);
});
