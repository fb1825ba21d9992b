import { runHost, type HostChannel } from './host.js';
import type { FromHost, ToHost } from './protocol.js';

/**
 * The core host's entry: plain Node. In Electron it runs as a utilityProcess and talks over the
 * MessagePort main sends with its first message; under child_process.fork (the tests) over the fork's
 * IPC channel. Either way the same runHost answers.
 */
interface PortLike {
  on(event: 'message', listener: (event: { data: ToHost }) => void): void;
  postMessage(message: FromHost): void;
  start(): void;
}
interface ParentPortLike {
  once(event: 'message', listener: (event: { data: ToHost; ports: PortLike[] }) => void): void;
}

function electronChannel(parentPort: ParentPortLike): HostChannel {
  let port: PortLike | null = null;
  const early: FromHost[] = [];
  let listener: ((message: ToHost) => void) | null = null;
  parentPort.once('message', (event) => {
    port = event.ports[0] ?? null;
    if (!port) throw new Error('core host: the first message must carry a MessagePort');
    port.on('message', (e) => listener?.(e.data));
    port.start();
    for (const message of early.splice(0)) port.postMessage(message);
    listener?.(event.data);
  });
  return {
    send: (message) => (port ? port.postMessage(message) : early.push(message)),
    onMessage: (l) => (listener = l),
  };
}

function forkChannel(): HostChannel {
  return {
    send: (message) => {
      if (process.connected) process.send!(message);
    },
    onMessage: (listener) => process.on('message', (message) => listener(message as ToHost)),
  };
}

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
if (parentPort) runHost(electronChannel(parentPort));
else if (process.send) {
  runHost(forkChannel());
  // The desktop went away without a stop (killed): stop too, cleanly.
  process.on('disconnect', () => process.emit('message' as never, { type: 'stop' } as never));
} else {
  process.stderr.write('core host: run it as an Electron utility process or with child_process.fork\n');
  process.exit(2);
}
