/**
 * Whether the headless UI's requests reach the server at all (any answer, even an error, means it is
 * there; a fetch that throws means it is not). The transport and the live-update stream report; the
 * app's service banner listens. It costs one function call per request and sends nothing of its own.
 * 'in-doubt' is the event stream dropping: the server may be gone, or only the stream closed.
 * 'unauthorized' is an answer of 401: the page's calls carry only its session cookie, so the server no
 * longer accepts that session (it was started with a new token).
 */
export type Reachability = 'reached' | 'unauthorized' | 'unreachable' | 'in-doubt';

type Listener = (reachability: Reachability) => void;

const listeners = new Set<Listener>();

export function onReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportReachability(reachability: Reachability): void {
  for (const listener of listeners) listener(reachability);
}

/** A fetch that reports whether it reached the server, for the headless transport. */
export function reportingFetch(send: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await send(input, init);
    } catch (error) {
      // An aborted request (the page cancelling it) says nothing about the server.
      if (!(error instanceof DOMException && error.name === 'AbortError')) reportReachability('unreachable');
      throw error;
    }
    reportReachability(response.status === 401 ? 'unauthorized' : 'reached');
    return response;
  };
}
