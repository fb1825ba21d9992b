import type { Command } from 'commander';
import { createApiKey, listApiKeys, revokeApiKey } from '../core/auth/api-keys.js';
import { parseScopes } from '../core/auth/scopes.js';
import { parseDuration } from '../core/shared/clock.js';
import { ApiError } from '../core/shared/errors.js';
import { withCore } from './with-core.js';

interface CreateOptions {
  name: string;
  scopes: string;
  rateLimit?: string;
  allowIp?: string;
  expiresIn?: string;
  data?: string;
  json?: boolean;
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys (works beside a running server)');

  keys
    .command('create')
    .description('create a key; prints the key alone on stdout (it is shown only once)')
    .requiredOption('--name <name>', 'a name to recognise the key by')
    .requiredOption('--scopes <scopes>', '"all" or a comma-separated list, e.g. cart:read,orders:write')
    .option('--rate-limit <n>', 'requests per minute', '60')
    .option('--allow-ip <list>', 'comma-separated IP addresses or CIDR ranges')
    .option('--expires-in <duration>', 'e.g. 30d, 12h')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print a JSON object instead of the bare key')
    .action((options: CreateOptions) => {
      const scopes = parseScopes(options.scopes);
      const rateLimit = Number(options.rateLimit ?? '60');
      let expiresAt: string | null = null;
      if (options.expiresIn) {
        const ms = parseDuration(options.expiresIn);
        if (ms === null || ms <= 0) throw new Error(`invalid --expires-in "${options.expiresIn}": use e.g. 30d, 12h, 90m`);
        expiresAt = new Date(Date.now() + ms).toISOString();
      }
      const allowedIps = options.allowIp ? options.allowIp.split(',').map((s) => s.trim()).filter(Boolean) : [];
      withCore(options.data, (core) => {
        const { key, info } = createApiKey(core.ctx, { name: options.name, scopes, rateLimit, allowedIps, expiresAt });
        process.stdout.write(options.json ? `${JSON.stringify({ key, ...info })}\n` : `${key}\n`);
      });
    });

  keys
    .command('list')
    .description('list keys (never their secret)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print JSON')
    .action((options: { data?: string; json?: boolean }) => {
      withCore(options.data, (core) => {
        const list = listApiKeys(core.ctx);
        if (options.json) {
          process.stdout.write(`${JSON.stringify(list)}\n`);
          return;
        }
        if (list.length === 0) process.stdout.write(`no API keys in ${core.ctx.dataDir}\n`);
        for (const k of list) {
          const state = k.revokedAt ? 'revoked' : k.expiresAt && Date.parse(k.expiresAt) <= Date.now() ? 'expired' : 'active';
          process.stdout.write(
            `${k.id}\t${k.preview}\t${state}\t${k.name}\t${k.rateLimit}/min\t${k.scopes.length === 16 ? 'all' : k.scopes.join(',')}\n`,
          );
        }
      }, { existing: true });
    });

  keys
    .command('revoke <id>')
    .description('revoke a key by its id')
    .option('--data <dir>', 'data directory')
    .action((id: string, options: { data?: string }) => {
      if (!/^[1-9][0-9]{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) throw new Error(`invalid key id "${id}": a positive integer, the id \`crossbuy keys list\` shows`);
      withCore(
        options.data,
        (core) => {
          const info = revokeApiKey(core.ctx, Number(id));
          process.stdout.write(`revoked key ${info.id} (${info.preview})\n`);
        },
        { existing: true },
      );
    });
}

/** What the file system's errno means, for the ones a person can act on; null for the rest. */
function errnoSentence(error: NodeJS.ErrnoException): string | null {
  const path = error.path;
  if (!path) return null;
  switch (error.code) {
    case 'EROFS':
      return `${path} is on a read-only file system (${error.syscall ?? 'write'} refused)`;
    case 'EISDIR':
      return `${path} is a folder, where a file was expected`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied on ${path} (${error.syscall ?? 'access'})`;
    case 'ENOSPC':
      return `no space left on the device holding ${path}`;
    default:
      return null;
  }
}

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string') {
    return errnoSentence(error as NodeJS.ErrnoException) ?? error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
