import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distFailure } from '../../../scripts/launcher/dist-failure.js';

/**
 * Issue 24: docs/API.md pointed at files outside the repository and at issue numbers a reader cannot
 * open; the README used jq without listing it and recommended commands that do not exist. What a reader
 * of the repository is sent to must be in it.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** A path the docs name resolves from the root, src/, src/main/ or src/main/core/ (module paths are written short). */
function exists(path: string): boolean {
  return ['', 'src', join('src', 'main'), join('src', 'main', 'core')].some((base) => existsSync(join(root, base, path)));
}

describe('docs/API.md', () => {
  const text = read('docs/API.md');

  it('names no issue and no file outside the repository', () => {
    expect(text).not.toMatch(/\bissue \d+|#\d+\b/i);
    expect(text).not.toMatch(/\.\.\/|shared\/spec|\b(api-v1|decisions|extensions|worlds|mcp)\.md\b/);
  });

  it('names only files that exist', () => {
    // Files, not URL paths (/api/v1/open/openapi.json).
    const paths = [...text.matchAll(/(?<![\w/.-])(?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|js|md|json|yml)\b/g)].map((m) => m[0]);
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });
});

describe('README.md', () => {
  const text = read('README.md');

  it('says first what crossbuy is and is not', () => {
    const opening = text.slice(0, 1200);
    expect(opening).toMatch(/local, offline simulator of a purchasing agent/);
    expect(opening).toMatch(/No real purchase is ever made/);
  });

  it('shows the committed screenshot, and puts Requirements before the first command', () => {
    expect(text).toContain('](docs/screenshot.png)');
    expect(existsSync(join(root, 'docs', 'screenshot.png'))).toBe(true);
    expect(text.indexOf('## Requirements')).toBeGreaterThan(0);
    expect(text.indexOf('## Requirements')).toBeLessThan(text.indexOf('```sh'));
  });

  it('lists jq where it uses it, and never the old `-- --port` form', () => {
    expect(text).toMatch(/Requirements[\s\S]*`jq`/);
    expect(text).not.toMatch(/--data \S+ -- --port|\[-- --port/);
  });

  it('links only files that exist', () => {
    const links = [...text.matchAll(/\]\((?!https?:|#)([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((link) => !existsSync(join(root, link)))).toEqual([]);
  });
});

describe('npm run dist, failing', () => {
  it('names the host it could not reach, in one line', () => {
    const output = [
      '  • electron-builder  version=26.17.0 os=6.1.0',
      '  • packaging       platform=linux arch=x64 electron=45.4.1 appOutDir=dist/linux-unpacked',
      '  ⨯ getaddrinfo ENOTFOUND github.com  failedTask=build stackTrace=RequestError: getaddrinfo ENOTFOUND github.com',
      '    at ClientRequest.<anonymous> (node_modules/got/dist/source/core/index.js:970:111)',
    ].join('\n');
    const line = distFailure(output, 'dist/electron-builder.log');
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^dist: electron-builder could not download what it needs from github\.com \(getaddrinfo ENOTFOUND github\.com\): packaging needs the network/);
    expect(line).toContain('dist/electron-builder.log');
  });

  it('passes on any other failure as its last error line', () => {
    const line = distFailure('  • packaging\n  ⨯ Application entry file "out/main/index.js" does not exist\n', 'dist/electron-builder.log');
    expect(line).toBe('dist: electron-builder failed: ⨯ Application entry file "out/main/index.js" does not exist; full output in dist/electron-builder.log');
  });

  it('is a pinned dev dependency run from node_modules, never fetched by npx', () => {
    const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string>; scripts: Record<string, string> };
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.scripts.dist).toBe('node scripts/dist.js');
    expect(Object.values(pkg.scripts).join('\n')).not.toMatch(/\bnpx\b/);
  });
});
