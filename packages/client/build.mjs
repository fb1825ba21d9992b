#!/usr/bin/env node
// Builds @crossbuy/client from the app's own sources (src/client, whose types `npm run gen:client`
// regenerates from the served OpenAPI documents), so the package is always the client the app has:
//   dist/esm/client/index.js   ES module        dist/cjs/client/index.js   CommonJS (dist/cjs/package.json)
//   dist/{esm,cjs}/client/*.d.ts                 the declarations, beside each
// The JavaScript is one file per format (esbuild, which vite and tsx already bring); openapi-fetch stays
// external, the package's one dependency. The declarations come from the TypeScript compiler; the event
// payload types, which the contract writes as TypeBox schemas, are printed as plain object types, so a
// project using the package needs neither TypeBox nor anything else of the app.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const src = join(root, 'src');
const entry = join(src, 'client', 'index.ts');
const require = createRequire(join(root, 'package.json'));

/** esbuild as tsx (a dependency of the app) brings it. */
function esbuild() {
  return createRequire(require.resolve('tsx/package.json'))('esbuild');
}

/**
 * In the CommonJS build esbuild reads `import createClient from 'openapi-fetch'` with Node's rule for an
 * ES module (the sources are one): `default` = the whole module.exports. openapi-fetch's CommonJS build
 * exports `default` as a property (with __esModule), which is what a CommonJS caller must use; so that one
 * import is switched to esbuild's Babel-style interop, and the build fails if the pattern ever changes.
 */
function useEsModuleInterop(file) {
  const text = readFileSync(file, 'utf8');
  const nodeMode = '__toESM(require("openapi-fetch"), 1)';
  if (text.split(nodeMode).length !== 2) throw new Error(`${file}: expected one ${nodeMode}`);
  writeFileSync(file, text.replace(nodeMode, '__toESM(require("openapi-fetch"))'));
}

async function bundle(outDir, format) {
  await esbuild().build({
    entryPoints: [entry],
    outfile: join(outDir, 'client', 'index.js'),
    bundle: true,
    format,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    external: ['openapi-fetch'],
    sourcemap: false,
    logLevel: 'warning',
  });
  if (format === 'cjs') useEsModuleInterop(join(outDir, 'client', 'index.js'));
}

/** `{ 'order.created': { orderNo: string; ... }; ... }`: the payload types with TypeBox resolved away. */
function eventTypesText(ts, program) {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(src, 'contract', 'events.ts'));
  const alias = file.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === 'EventPayloads');
  const payloads = checker.getTypeAtLocation(alias.name);
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  const lines = payloads.getProperties().map((property) => {
    const type = checker.getTypeOfSymbolAtLocation(property, alias);
    return `  ${JSON.stringify(property.name)}: ${checker.typeToString(type, undefined, flags)};`;
  });
  return [
    '// The payload of every event the service emits (SSE /events, webhooks), by type. Printed by build.mjs',
    '// from the contract (src/contract/events.ts).',
    `export type EventPayloads = {\n${lines.join('\n')}\n};`,
    'export type EventType = keyof EventPayloads;',
    '',
  ].join('\n');
}

function declarations(outDir) {
  const ts = require('typescript');
  const temp = `${outDir}.types`;
  rmSync(temp, { recursive: true, force: true });
  const program = ts.createProgram([entry], {
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: src,
    outDir: temp,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: true,
  });
  const emitted = program.emit();
  const problems = ts.getPreEmitDiagnostics(program).concat(emitted.diagnostics);
  if (problems.length > 0) {
    throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }));
  }
  // Only the event types are kept from the contract, as plain types (no TypeBox).
  rmSync(join(temp, 'contract'), { recursive: true, force: true });
  mkdirSync(join(temp, 'contract'), { recursive: true });
  writeFileSync(join(temp, 'contract', 'events.d.ts'), eventTypesText(ts, program));
  const leftovers = readdirSync(temp).filter((name) => name !== 'client' && name !== 'contract');
  if (leftovers.length > 0) throw new Error(`the client declares types outside src/client: ${leftovers.join(', ')}`);
  return temp;
}

// Progress on stderr: `npm pack --json` runs this (prepack) and its stdout must stay JSON.
export async function buildClientPackage(log = (line) => process.stderr.write(`${line}\n`)) {
  const dist = join(here, 'dist');
  const next = `${dist}.${process.pid}.tmp`;
  rmSync(next, { recursive: true, force: true });
  log('client: bundling src/client (ESM and CommonJS)');
  await bundle(join(next, 'esm'), 'esm');
  await bundle(join(next, 'cjs'), 'cjs');
  writeFileSync(join(next, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
  log('client: writing the declarations (.d.ts)');
  const types = declarations(next);
  for (const format of ['esm', 'cjs']) cpSync(types, join(next, format), { recursive: true });
  rmSync(types, { recursive: true, force: true });
  // Swapped in whole: a reader never sees half a package.
  const old = `${dist}.${process.pid}.old`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
  log(`client: built ${relative(root, dist)}`);
  return dist;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildClientPackage();
}
