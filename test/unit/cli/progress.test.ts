import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressLine } from '../../../src/main/cli/progress.js';

/** Progress lines: nothing for a short run, then at most one line per 250 ms; rewritten in place on a TTY. */
afterEach(() => vi.useRealTimers());

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, out: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('ProgressLine', () => {
  it('stays quiet for short runs and throttles long ones', () => {
    vi.useFakeTimers({ now: 0 });
    const { written, out } = stream(false);
    const line = new ProgressLine(out);
    line.update('a');
    vi.setSystemTime(400);
    line.update('b');
    expect(written).toEqual([]);
    vi.setSystemTime(600);
    line.update('c');
    vi.setSystemTime(700);
    line.update('d');
    vi.setSystemTime(900);
    line.update('e');
    line.done();
    expect(written).toEqual(['c\n', 'e\n']);
  });

  it('rewrites one line on a terminal and ends it', () => {
    vi.useFakeTimers({ now: 0 });
    const { written, out } = stream(true);
    const line = new ProgressLine(out);
    vi.setSystemTime(1000);
    line.update('x');
    line.done();
    expect(written).toEqual(['\r\x1b[2Kx', '\n']);
  });

  it('prints nothing when disabled', () => {
    vi.useFakeTimers({ now: 0 });
    const { written, out } = stream(false);
    const line = new ProgressLine(out, false);
    vi.setSystemTime(1000);
    line.update('x');
    line.done();
    expect(written).toEqual([]);
  });
});
