import { describe, expect, it } from 'vitest';
import { PendingWrites } from '../../../src/main/core/requests/pending-writes.js';
import type { WireBatch } from '../../../src/main/core/requests/log-batch.js';

describe("the log thread's pending writes", () => {
  it('reports a write that fails, loses only its batches, and writes the next ones', () => {
    const written: WireBatch[][] = [];
    let failNext = true;
    const errors: [string, number][] = [];
    const pending = new PendingWrites(
      {
        write: (batches) => {
          if (failNext) {
            failNext = false;
            throw new Error('database or disk is full');
          }
          written.push([...batches]);
        },
      },
      (error, lost) => errors.push([(error as Error).message, lost]),
    );
    pending.add(['a']);
    pending.add(['b']);
    expect(() => pending.flush()).not.toThrow();
    expect(errors).toEqual([['database or disk is full', 2]]);
    pending.add(['c']);
    pending.flush();
    expect(written).toEqual([[['c']]]);
  });
});
