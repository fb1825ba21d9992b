// `npm start -- --data <dir> --port <n>`: the same two options `crossbuy serve` takes. The desktop app gets
// them as CROSSBUY_DATA / CROSSBUY_PORT in its environment (Chromium would read unknown switches as its
// own); the headless fallback gets the arguments as they were typed.

/**
 * @param {string[]} argv the arguments after `npm start --`
 * @returns {{ data?: string, port?: string, rest: string[] }}
 */
export function parseStartArgs(argv) {
  /** @type {{ data?: string, port?: string, rest: string[] }} */
  const out = { rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    // `npm start -- --data X -- --port N` (a second `--`, as an older README wrote it) means the same.
    if (arg === '--') continue;
    const match = /^--(data|port)(?:=(.*))?$/.exec(arg);
    if (!match) {
      out.rest.push(arg);
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`--${match[1]} needs a value`);
    out[/** @type {'data' | 'port'} */ (match[1])] = value;
  }
  return out;
}

/**
 * The arguments of the headless fallback's `crossbuy serve`: the parsed options, so the same command line
 * means the same to both paths.
 * @param {{ data?: string, port?: string, rest: string[] }} options
 * @returns {string[]}
 */
export function serveArgs(options) {
  return [
    'serve',
    ...(options.data !== undefined ? ['--data', options.data] : []),
    ...(options.port !== undefined ? ['--port', options.port] : []),
    ...options.rest,
  ];
}

/**
 * The environment Electron starts with: the parent's, minus ELECTRON_RUN_AS_NODE (inherited from an
 * editor's terminal, such as VS Code's, it makes Electron run as plain Node and never open a window),
 * plus the start options.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ data?: string, port?: string }} options
 * @param {(path: string) => string} [resolvePath] makes a relative --data absolute (the app may change its cwd)
 */
export function electronEnv(env, options, resolvePath = (p) => p) {
  const out = { ...env };
  delete out.ELECTRON_RUN_AS_NODE;
  if (options.data !== undefined) out.CROSSBUY_DATA = resolvePath(options.data);
  if (options.port !== undefined) out.CROSSBUY_PORT = options.port;
  return out;
}
