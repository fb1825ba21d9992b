import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../api/client';

/**
 * One user intent behind a money or create button (issue 17 item 1).
 *
 * - `key` is the Idempotency-Key of this intent: the same across retries of the same request (a failed
 *   network call retried, a second click), new once the request changes or the intent succeeded.
 * - `run` locks synchronously from the first click: a second click in the same instant (before React
 *   re-renders with `isPending`) is ignored instead of sending a second request.
 */
export function useIntent(request: unknown) {
  const signature = JSON.stringify(request ?? null);
  const intent = useRef({ signature, key: newIdempotencyKey() });
  if (intent.current.signature !== signature) intent.current = { signature, key: newIdempotencyKey() };
  const lock = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback((send: (key: string, done: (succeeded: boolean) => void) => void) => {
    if (lock.current) return;
    lock.current = true;
    setBusy(true);
    send(intent.current.key, (succeeded) => {
      lock.current = false;
      setBusy(false);
      // A done intent never replays: the next identical request is a new order, a new line.
      if (succeeded) intent.current = { signature: intent.current.signature, key: newIdempotencyKey() };
    });
  }, []);

  return { key: intent.current.key, run, busy };
}
