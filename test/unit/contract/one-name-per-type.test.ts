import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function exportedTypeNames(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) exportedTypeNames(path, into);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/^export (?:declare )?(?:type|interface|enum|class) ([A-Za-z0-9_]+)/gm)) into.set(m[1]!, path);
    }
  }
  return into;
}

/**
 * The API's types are written once, in src/contract, and both the core and the renderer import them
 * One remains on purpose: each side's ApiError is its own (the core's carries the HTTP status it
 * answers, the renderer's the answer it got). The checkout no longer prices anything in the browser
 * (it shows POST /orders/preview), so CouponTerms and PricedLine are the core's alone.
 */
const ALLOWED_ON_BOTH_SIDES = ['ApiError'];

describe('one name per type across the core and the renderer', () => {
  it('defines no API type twice: only the allowed names are exported on both sides', () => {
    const main = exportedTypeNames(join(root, 'src', 'main'));
    const renderer = exportedTypeNames(join(root, 'src', 'renderer'));
    const both = [...main.keys()].filter((name) => renderer.has(name)).sort();
    expect(both).toEqual(ALLOWED_ON_BOTH_SIDES);
  });
});
