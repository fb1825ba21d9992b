import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/main/core/db/database.js';
import { csvChunks, normalizeFilter } from '../../../src/main/core/exports/stream.js';
import { openCore } from '../../../src/main/core/index.js';
import { postEntry } from '../../../src/main/core/wallet/ledger.js';

/** `crossbuy export`: the same CSV as the API's /exports, to a file or stdout; bad flags exit 1 with one line. */
const root = join(import.meta.dirname, '..', '..', '..');
let dir: string;

function crossbuy(...args: string[]) {
  return spawnSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...args, '--data', dir], { encoding: 'utf8' });
}

async function expected(kind: 'orders' | 'transactions', filter = {}): Promise<string> {
  const core = openCore({ dataDir: dir });
  try {
    let text = '';
    for await (const chunk of csvChunks(core.ctx, kind, 1, normalizeFilter(filter))) text += chunk;
    return text;
  } finally {
    core.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crossbuy-export-'));
  const core = openCore({ dataDir: dir });
  inTransaction(core.ctx.db, () => {
    postEntry(core.ctx, { userId: 1, type: 'deposit', amount: 12_345, reference: 'cli', description: '=1+1, "quoted"' });
  });
  core.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crossbuy export', () => {
  it('writes the same CSV as the API to --out', async () => {
    const out = join(dir, 'ledger.csv');
    const run = crossbuy('export', 'transactions', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toBe(await expected('transactions'));
    expect(text.split('\r\n')[0]).toBe('id,type,amount,balanceAfter,currency,reference,description,createdAt');
    expect(text).toContain(`,123.45,`);
    expect(text).toContain(`"'=1+1, ""quoted"""`);
  });

  it('writes to stdout, with filters', async () => {
    const run = crossbuy('export', 'transactions', '--type', 'deposit', '--from', '2000-01-01T00:00:00Z');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(await expected('transactions', { type: 'deposit', from: '2000-01-01T00:00:00Z' }));
    const orders = crossbuy('export', 'orders');
    expect(orders.status).toBe(0);
    expect(orders.stdout).toBe(await expected('orders'));
  });

  it('refuses bad filters with one line and exit 1', () => {
    for (const args of [['orders', '--status', 'lost'], ['transactions', '--type', 'gift'], ['orders', '--from', 'yesterday'], ['invoices'], ['transactions', '--status', 'paid']]) {
      const run = crossbuy('export', ...args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
  });

  it('refuses an --out in a folder that does not exist, naming it, before reading anything', () => {
    const out = join(dir, 'no-such-folder', 'orders.csv');
    const run = crossbuy('export', 'orders', '--out', out);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`crossbuy: cannot write ${out}: the folder ${join(dir, 'no-such-folder')} does not exist\n`);
    expect(run.stdout).toBe('');
  });
});
