export function parseStartArgs(argv: string[]): { data?: string; port?: string; rest: string[] };
export function electronEnv(env: NodeJS.ProcessEnv, options: { data?: string; port?: string }, resolvePath?: (path: string) => string): NodeJS.ProcessEnv;
export function serveArgs(options: { data?: string; port?: string; rest: string[] }): string[];
