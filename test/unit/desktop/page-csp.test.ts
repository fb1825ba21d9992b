import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_CSP, PAGE_META_CSP } from '../../../src/contract/page-policy.js';
import { UI_CSP } from '../../../src/main/core/http/routes/ui.js';
import { RENDERER_CSP } from '../../../src/main/desktop/security.js';

/**
 * Electron applies no response header to a file:// page: the packaged window's policy is the <meta> tag
 * of index.html. It must be the whole policy the headers carry (but frame-ancestors, which a meta tag
 * cannot say), not a weaker one.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const metaPolicyOf = (html: string) => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? null;
const directives = (policy: string) => policy.split(';').map((d) => d.trim()).filter(Boolean).sort();

describe('the page CSP', () => {
  it("index.html's meta tag carries the headers' policy", () => {
    const meta = metaPolicyOf(readFileSync(join(root, 'src', 'renderer', 'index.html'), 'utf8'));
    expect(meta).not.toBeNull();
    expect(directives(meta!)).toEqual(directives(PAGE_META_CSP));
    expect(directives(PAGE_CSP).filter((d) => !d.startsWith('frame-ancestors'))).toEqual(directives(meta!));
  });

  it('the desktop header and the headless header are the same policy, a complete one', () => {
    expect(RENDERER_CSP).toBe(PAGE_CSP);
    expect(UI_CSP).toBe(PAGE_CSP);
    for (const needed of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'"]) expect(directives(PAGE_META_CSP)).toContain(needed);
  });
});
