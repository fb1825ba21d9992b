import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface StandInRecord {
  standIn: string;
  [field: string]: unknown;
}

/**
 * Runs a built main process (out/main/index.js) under plain Node with the stand-in `electron` module,
 * collects what it did and drives it (IPC invocations from a page URL, dialog answers, quit).
 */
export class StandInApp {
  readonly records: StandInRecord[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private nextId = 1;
  private readonly replies = new Map<number, (reply: { ok: boolean; value?: unknown; error?: string }) => void>();
  private readonly waiters = new Set<() => void>();
  stderr = '';

  constructor(mainFile: string, env: NodeJS.ProcessEnv) {
    this.child = fork(mainFile, [], {
      execArgv: ['--import', join(import.meta.dirname, 'register.mjs')],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdout!.resume();
    this.child.on('message', (message: StandInRecord & { standInReply?: number }) => {
      if (typeof message.standInReply === 'number') {
        this.replies.get(message.standInReply)?.(message as never);
        this.replies.delete(message.standInReply);
        return;
      }
      this.records.push(message);
      for (const wake of this.waiters) wake();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  all(kind: string): StandInRecord[] {
    return this.records.filter((r) => r.standIn === kind);
  }

  /** The first record of a kind that matches, waiting for it (up to `ms`). */
  async waitFor(kind: string, match: (r: StandInRecord) => boolean = () => true, ms = 30_000): Promise<StandInRecord> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.records.find((r) => r.standIn === kind && match(r));
      if (found) return found;
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`no ${kind} record; stderr: ${this.stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  command(command: string, fields: object = {}): Promise<{ ok: boolean; value?: unknown; error?: string }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.replies.set(id, resolve);
      this.child.send({ standInCommand: command, id, ...fields });
    });
  }

  /** ipcRenderer.invoke as the page at `frameUrl` would make it. */
  async invoke(channel: string, frameUrl: string, ...args: unknown[]): Promise<{ ok: boolean; value?: unknown; error?: string }> {
    return this.command('invoke', { channel, frameUrl, args });
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
