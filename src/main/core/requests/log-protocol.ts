import type { RequestDetail, RequestLogFilter, RequestLogPage } from '../../../contract/admin/requests.js';
import type { WireBatch } from './log-batch.js';

/** What the server thread asks the log's thread; seq 0 needs no answer (writes, the limit). */
export type LogRequest =
  | { kind: 'write'; batch: WireBatch }
  | { kind: 'limit'; value: number }
  | { kind: 'list'; filter: RequestLogFilter; world: string }
  | { kind: 'get'; id: number; world: string }
  | { kind: 'forget'; world: string }
  | { kind: 'close' };

export type LogCall = { seq: number } & LogRequest;

export type LogValue = RequestLogPage | RequestDetail | null;

export type LogReply = { seq: number } & ({ ok: true; value: LogValue } | { ok: false; message: string });
