import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const builder = readFileSync(join(root, 'electron-builder.yml'), 'utf8');

/** `npm run dist` must leave node_modules as `npm ci` made it, and ship the native binary outside the asar. */
describe('electron-builder configuration', () => {
  it('rebuilds no native module', () => {
    expect(builder).toMatch(/^npmRebuild: false$/m);
    expect(builder).not.toMatch(/^npmRebuild: true$/m);
    expect(builder).toMatch(/^buildDependenciesFromSource: false$/m);
  });

  it('unpacks the .node binaries from the asar archive', () => {
    expect(builder).toMatch(/^asarUnpack:\n(?:\s+#.*\n)*\s+- "\*\*\/\*\.node"$/m);
  });

  it('ships a better-sqlite3 binary for each packaged OS inside the package (no compiler)', () => {
    for (const target of ['linux-x64', 'darwin-arm64', 'darwin-x64', 'win32-x64']) {
      expect(() => readFileSync(join(root, 'node_modules', 'better-sqlite3', 'prebuilds', `${target}.node`))).not.toThrow();
    }
  });

  it('has the appId Windows notifications are grouped by', async () => {
    const { APP_USER_MODEL_ID } = await import('../../../src/main/desktop/lifecycle.js');
    expect(builder).toContain(`appId: ${APP_USER_MODEL_ID}\n`);
  });
});
