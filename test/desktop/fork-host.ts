import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FromHost, ToHost } from '../../src/main/core-host/protocol.js';
import type { HostProcess } from '../../src/main/desktop/core-client.js';

const entry = join(import.meta.dirname, '..', '..', 'src', 'main', 'core-host', 'index.ts');

/**
 * The core host as the tests run it: the same entry Electron starts as a utility process, under
 * child_process.fork (its TypeScript through tsx), talking over the fork's IPC channel instead of a
 * MessagePort. `children` lists every process started, so a test can kill one.
 */
export function forkHostFactory(): { spawn: () => HostProcess; children: ChildProcess[] } {
  const children: ChildProcess[] = [];
  const spawn = (): HostProcess => {
    const child = fork(entry, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(child);
    return {
      post: (message: ToHost) => {
        if (child.connected) child.send(message);
      },
      onMessage: (listener) => void child.on('message', (message) => listener(message as FromHost)),
      onExit: (listener) => void child.on('exit', (code) => listener(code)),
      kill: () => void child.kill('SIGKILL'),
    };
  };
  return { spawn, children };
}
