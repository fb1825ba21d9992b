import type { RequestDetail, RequestSummary } from '../../../contract/admin/requests.js';
import { WHOLE_TEXT_CHARS, clipBody, keepBody, maskSecrets } from './redact.js';

/**
 * How finished requests cross from the server thread to the log's thread, and how the log keeps them:
 * as batches, one flat array of plain values each. Copying between threads pays per object and per
 * property name, so a flat run of primitives costs the server thread a fraction of an array of entry
 * objects; a response body equal to an earlier one of the same URL in the batch (a script polling a
 * route) is carried once, later entries naming that entry's index. The log's thread masks and cuts the
 * batch and stores it as it is, one row per batch: writing a row per request (and its indexes, and
 * deleting as many) was most of what logging cost a read. A batch stands alone: nothing is remembered
 * between batches on either side. Pure functions and a pure class; no I/O.
 */
const WIRE_WIDTH = 16;
/** requestId, atMs, keyId, keyName, method, path, query, status, durationUs, requestBody, responseBody, mcpTool, byApp (1 or null). */
export const STORED_WIDTH = 13;

/** Who made a logged request (the contract's `caller`): its key, the app's own UI, or nobody authenticated. */
type LoggedCaller = RequestSummary['caller'];

export type WireBatch = unknown[];

/** A body as stored: [text, whole size in bytes, 1 when cut], the index of an earlier entry of the batch whose response it equals, or null. */
type StoredBody = [string | null, number, 0 | 1] | number | null;

export class BatchEncoder {
  private values: unknown[] = [];
  private count = 0;
  /** Per URL, the index of the entry carrying in full the last response this batch has for it. */
  private lastResponse = new Map<string, number>();

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
    /** The MCP tool that made the request (its Crossbuy-Mcp-Tool header), or null. */
    mcpTool: string | null = null,
    /** Made by the app's own UI (the operator's session), not a script. */
    byApp = false,
  ): void {
    const request = requestBody === undefined ? null : clipBody(requestBody);
    let sentResponse: string | number | null = null;
    let responseBytes: number | null = null;
    let responseWhole = true;
    if (typeof responseBody === 'string' && responseBody.length <= WHOLE_TEXT_CHARS) {
      // The common answer (a JSON text of a few KB), without an object made for it: handed on whole, or
      // as the index of the entry that carried the same text to the same URL in this batch.
      if (responseBody.length > 0) {
        const last = this.lastResponse.get(url);
        if (last !== undefined && this.values[last * WIRE_WIDTH + 11] === responseBody) sentResponse = last;
        else {
          sentResponse = responseBody;
          this.lastResponse.set(url, this.count);
        }
      }
    } else if (responseBody !== undefined) {
      const response = clipBody(responseBody);
      if (response !== null) {
        sentResponse = response.head;
        responseBytes = response.bytes;
        responseWhole = response.whole;
      }
    }
    this.values.push(
      requestId, atMs, key?.id ?? null, key?.name ?? null, method, url, status, durationMs,
      request?.head ?? null, request?.bytes ?? null, request?.whole ?? true,
      sentResponse, responseBytes, responseWhole, mcpTool, byApp,
    );
    this.count++;
  }

  /**
   * The batch so far, to post; the encoder starts a new one. A world's batch carries its id as one value
   * past the last entry (`worldOfWire`); the default world's carries none, as before worlds.
   */
  take(world = 'default'): WireBatch {
    const batch = this.values;
    if (world !== 'default') batch.push(world);
    this.values = [];
    this.count = 0;
    this.lastResponse = new Map();
    return batch;
  }
}

/** The world a batch's requests were made in (worlds.md section 1): one value past its last entry, if any. */
export function worldOfWire(wire: WireBatch): string {
  return wire.length % WIRE_WIDTH === 1 ? (wire[wire.length - 1] as string) : 'default';
}

function keep(head: unknown, bytes: unknown, whole: unknown): StoredBody {
  if (typeof head !== 'string') return null;
  const kept = keepBody({ head, bytes: bytes as number | null, whole: whole as boolean });
  return [kept.text, kept.bytes, kept.truncated ? 1 : 0];
}

export interface StoredBatch {
  values: unknown[];
  count: number;
  /** The latest moment (ms) one of its requests finished: a batch's requests all finished before the next batch's. */
  lastDoneMs: number;
}

/** A batch as the log keeps it: path and query apart, secrets masked, bodies cut to the limit. */
export function toStored(wire: WireBatch): StoredBatch {
  const values: unknown[] = [];
  let count = 0;
  let lastDoneMs = 0;
  for (let i = 0; i + WIRE_WIDTH <= wire.length; i += WIRE_WIDTH) {
    const url = wire[i + 5] as string;
    const q = url.indexOf('?');
    const atMs = wire[i + 1] as number;
    const durationMs = wire[i + 7] as number;
    const sentResponse = wire[i + 11];
    values.push(
      wire[i], atMs, wire[i + 2], wire[i + 3], wire[i + 4],
      maskSecrets(q === -1 ? url : url.slice(0, q)), q === -1 ? '' : maskSecrets(url.slice(q + 1)),
      wire[i + 6], Math.round(durationMs * 1000),
      keep(wire[i + 8], wire[i + 9], wire[i + 10]),
      typeof sentResponse === 'number' ? sentResponse : keep(sentResponse, wire[i + 12], wire[i + 13]),
      wire[i + 14] ?? null,
      wire[i + 15] === true ? 1 : null,
    );
    lastDoneMs = Math.max(lastDoneMs, Math.ceil(atMs + durationMs));
    count++;
  }
  return { values, count, lastDoneMs };
}

/** Reads entries of a stored batch by their index in it. */
export class StoredEntries {
  constructor(
    private readonly values: readonly unknown[],
    /** The log id of the batch's first entry. */
    readonly firstId: number,
  ) {}

  get count(): number {
    return this.values.length / STORED_WIDTH;
  }

  requestId(index: number): string {
    return this.values[index * STORED_WIDTH] as string;
  }

  atMs(index: number): number {
    return this.values[index * STORED_WIDTH + 1] as number;
  }

  keyId(index: number): number | null {
    return this.values[index * STORED_WIDTH + 2] as number | null;
  }

  caller(index: number): LoggedCaller {
    if (this.keyId(index) !== null) return 'key';
    return this.values[index * STORED_WIDTH + 12] === 1 ? 'app' : null;
  }

  path(index: number): string {
    return this.values[index * STORED_WIDTH + 5] as string;
  }

  status(index: number): number {
    return this.values[index * STORED_WIDTH + 7] as number;
  }

  summary(index: number): RequestSummary {
    const v = this.values;
    const at = index * STORED_WIDTH;
    const keyId = v[at + 2] as number | null;
    return {
      id: this.firstId + index,
      requestId: v[at] as string,
      at: new Date(v[at + 1] as number).toISOString(),
      key: keyId === null ? null : { id: keyId, name: (v[at + 3] as string | null) ?? '' },
      caller: this.caller(index),
      method: v[at + 4] as string,
      path: v[at + 5] as string,
      query: v[at + 6] as string,
      status: v[at + 7] as number,
      durationMs: (v[at + 8] as number) / 1000,
      mcpTool: (v[at + 11] as string | null) ?? null,
    };
  }

  detail(index: number): RequestDetail {
    return { ...this.summary(index), requestBody: this.body(index, 9), responseBody: this.body(index, 10) };
  }

  private body(index: number, field: number): RequestDetail['requestBody'] {
    let body = this.values[index * STORED_WIDTH + field] as StoredBody;
    // A repeated response names the entry that carries it (always an earlier one, carrying it in full).
    if (typeof body === 'number') body = this.values[body * STORED_WIDTH + field] as StoredBody;
    if (body === null || typeof body === 'number') return { text: null, bytes: 0, truncated: false };
    return { text: body[0], bytes: body[1], truncated: body[2] === 1 };
  }
}
