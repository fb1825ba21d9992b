import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The CLI as a shell runs it: bin/crossbuy.js (the built bundle) on this Node. */
export const CLI = resolve(import.meta.dirname, '../../bin/crossbuy.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A `crossbuy` run to its end; a non-zero exit is a result here, not a throw (doctor's exit 1, a refusal). */
export function runCli(args: string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: options.timeoutMs ?? 60_000, env: options.env }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

export interface ServedCli {
  child: ChildProcess;
  /** The URL the server printed (with its UI token); `url.origin` is where the API answers. */
  url: URL;
  /** Everything the process wrote, both streams, so far. */
  output(): string;
  /** SIGTERM, then its exit code once it has exited. */
  stop(): Promise<number | null>;
}

export interface CliServers {
  /** `crossbuy serve --port 0 ...args`; resolves once it prints where it serves, rejects if it exits first. */
  serve(args: string[], timeoutMs?: number): Promise<ServedCli>;
  /** Kills whatever is still running (for afterAll). */
  killAll(): void;
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** The `crossbuy serve` processes of one test file. */
export function cliServers(): CliServers {
  const children: ChildProcess[] = [];
  return {
    serve(args, timeoutMs = 30_000) {
      const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      let out = '';
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), timeoutMs);
        child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /serving at (http:\/\/\S+)/.exec(out);
          if (!match) return;
          clearTimeout(timer);
          done({
            child,
            url: new URL(match[1]!),
            output: () => out,
            stop() {
              if (running(child)) child.kill('SIGTERM');
              return exit;
            },
          });
        });
        void exit.then((code) => {
          clearTimeout(timer);
          fail(new Error(`server exited with ${code}: ${out}`));
        });
      });
    },
    killAll() {
      for (const child of children) if (running(child)) child.kill('SIGKILL');
    },
  };
}
