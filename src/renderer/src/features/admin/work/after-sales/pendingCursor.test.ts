import { describe, expect, it } from 'vitest';
import { nextPendingCursor } from './pendingCursor';

const page = (ids: number[], total: number) => ({ items: ids.map((id) => ({ id })), total, page: 1, limit: ids.length || 1 });
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('the pending returns queue pages on while the total says more wait', () => {
  it('offers no next page when a full page is the whole queue', () => {
    const only = page(range(1, 20), 20);
    expect(nextPendingCursor(only, [only])).toBeUndefined();
  });

  it('offers the last id as the cursor while fewer than the total are shown', () => {
    const first = page(range(1, 20), 45);
    expect(nextPendingCursor(first, [first])).toBe('20');
    const second = page(range(21, 20), 45);
    expect(nextPendingCursor(second, [first, second])).toBe('40');
    const third = page(range(41, 5), 45);
    expect(nextPendingCursor(third, [first, second, third])).toBeUndefined();
  });

  it('stops on an empty page even if the total still counts requests decided meanwhile', () => {
    const first = page(range(1, 20), 30);
    const empty = page([], 30);
    expect(nextPendingCursor(empty, [first, empty])).toBeUndefined();
  });
});
