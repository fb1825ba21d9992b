import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { invalidRequestOf } from './jsonrpc.js';

/**
 * MCP over stdio: one JSON-RPC message a line, as the SDK's StdioServerTransport reads them, except that a
 * line that is not a message gets an answer. The SDK's transport drops such a line with no answer (a line
 * that is not JSON, `params: []`, an array), so a client waits forever for its id; here it is answered as
 * over HTTP (jsonrpc.ts): -32700 for text that is not JSON, -32600 for JSON that is no message (a batch
 * included: stdio carries one message a line), -32602 for params by position.
 */
export class CheckedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private pending = '';
  private started = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('CheckedStdioTransport already started');
    this.started = true;
    this.input.setEncoding('utf8');
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: string) => {
    this.pending += chunk;
    for (let end = this.pending.indexOf('\n'); end >= 0; end = this.pending.indexOf('\n')) {
      const line = this.pending.slice(0, end).replace(/\r$/, '');
      this.pending = this.pending.slice(end + 1);
      if (line.trim() !== '') this.receive(line);
    }
  };

  private receive(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.answer(null, ErrorCode.ParseError, 'Parse error: a line is one JSON-RPC message in JSON');
      return;
    }
    if (Array.isArray(parsed)) {
      this.answer(null, ErrorCode.InvalidRequest, 'Invalid Request: over stdio a line holds one message, not a batch');
      return;
    }
    const problem = invalidRequestOf(parsed);
    if (problem) {
      this.answer(problem.id, problem.code, problem.message);
      return;
    }
    this.onmessage?.(parsed as JSONRPCMessage);
  }

  private answer(id: string | number | null, code: number, message: string): void {
    // JSON-RPC answers an id it cannot tell with null; the SDK's message type wants one, so it is cast.
    void this.send({ jsonrpc: '2.0', id: id as string | number, error: { code, message } }).catch((error: unknown) => this.onerror?.(error as Error));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.output.write(`${JSON.stringify(message)}\n`)) await once(this.output, 'drain');
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.pending = '';
    this.onclose?.();
  }
}
