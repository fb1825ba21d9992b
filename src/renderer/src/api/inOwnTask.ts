const waiting: (() => void)[] = [];
let channel: MessageChannel | null = null;

/** A task of its own: a message posted to this page, which the browser delivers as one task per message. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `call` in a task of its own, one call per task, in the order they were queued. For reads that start
 * together as a page mounts (the header's, the orders page's eleven tab counts): each one's request
 * building and fetch otherwise run in the one task that mounts the page, which blocked input for ~75 ms at
 * 4x CPU on the orders page. A message rather than a timer: nested timers are held to 4 ms each. Waits on
 * no answer: the requests still run side by side.
 */
export function inOwnTask<T>(call: () => Promise<T>): Promise<T> {
  return nextTask().then(call);
}
