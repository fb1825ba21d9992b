import type { FinishedRequest } from './log-store.js';
import { type ClippedBody, clipBody } from './redact.js';

/**
 * How finished requests cross from the server thread to the log's thread: one flat array of plain values
 * per batch, ENTRY_WIDTH values an entry. Copying between threads pays per object and per property name,
 * so a flat run of primitives costs the server thread a fraction of an array of entry objects; and a
 * response body equal to an earlier one of the same URL in the batch (a script polling a route) is sent
 * once, later entries naming that entry's index. The batch stands alone: nothing is remembered between
 * batches on either side, so they can never disagree.
 */
const ENTRY_WIDTH = 14;

export type WireBatch = unknown[];

export class BatchEncoder {
  private values: unknown[] = [];
  private count = 0;
  /** Per URL, the last response head this batch carries in full, and its entry's index. */
  private lastResponse = new Map<string, { head: string; index: number }>();

  get size(): number {
    return this.count;
  }

  add(
    requestId: string,
    atMs: number,
    key: { id: number; name: string } | null,
    method: string,
    url: string,
    status: number,
    durationMs: number,
    requestBody: string | Buffer | undefined,
    responseBody: string | Buffer | undefined,
  ): void {
    const request = clipBody(requestBody);
    const response = clipBody(responseBody);
    let sentResponse: string | number | null = response?.head ?? null;
    if (response !== null) {
      const last = this.lastResponse.get(url);
      if (last !== undefined && response.whole && last.head === response.head) sentResponse = last.index;
      else if (response.whole) this.lastResponse.set(url, { head: response.head, index: this.count });
    }
    this.values.push(
      requestId, atMs, key?.id ?? null, key?.name ?? null, method, url, status, durationMs,
      request?.head ?? null, request?.bytes ?? null, request?.whole ?? true,
      sentResponse, response?.bytes ?? null, response?.whole ?? true,
    );
    this.count++;
  }

  /** The batch so far, to post; the encoder starts a new one. */
  take(): WireBatch {
    const batch = this.values;
    this.values = [];
    this.count = 0;
    this.lastResponse = new Map();
    return batch;
  }
}

function bodyOf(head: unknown, bytes: unknown, whole: unknown): ClippedBody | null {
  return typeof head === 'string' ? { head, bytes: bytes as number | null, whole: whole as boolean } : null;
}

/** The log's thread's side: the batch's entries, the path and query split apart. */
export function decodeBatch(batch: WireBatch): FinishedRequest[] {
  const entries: FinishedRequest[] = [];
  for (let i = 0; i + ENTRY_WIDTH <= batch.length; i += ENTRY_WIDTH) {
    const url = batch[i + 5] as string;
    const q = url.indexOf('?');
    const keyId = batch[i + 2] as number | null;
    const sentResponse = batch[i + 11];
    entries.push({
      requestId: batch[i] as string,
      atMs: batch[i + 1] as number,
      key: keyId === null ? null : { id: keyId, name: batch[i + 3] as string },
      method: batch[i + 4] as string,
      path: q === -1 ? url : url.slice(0, q),
      query: q === -1 ? '' : url.slice(q + 1),
      status: batch[i + 6] as number,
      durationMs: batch[i + 7] as number,
      requestBody: bodyOf(batch[i + 8], batch[i + 9], batch[i + 10]),
      responseBody:
        typeof sentResponse === 'number' ? entries[sentResponse]!.responseBody : bodyOf(sentResponse, batch[i + 12], batch[i + 13]),
    });
  }
  return entries;
}
