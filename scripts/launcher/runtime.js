// Which Node runs crossbuy. The project pins its own runtime through the npm registry: the `node` package
// (a dependency) installs a Node 24 binary into node_modules/node/bin, and npm puts it first on PATH for
// every npm script (`npm start`, `npm test`, `npx crossbuy`), whatever Node started npm. A script started
// by hand on an older Node (`node bin/crossbuy.js`, a global `npm link`) runs itself again on that binary,
// or, where there is none, stops in one line that says what to install. The relaunched process carries
// RELAUNCH_MARK, so a pinned binary that is itself too old (a broken install) ends in that line too,
// rather than relaunching itself over and over.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix, win32 } from 'node:path';

/** Set in the environment of the process run again on the pinned Node. */
export const RELAUNCH_MARK = 'CROSSBUY_NODE_RELAUNCHED';

/**
 * V8 flags for the commands that run a server for hours (`serve`, `mcp`). Node sizes the young generation
 * for a short batch job on a big machine: it grows to 128 MB under allocation pressure, so a server at
 * ~350 requests a second held 276-287 MB (docs/PERFORMANCE.md, "Memory"). V8 reads this cap once, when
 * the heap is made: it must be on the command line (setFlagsFromString later changes nothing). The old
 * generation's rule is set once the server is up (headless/steady-heap.ts): V8 reads that one at every
 * collection, and set here it would slow the start with collections of a heap still being loaded.
 */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=16'];
const SERVER_COMMANDS = new Set(['serve', 'mcp']);

/**
 * The arguments to run this process again with, so a server command gets SERVER_V8_FLAGS; null when it
 * is not a server command or already has them.
 * @param {readonly string[]} argv process.argv
 * @param {readonly string[]} execArgv process.execArgv
 * @returns {string[] | null} the new process's arguments after the binary
 */
export function serverFlagsRelaunch(argv, execArgv) {
  const command = argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (command === undefined || !SERVER_COMMANDS.has(command)) return null;
  if (SERVER_V8_FLAGS.every((flag) => execArgv.includes(flag))) return null;
  return [...SERVER_V8_FLAGS, ...execArgv, ...argv.slice(1)];
}

/**
 * Gives a server command its V8 flags: the process replaces itself (execve: same pid, same stdio, ~30 ms)
 * before anything is loaded. Where execve does not exist (Windows) or fails, the server runs with V8's
 * defaults.
 */
export function ensureServerFlags() {
  const args = serverFlagsRelaunch(process.argv, process.execArgv);
  if (args === null || typeof process.execve !== 'function') return;
  try {
    process.execve(process.execPath, [process.execPath, ...args], process.env);
  } catch {
    // The binary could not be run again (a sandbox refusing exec): serve with V8's defaults rather than not at all.
  }
}

/** The oldest Node the dependencies accept (better-sqlite3 13, vite 8, electron's tooling): 22.12. */
export const MIN_NODE = { major: 22, minor: 12 };

/**
 * @param {string} version process.versions.node, e.g. '20.20.2'
 * @returns {boolean}
 */
export function supportedNode(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor);
}

/**
 * The project's own Node binary (from the `node` dependency), where `npm install` put it.
 * @param {string} root the checkout
 * @param {NodeJS.Platform} [platform]
 */
export function pinnedNodePath(root, platform = process.platform) {
  return platform === 'win32' ? win32.join(root, 'node_modules', 'node', 'bin', 'node.exe') : posix.join(root, 'node_modules', 'node', 'bin', 'node');
}

/**
 * What to do on this Node: run here, run again on the pinned binary, or refuse in one line.
 * @param {{ version: string, pinned: string, pinnedExists: boolean, relaunched: boolean }} here `relaunched`:
 *   this process is already the pinned binary's (RELAUNCH_MARK is set)
 * @returns {{ action: 'run' } | { action: 'relaunch', command: string } | { action: 'refuse', message: string }}
 */
export function runtimeDecision(here) {
  if (supportedNode(here.version)) return { action: 'run' };
  if (here.relaunched) {
    return {
      action: 'refuse',
      message:
        `crossbuy: the project's Node (${here.pinned}) is Node ${here.version}, not the Node 24 package.json pins: ` +
        'run `npm install` again in the crossbuy folder, or install Node 24 from https://nodejs.org',
    };
  }
  if (here.pinnedExists) return { action: 'relaunch', command: here.pinned };
  return {
    action: 'refuse',
    message:
      `crossbuy needs Node.js ${MIN_NODE.major}.${MIN_NODE.minor} or newer (24 LTS recommended) and this is Node ${here.version}: ` +
      'run `npm install` in the crossbuy folder (it installs Node 24 for the project, node_modules/node) and start it through npm, or install Node 24 from https://nodejs.org',
  };
}

/**
 * The one line for a checkout whose dependencies are not installed (a clone where `npm install` has not run
 * yet, or failed before the end), or null when they are. Checked before anything imports a dependency, which
 * would otherwise end in a stack trace about a module not found.
 * @param {string} root the checkout
 * @returns {string | null}
 */
export function installProblem(root) {
  // tsx, a dependency the CLI's build and its fallback both load, stands for them all; resolved as Node
  // would (node_modules here or in a folder above), so a hoisted install counts too.
  try {
    createRequire(join(root, 'package.json')).resolve('tsx/package.json');
    return null;
  } catch {
    return `crossbuy: the dependencies are not installed in ${root} (node_modules): run \`npm install\` there first`;
  }
}

/**
 * Stops in one line where the checkout's dependencies are not installed (see installProblem).
 * @param {string} root the checkout
 */
export function ensureInstalled(root) {
  const problem = installProblem(root);
  if (problem === null) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

/**
 * Applies the decision for the script being run (`process.argv[1]`): returns when this Node will do;
 * otherwise never settles, as the process ends with the relaunched child (or at once, refused).
 * @param {string} root the checkout
 * @returns {Promise<void>}
 */
export function ensureSupportedNode(root) {
  const pinned = pinnedNodePath(root);
  const decision = runtimeDecision({ version: process.versions.node, pinned, pinnedExists: existsSync(pinned), relaunched: process.env[RELAUNCH_MARK] === '1' });
  if (decision.action === 'run') return Promise.resolve();
  if (decision.action === 'refuse') {
    process.stderr.write(`${decision.message}\n`);
    process.exit(1);
  }
  const args = serverFlagsRelaunch(process.argv, []) ?? process.argv.slice(1);
  const child = spawn(decision.command, args, { stdio: 'inherit', env: { ...process.env, [RELAUNCH_MARK]: '1' } });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`crossbuy: could not run ${decision.command}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}

/**
 * The line `npm install` ends with when npm itself ran on an older Node: its EBADENGINE warnings are about
 * that Node, not the one the scripts run on. Null when there is nothing to say.
 * @param {string | undefined} userAgent npm_config_user_agent, e.g. 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false'
 * @param {string} scriptsNode the version running the scripts (process.versions.node)
 * @returns {string | null}
 */
export function npmRuntimeNote(userAgent, scriptsNode) {
  const npmNode = /\bnode\/v(\d+\.\d+\.\d+)/.exec(userAgent ?? '')?.[1];
  if (!supportedNode(scriptsNode)) {
    return `crossbuy: the project's Node 24 is missing (node_modules/node/bin/node), so the scripts would run on Node ${scriptsNode}: run \`npm install\` again with the network, or install Node 24 from https://nodejs.org`;
  }
  if (npmNode === undefined || supportedNode(npmNode)) return null;
  return `crossbuy: npm ran on Node ${npmNode}, so its EBADENGINE warnings above are about that Node; crossbuy's scripts run on its own Node ${scriptsNode} (node_modules/node)`;
}
