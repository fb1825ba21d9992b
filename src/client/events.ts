import type { EventPayloads, EventType } from '../contract/events.js';
import { apiBase, CrossbuyError, OPEN_PREFIX } from './base.js';

/** One event of the stream, typed by its `type` (the contract's event catalog). */
/** `world`: the world the event happened in (`default` for the data folder's own; API v1.2). */
export type StreamedEvent = { [K in EventType]: { id: number; type: K; createdAt: string; data: EventPayloads[K]; world: string } }[EventType];

export interface EventStreamOptions {
  baseUrl: string;
  apiKey: string;
  /** Replay what came after this event id first (the stream's Last-Event-ID). */
  lastEventId?: number;
  fetch?: typeof fetch;
}

export interface EventStream extends AsyncIterable<StreamedEvent> {
  close(): void;
}

/**
 * The open API's Server-Sent Events (/events), connected before this resolves, so nothing that happens
 * after the await is missed. Iterate it with `for await`; `close()` ends it.
 */
export async function openEventStream(options: EventStreamOptions): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${options.apiKey}` };
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
  const response = await (options.fetch ?? fetch)(`${apiBase(options.baseUrl, OPEN_PREFIX)}/events`, { headers, signal: controller.signal });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
    throw new CrossbuyError(response.status, body.message ?? `The event stream answered ${response.status}`, body.error ?? '');
  }
  const body = response.body;
  async function* frames(): AsyncGenerator<StreamedEvent> {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data) yield JSON.parse(data) as StreamedEvent;
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  }
  const iterator = frames();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: () => controller.abort(),
  };
}
