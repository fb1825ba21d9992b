import { MessageChannelMain, utilityProcess } from 'electron';
import type { FromHost, ToHost } from '../core-host/protocol.js';
import type { HostProcess } from './core-client.js';
import { CORE_HOST_V8_FLAGS } from './core-host-flags.js';

/**
 * The core host as an Electron utility process (a Node process of its own, so SQLite's fsyncs and the
 * API never run on the thread that drives windows, menus and IPC). Main talks to it over a
 * MessageChannelMain whose other end travels with the first message.
 */
export function spawnCoreHost(entry: string): HostProcess {
  const child = utilityProcess.fork(entry, [], { serviceName: 'crossbuy core', stdio: 'inherit', execArgv: [...CORE_HOST_V8_FLAGS] });
  const { port1, port2 } = new MessageChannelMain();
  const listeners: ((message: FromHost) => void)[] = [];
  const queued: ToHost[] = [];
  let spawned = false;
  let connected = false;
  const send = (message: ToHost) => {
    if (!connected) {
      connected = true;
      child.postMessage(message, [port2]);
    } else port1.postMessage(message);
  };
  child.once('spawn', () => {
    spawned = true;
    for (const message of queued.splice(0)) send(message);
  });
  port1.on('message', (event) => {
    for (const listener of listeners) listener(event.data as FromHost);
  });
  port1.start();
  return {
    post(message) {
      if (spawned) send(message);
      else queued.push(message);
    },
    onMessage: (listener) => void listeners.push(listener),
    onExit: (listener) =>
      void child.on('exit', (code) => {
        port1.close();
        listener(code);
      }),
    kill: () => void child.kill(),
  };
}
