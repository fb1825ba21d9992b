import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** What a file declares and exports under its own name (re-exports, `export { X } from`, are not declarations). */
const TYPE_DECLARATION = /^export (?:declare )?(?:type|interface|enum|class) ([A-Za-z0-9_]+)/gm;
const ANY_DECLARATION = /^export (?:declare )?(?:async )?(?:type|interface|enum|class|const|let|function\*?) ([A-Za-z0-9_]+)/gm;

function exportedNames(dir: string, pattern: RegExp, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      // The generated client is the served documents' mirror of the contract, not a second definition.
      if (entry !== 'generated') exportedNames(path, pattern, into);
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
      for (const m of readFileSync(path, 'utf8').matchAll(pattern)) into.set(m[1]!, path.slice(root.length + 1));
    }
  }
  return into;
}

/**
 * The API's types are written once, in src/contract, and both the core and the renderer import them.
 * The checkout no longer prices anything in the browser (it shows POST /orders/preview), so CouponTerms
 * and PricedLine are the core's alone. The error of an API call is the client's CrossbuyError (src/client)
 * on the client side and the core's ApiError on the server side: no name on both.
 */
const ALLOWED_ON_BOTH_SIDES: string[] = [];

/** Every `class X extends YError` under `dir`, as `X`. */
function errorClasses(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) errorClasses(path, into);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/\bclass\s+([A-Za-z0-9_]+)\s+extends\s+[A-Za-z0-9_.]*Error\b/g)) into.push(m[1]!);
    }
  }
  return into;
}

describe('one name per type across the core and the renderer', () => {
  it('defines no API type twice: only the allowed names are exported on both sides', () => {
    const main = exportedNames(join(root, 'src', 'main'), TYPE_DECLARATION);
    const renderer = exportedNames(join(root, 'src', 'renderer'), TYPE_DECLARATION);
    const both = [...main.keys()].filter((name) => renderer.has(name)).sort();
    expect(both).toEqual(ALLOWED_ON_BOTH_SIDES);
  });

  it('has one error class on the client side: the typed client\'s CrossbuyError, which the renderer uses', () => {
    const clientSide = ['client', 'renderer', 'preload'].flatMap((dir) => errorClasses(join(root, 'src', dir)));
    expect(clientSide).toEqual(['CrossbuyError']);
  });
});

/**
 * A name the contract exports means the contract's thing everywhere. A core, renderer or preload module
 * that declares its own `PageQuery`, `Parcel` or `AdminOrderDetail` (a shape of its own under the
 * contract's name) leaves a reader guessing which one an import is: it imports the contract's (or
 * re-exports it), or names its own shape differently (`Paging`, `ParcelSize`, ...).
 */
describe('no module outside the contract reuses a contract name', () => {
  const contract = exportedNames(join(root, 'src', 'contract'), ANY_DECLARATION);

  it.each(['main', 'renderer', 'preload', 'client'])('src/%s declares none of the contract\'s exported names', (side) => {
    const own = exportedNames(join(root, 'src', side), ANY_DECLARATION);
    const clashes = [...own].filter(([name]) => contract.has(name)).map(([name, path]) => `${name} (${path}; the contract's is in ${contract.get(name)})`);
    expect(clashes).toEqual([]);
  });

  it('sees the contract\'s names and a clash when there is one', () => {
    // The check itself: it reads the contract's exports (schemas and types alike) and would see a copy.
    expect(contract.get('PageQuery')).toBe(join('src', 'contract', 'common.ts'));
    expect(contract.get('AdminOrderDetail')).toBe(join('src', 'contract', 'admin', 'orders.ts'));
    const copy = 'export interface PageQuery {\n  page: number;\n}\n';
    expect([...copy.matchAll(ANY_DECLARATION)].map((m) => m[1])).toEqual(['PageQuery']);
  });
});
