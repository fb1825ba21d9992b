/**
 * How an AI assistant connects to this server (docs/API.md, "AI assistants (MCP)"), as text to copy: the
 * stdio command, the HTTP endpoint, and the configuration files of common clients. Pure functions.
 */
export type McpClient = 'claude' | 'cursor' | 'vscode';
export const MCP_CLIENTS: readonly McpClient[] = ['claude', 'cursor', 'vscode'];

/** The scopes the "Connect an assistant" form starts with: enough to shop and track, not to change the profile. */
export const ASSISTANT_SCOPES = ['products:read', 'cart:read', 'cart:write', 'orders:read', 'orders:write', 'wallet:read', 'warehouse:read', 'shipping:read', 'coupons:read', 'logistics:read'];

/** A placeholder shown until a key is made; never a working key. */
export const KEY_PLACEHOLDER = 'sk-...';

export function mcpHttpUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/mcp`;
}

/** A shell word: quoted when it holds anything a shell would read (a data folder with spaces). */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:@=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * npx's arguments. `--no`: npx runs the checkout's own bin/crossbuy.js and never installs a package of that
 * name from the npm registry (a client such as Claude Desktop starts it outside the checkout, where a bare
 * `npx crossbuy` would fetch and run whatever the registry has under the name, with the key in its environment).
 */
export function npxArgs(dataDir: string, world = 'default'): string[] {
  // A key of another world is refused by `--data` alone only as a mismatch: `--world` says which it is.
  return ['--no', 'crossbuy', 'mcp', '--data', dataDir, ...(world === 'default' ? [] : ['--world', world])];
}

/** The stdio command, with the key in the environment (never a flag: it would show in the process list). */
export function stdioCommand(dataDir: string, key: string, world = 'default'): string {
  return `CROSSBUY_API_KEY=${shellWord(key)} npx ${npxArgs(dataDir, world).map(shellWord).join(' ')}`;
}

/** A client's configuration file content, with the key filled in. */
export function clientConfig(client: McpClient, options: { origin: string; dataDir: string; key: string; world?: string }): string {
  const env = { CROSSBUY_API_KEY: options.key };
  const headers = { Authorization: `Bearer ${options.key}` };
  switch (client) {
    case 'claude':
      // Claude Desktop starts local servers over stdio.
      return JSON.stringify({ mcpServers: { crossbuy: { command: 'npx', args: npxArgs(options.dataDir, options.world), env } } }, null, 2);
    case 'cursor':
      return JSON.stringify({ mcpServers: { crossbuy: { url: mcpHttpUrl(options.origin), headers } } }, null, 2);
    case 'vscode':
      return JSON.stringify({ servers: { crossbuy: { type: 'http', url: mcpHttpUrl(options.origin), headers } } }, null, 2);
  }
}

/** Where each client reads that file. */
export const CONFIG_FILE: Record<McpClient, string> = {
  claude: 'claude_desktop_config.json',
  cursor: '.cursor/mcp.json',
  vscode: '.vscode/mcp.json',
};
