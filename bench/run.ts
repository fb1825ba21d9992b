/**
 * `npm run bench`: crossbuy's real routes (auth, rate limit, SQLite, validation, serialization) against
 * a bare Fastify route returning the same JSON, measured in the same run on this machine, and written
 * into docs/PERFORMANCE.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { measure, startChild, stopChild, table, tempDataDir, DURATION_S, type Measured } from './harness.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'bin', 'crossbuy.js');

async function main(): Promise<void> {
  const dataDir = tempDataDir();
  const key = execFileSync(process.execPath, [cli, 'keys', 'create', '--data', dataDir, '--name', 'bench', '--scopes', 'all', '--rate-limit', '1000000'], { encoding: 'utf8' }).trim();
  const server = await startChild(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir], /127\.0\.0\.1:(\d+)/);
  const origin = `http://127.0.0.1:${server.match[1]}`;
  const headers = { authorization: `Bearer ${key}` };
  const routes = { '/api/v1/open/cart': 'cart', '/api/v1/open/products/search?q=hoodie': 'search' };

  // The bare server answers with exactly what crossbuy answered.
  const bodies: Record<string, unknown> = {};
  for (const path of Object.keys(routes)) {
    const response = await fetch(origin + path, { headers });
    bodies[path.split('?')[0]!] = await response.json();
  }
  const bodiesFile = join(dataDir, 'bare-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = await startChild(process.execPath, [join(root, 'bench', 'bare-server.js'), bodiesFile, '0'], /listening on (\d+)/);
  const bareOrigin = `http://127.0.0.1:${bare.match[1]}`;

  const rows: Measured[] = [];
  const baseline: Record<string, string> = {};
  try {
    for (const [path, name] of Object.entries(routes)) {
      rows.push(await measure(`bare ${name}`, { url: bareOrigin + path.split('?')[0] }));
      rows.push(await measure(`GET ${path.replace('/api/v1/open', '')}`, { url: origin + path, headers }));
      baseline[`GET ${path.replace('/api/v1/open', '')}`] = `bare ${name}`;
    }
  } finally {
    await stopChild(bare.child);
    await stopChild(server.child);
  }
  const report = table(rows, baseline);
  process.stdout.write(`${report}\n`);
  writePerformanceDoc('Open API reads', report);
}

export function writePerformanceDoc(section: string, report: string): void {
  const file = join(root, 'docs', 'PERFORMANCE.md');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Performance\n\nWritten by `npm run bench`. Each table is one run on the machine named under it.\n';
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${DURATION_S} s per route, 16 connections, ${new Date().toISOString().slice(0, 10)}`;
  const block = `## ${section}\n\n${report}\n\n_${machine}_\n`;
  const pattern = new RegExp(`## ${section}\\n[\\s\\S]*?(?=\\n## |$)`);
  text = pattern.test(text) ? text.replace(pattern, block.trimEnd() + '\n') : `${text.trimEnd()}\n\n${block}`;
  writeFileSync(file, text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
