import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronEnv, parseStartArgs, serveArgs } from '../../../scripts/launcher/args.js';
import { progressLine } from '../../../scripts/launcher/electron-download.js';
import { EARLY_EXIT_MS, electronOutcome, missingDisplay } from '../../../scripts/launcher/outcome.js';
import { keepPrebuiltOnly, withPrebuiltOnly } from '../../../scripts/launcher/lockfile.js';
import { installProblem, npmRuntimeNote, pinnedNodePath, runtimeDecision, SERVER_V8_FLAGS, serverFlagsRelaunch, supportedNode } from '../../../scripts/launcher/runtime.js';
import { CORE_HOST_V8_FLAGS } from '../../../src/main/desktop/core-host-flags.js';
import { ENTRIES, nodeEntry } from '../../../scripts/launcher/spawn-forms.js';

const root = join(import.meta.dirname, '..', '..', '..');

describe('the display Electron needs', () => {
  it('is missing only on Linux with neither DISPLAY nor WAYLAND_DISPLAY; macOS and Windows always have one', () => {
    expect(missingDisplay('linux', {})).toBe('no display: neither DISPLAY nor WAYLAND_DISPLAY is set');
    expect(missingDisplay('linux', { DISPLAY: '', WAYLAND_DISPLAY: '' })).toBe('no display: neither DISPLAY nor WAYLAND_DISPLAY is set');
    expect(missingDisplay('linux', { DISPLAY: ':0' })).toBeNull();
    expect(missingDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull();
    expect(missingDisplay('darwin', {})).toBeNull();
    expect(missingDisplay('win32', {})).toBeNull();
  });
});

describe('spawn forms', () => {
  it('runs a package entry with this Node and no shell, on Windows as on Linux', () => {
    expect(nodeEntry({ execPath: 'C:\\Program Files\\nodejs\\node.exe', root: 'C:\\src\\crossbuy', platform: 'win32' }, ENTRIES.vite, ['build'])).toEqual({
      command: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['C:\\src\\crossbuy\\node_modules\\vite\\bin\\vite.js', 'build'],
      options: { shell: false },
    });
    expect(nodeEntry({ execPath: '/usr/bin/node', root: '/src/crossbuy', platform: 'linux' }, ENTRIES.electronVite, ['build']).args[0]).toBe(
      '/src/crossbuy/node_modules/electron-vite/bin/electron-vite.js',
    );
  });

  it('names entries that exist', () => {
    for (const entry of Object.values(ENTRIES)) expect(() => readFileSync(join(root, 'node_modules', entry))).not.toThrow();
  });

  it('leaves no script spawning npx, npm or a .bin/ entry (not runnable on Windows without a shell)', () => {
    const dir = join(root, 'scripts');
    const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, 'launcher')).map((f) => join(dir, 'launcher', f))].filter((f) => f.endsWith('.js'));
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, ''); // code, not comments
      expect(text, file).not.toMatch(/spawn(Sync)?\(\s*['"`](npx|npm)['"`]/);
      expect(text, file).not.toMatch(/\.bin[/\\]/);
    }
  });
});

describe('start options', () => {
  it('takes --data and --port in both forms and keeps the rest', () => {
    expect(parseStartArgs(['--data', 'd', '--port=5000', '--empty'])).toEqual({ data: 'd', port: '5000', rest: ['--empty'] });
    expect(parseStartArgs([])).toEqual({ rest: [] });
    expect(() => parseStartArgs(['--data'])).toThrow(/--data needs a value/);
    expect(() => parseStartArgs(['--port='])).toThrow(/--port/);
  });

  it('reads `npm start -- --data X -- --port N` (a second --) as the same options', () => {
    expect(parseStartArgs(['--data', 'X', '--', '--port', '5000'])).toEqual({ data: 'X', port: '5000', rest: [] });
  });

  it('gives the headless fallback the parsed options, never a bare -- (commander reads what follows as operands)', () => {
    const options = parseStartArgs(['--data', 'X', '--', '--port', '5000', '--empty']);
    expect(serveArgs(options)).toEqual(['serve', '--data', 'X', '--port', '5000', '--empty']);
    expect(serveArgs(parseStartArgs([]))).toEqual(['serve']);
  });

  it('passes them to Electron as environment and drops ELECTRON_RUN_AS_NODE', () => {
    const env = electronEnv({ ELECTRON_RUN_AS_NODE: '1', PATH: '/bin' }, { data: 'rel', port: '0' }, (p) => `/abs/${p}`);
    expect(env).toEqual({ PATH: '/bin', CROSSBUY_DATA: '/abs/rel', CROSSBUY_PORT: '0' });
    expect(electronEnv({ ELECTRON_RUN_AS_NODE: '' }, {})).toEqual({});
  });
});

describe("the launcher's reading of Electron's end", () => {
  const base = { platform: 'linux' as const, electronDir: '/src/crossbuy/node_modules/electron', forwardedSignal: null };

  it('treats a signal as a crash and falls back, with the sandbox fix on Linux', () => {
    const outcome = electronOutcome({ ...base, code: null, signal: 'SIGTRAP', uptimeMs: 300 });
    expect(outcome).toMatchObject({ action: 'fallback', reason: 'Electron was killed by SIGTRAP' });
    expect(outcome.action === 'fallback' && outcome.hint).toContain("sudo chown root:root '/src/crossbuy/node_modules/electron/dist/chrome-sandbox'");
    expect(outcome.action === 'fallback' && outcome.hint).toContain('chmod 4755');
    // A signal long after start is still a crash, not a success.
    expect(electronOutcome({ ...base, code: null, signal: 'SIGSEGV', uptimeMs: 3_600_000 }).action).toBe('fallback');
  });

  it('prints no Linux fix elsewhere', () => {
    const outcome = electronOutcome({ ...base, platform: 'win32', code: 3, signal: null, uptimeMs: 10 });
    expect(outcome).toEqual({ action: 'fallback', reason: 'Electron exited with code 3 while starting', hint: undefined });
  });

  it('falls back on an early failing exit, passes a late one through, and exits 0 on a normal quit', () => {
    expect(electronOutcome({ ...base, code: 1, signal: null, uptimeMs: EARLY_EXIT_MS - 1 }).action).toBe('fallback');
    expect(electronOutcome({ ...base, code: 1, signal: null, uptimeMs: EARLY_EXIT_MS + 1 })).toEqual({ action: 'exit', code: 1 });
    expect(electronOutcome({ ...base, code: 0, signal: null, uptimeMs: 5 })).toEqual({ action: 'exit', code: 0 });
  });

  it('takes the Ctrl-C it passed on as the user quitting', () => {
    expect(electronOutcome({ ...base, code: null, signal: 'SIGINT', forwardedSignal: 'SIGINT', uptimeMs: 50 })).toEqual({ action: 'exit', code: 0 });
    expect(electronOutcome({ ...base, code: null, signal: 'SIGKILL', forwardedSignal: 'SIGINT', uptimeMs: 50 }).action).toBe('fallback');
  });
});

describe('Electron download progress', () => {
  it('says how far it is', () => {
    expect(progressLine('45.4.1', { transferred: 41.2 * 1_048_576, total: 111 * 1_048_576 })).toBe('Downloading Electron 45.4.1: 37% (41.2 of 111.0 MB)');
    expect(progressLine('45.4.1', { transferred: 3 * 1_048_576, total: null })).toBe('Downloading Electron 45.4.1: 3.0 MB');
  });

  it('has no time limit in the launcher', () => {
    const start = readFileSync(join(root, 'scripts', 'start.js'), 'utf8');
    expect(start).not.toMatch(/timeout/);
  });
});

describe('npm run test:desktop', () => {
  it('plans the run from what the machine has', async () => {
    const { desktopTestPlan } = await import('../../../scripts/launcher/desktop-test.js');
    expect(desktopTestPlan({ binary: null, platform: 'linux', display: true, xvfbRun: '/usr/bin/xvfb-run' })).toEqual({ skip: expect.stringMatching(/no Electron binary/) });
    expect(desktopTestPlan({ binary: '/e', platform: 'linux', display: false, xvfbRun: '/usr/bin/xvfb-run' })).toEqual({ wrapper: ['/usr/bin/xvfb-run', '-a'] });
    expect(desktopTestPlan({ binary: '/e', platform: 'linux', display: false, xvfbRun: null })).toEqual({ skip: expect.stringMatching(/xvfb/) });
    expect(desktopTestPlan({ binary: '/e', platform: 'win32', display: false, xvfbRun: null })).toEqual({ wrapper: [] });
  });

  it('reports itself skipped, with the reason, where no Electron binary exists', () => {
    const binary = join(root, 'node_modules', 'electron', 'path.txt');
    if (existsSync(binary)) return; // a developer's desktop: the real run is theirs to start
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'test-desktop.js')], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('test:desktop: skipped: no Electron binary (node_modules/electron/dist); `npm start` once on a desktop downloads it\n');
  });
});

describe("a server's V8 flags", () => {
  const node = '/usr/bin/node';
  const bin = '/src/crossbuy/bin/crossbuy.js';

  it('are added to `serve` and `mcp` once, keeping the rest of the command line', () => {
    expect(serverFlagsRelaunch([node, bin, 'serve', '--port', '0'], [])).toEqual([...SERVER_V8_FLAGS, bin, 'serve', '--port', '0']);
    expect(serverFlagsRelaunch([node, bin, 'mcp', '--world', 'w1'], ['--inspect'])).toEqual([...SERVER_V8_FLAGS, '--inspect', bin, 'mcp', '--world', 'w1']);
    expect(serverFlagsRelaunch([node, bin, 'serve'], [...SERVER_V8_FLAGS])).toBeNull();
  });

  it('are left off the short commands (a relaunch would only add to their time)', () => {
    expect(serverFlagsRelaunch([node, bin, 'doctor', '--data', 'serve'], [])).toBeNull();
    expect(serverFlagsRelaunch([node, bin, '--help'], [])).toBeNull();
    expect(serverFlagsRelaunch([node, bin], [])).toBeNull();
  });

  it("are the desktop core host's too", () => {
    expect(CORE_HOST_V8_FLAGS).toEqual(SERVER_V8_FLAGS);
  });

  it('reach a running `crossbuy serve` (Linux: its command line in /proc)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crossbuy-flags-'));
    const child = spawn(process.execPath, [join(root, 'bin', 'crossbuy.js'), 'serve', '--port', '0', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let printed = '';
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          if (/127\.0\.0\.1:\d+/.test(printed)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      });
      if (process.platform !== 'linux') return;
      const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      for (const flag of SERVER_V8_FLAGS) expect(argv).toContain(flag);
      expect(argv).toContain('serve');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the runtime the scripts run on', () => {
  const here = { pinned: '/src/crossbuy/node_modules/node/bin/node', pinnedExists: true, relaunched: false };

  it('runs on Node 22.12 and newer', () => {
    expect(supportedNode('24.21.0')).toBe(true);
    expect(supportedNode('22.12.0')).toBe(true);
    expect(supportedNode('22.11.9')).toBe(false);
    expect(supportedNode('20.20.2')).toBe(false);
    expect(runtimeDecision({ ...here, version: '24.0.0' })).toEqual({ action: 'run' });
  });

  it("runs again on the project's own Node where an older one started it", () => {
    expect(runtimeDecision({ ...here, version: '20.20.2' })).toEqual({ action: 'relaunch', command: here.pinned });
  });

  it('runs again only once: a pinned Node that is itself too old ends in one line, not a relaunch loop', () => {
    const decision = runtimeDecision({ ...here, version: '20.20.2', relaunched: true });
    expect(decision.action).toBe('refuse');
    if (decision.action !== 'refuse') return;
    expect(decision.message).not.toContain('\n');
    expect(decision.message).toContain(`${here.pinned}) is Node 20.20.2`);
    expect(decision.message).toContain('npm install');
  });

  it('says in one line what to do where there is no project Node', () => {
    const decision = runtimeDecision({ ...here, version: '20.20.2', pinnedExists: false });
    expect(decision.action).toBe('refuse');
    if (decision.action !== 'refuse') return;
    expect(decision.message).not.toContain('\n');
    expect(decision.message).toContain('Node 20.20.2');
    expect(decision.message).toContain('npm install');
    expect(decision.message).toContain('Node 24');
  });

  it('ends npm install with a line about the EBADENGINE warnings where npm ran on an older Node', () => {
    expect(npmRuntimeNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', '24.21.0')).toBe(
      "crossbuy: npm ran on Node 20.20.2, so its EBADENGINE warnings above are about that Node; crossbuy's scripts run on its own Node 24.21.0 (node_modules/node)",
    );
    expect(npmRuntimeNote('npm/11.19.1 node/v24.21.0 linux x64 workspaces/false', '24.21.0')).toBeNull();
    expect(npmRuntimeNote(undefined, '24.21.0')).toBeNull();
    expect(npmRuntimeNote('npm/11.19.1 node/v20.20.2 linux x64', '20.20.2')).toMatch(/Node 24 is missing/);
  });

  it('finds the binary the node package installs, per platform', () => {
    expect(pinnedNodePath('/src/crossbuy', 'linux')).toBe('/src/crossbuy/node_modules/node/bin/node');
    expect(pinnedNodePath('C:\\src\\crossbuy', 'win32')).toBe('C:\\src\\crossbuy\\node_modules\\node\\bin\\node.exe');
  });

  it('is pinned as a dependency, with its install script allowed', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; allowScripts: Record<string, boolean> };
    expect(pkg.dependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.allowScripts.node).toBe(true);
    const pinned = pinnedNodePath(root);
    expect(spawnSync(pinned, ['--version'], { encoding: 'utf8' }).stdout).toBe(`v${pkg.dependencies.node}\n`);
  });

  it("denies better-sqlite3's install step: npm would build it with node-gyp, where its binaries come in the package", () => {
    // npm adds `node-gyp rebuild` to any dependency with a binding.gyp unless the package says `gypfile:
    // false`, which npm installing from package-lock.json reads from the lockfile's entry: without a
    // compiler and Node's headers (downloaded from nodejs.org), `npm install` failed on a machine with no
    // npm configuration of its own. The lockfile's entry carries the field (npm 10 reads it there; prepare
    // puts it back when npm rewrites the file), and allowScripts (npm 11.16 and newer) denies the step too.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
    expect(pkg.allowScripts['better-sqlite3']).toBe(false);
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { gypfile?: boolean }> };
    expect(lock.packages['node_modules/better-sqlite3']?.gypfile).toBe(false);
    const sqlite = JSON.parse(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as { scripts?: Record<string, string>; gypfile?: boolean };
    expect([sqlite.scripts?.preinstall, sqlite.scripts?.install, sqlite.scripts?.postinstall]).toEqual([undefined, undefined, undefined]);
    expect(sqlite.gypfile).toBe(false);
    const prebuilt = join(root, 'node_modules', 'better-sqlite3', 'prebuilds', `${process.platform}-${process.arch}.node`);
    expect(existsSync(prebuilt)).toBe(true);
  });

  it('puts `gypfile: false` back into a lockfile npm rewrote, in the layout the file had, and leaves a kept one alone', () => {
    const entry = { version: '13.2.0', integrity: 'sha512-x', license: 'MIT', engines: { node: '>=22' } };
    const lock = { name: 'crossbuy', lockfileVersion: 3, packages: { '': { name: 'crossbuy' }, 'node_modules/better-sqlite3': entry, 'node_modules/zod': { version: '4.0.0' } } };
    const asNpmWrites = (value: unknown, indent: string, eol: string) => `${JSON.stringify(value, null, indent)}\n`.replace(/\n/g, eol);
    const dropped = asNpmWrites(lock, '  ', '\n');
    const kept = withPrebuiltOnly(dropped);
    const keptLock = { ...lock, packages: { ...lock.packages, 'node_modules/better-sqlite3': { ...entry, gypfile: false } } };
    expect(kept).toBe(asNpmWrites(keptLock, '  ', '\n'));
    expect(withPrebuiltOnly(kept!)).toBeNull();
    // A Windows checkout (CRLF) and another indent keep theirs: the only change is the one field.
    expect(withPrebuiltOnly(asNpmWrites(lock, '\t', '\r\n'))).toBe(asNpmWrites(keptLock, '\t', '\r\n'));
    // A tree without better-sqlite3 is not touched.
    expect(withPrebuiltOnly(asNpmWrites({ lockfileVersion: 3, packages: { '': {} } }, '  ', '\n'))).toBeNull();

    const dir = mkdtempSync(join(tmpdir(), 'crossbuy-lockfile-'));
    try {
      const file = join(dir, 'package-lock.json');
      writeFileSync(file, dropped);
      expect(keepPrebuiltOnly(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(kept);
      expect(keepPrebuiltOnly(file)).toBe(false);
      expect(keepPrebuiltOnly(join(dir, 'none.json'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the CLI from an older Node to the pinned one (where this machine has an older Node)', () => {
    // Both checks run wherever the test runs: the bin must load on any Node (no import an old Node lacks
    // at link time), and an old Node found on the machine must end up on the pinned one.
    const olderNodes = ['/usr/bin/node', '/usr/local/bin/node'].filter((path) => {
      const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
      return version !== undefined && version !== '' && !supportedNode(version);
    });
    const bin = readFileSync(join(root, 'bin', 'crossbuy.js'), 'utf8');
    expect(bin).not.toMatch(/import\s*\{[^}]*enableCompileCache/);
    for (const old of olderNodes) {
      const run = spawnSync(old, [join(root, 'bin', 'crossbuy.js'), 'data-dir', '--data', '/tmp/x'], { encoding: 'utf8' });
      expect(run.stderr, old).toBe('');
      expect(run.stdout, old).toBe('/tmp/x\n');
    }
  });

  it('says in one line, for each first command, that `npm install` has not run (not a stack trace)', () => {
    expect(installProblem(root)).toBeNull();
    // A clone before `npm install`: the scripts, no node_modules.
    const clone = mkdtempSync(join(tmpdir(), 'crossbuy-not-installed-'));
    try {
      mkdirSync(join(clone, 'bin'));
      cpSync(join(root, 'scripts'), join(clone, 'scripts'), { recursive: true });
      copyFileSync(join(root, 'bin', 'crossbuy.js'), join(clone, 'bin', 'crossbuy.js'));
      copyFileSync(join(root, 'package.json'), join(clone, 'package.json'));
      const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' };
      // `npm start`, `npx crossbuy ...`, `npm run serve` (its first step)
      for (const script of [['scripts', 'start.js'], ['bin', 'crossbuy.js'], ['scripts', 'ensure-ui.js']]) {
        const run = spawnSync(process.execPath, [join(clone, ...script), 'data-dir'], { encoding: 'utf8', env, timeout: 30_000 });
        expect(run.status, script.join('/')).toBe(1);
        expect(run.stderr, script.join('/')).toBe(`crossbuy: the dependencies are not installed in ${clone} (node_modules): run \`npm install\` there first\n`);
      }
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('stops in one line where the pinned Node is itself an older one (it used to relaunch itself without end)', () => {
    // A checkout whose node_modules/node/bin/node is a link to an older Node: the execPath the child
    // reports is the link's target, never the pinned path, so only the relaunch mark can stop it.
    const old = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
      const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
      return version !== undefined && version !== '' && !supportedNode(version);
    });
    if (old === undefined) return; // no older Node on this machine: the decision test above covers it
    const fake = mkdtempSync(join(tmpdir(), 'crossbuy-old-pinned-'));
    try {
      for (const dir of ['bin', 'scripts/launcher', 'node_modules/node/bin']) mkdirSync(join(fake, dir), { recursive: true });
      copyFileSync(join(root, 'bin', 'crossbuy.js'), join(fake, 'bin', 'crossbuy.js'));
      copyFileSync(join(root, 'scripts', 'launcher', 'runtime.js'), join(fake, 'scripts', 'launcher', 'runtime.js'));
      writeFileSync(join(fake, 'package.json'), '{"type":"module"}');
      symlinkSync(old, pinnedNodePath(fake));
      const run = spawnSync(old, [join(fake, 'bin', 'crossbuy.js'), 'data-dir'], { encoding: 'utf8', timeout: 15_000, killSignal: 'SIGKILL' });
      expect(run.error, 'relaunched itself until the timeout').toBeUndefined();
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^crossbuy: the project's Node \(.+\) is Node \d+\.\d+\.\d+, not the Node 24 package\.json pins: run `npm install` again/);
      expect(run.stderr.trim()).not.toContain('\n');
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });
});
