import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onReachability, reportingFetch, reportReachability } from '../api/reachability';
import { PROBE_DELAYS_MS, watchConnection, type Probe } from './connectionWatch';
import type { ServiceSignal } from './serviceStatus';

/** A probe whose answer the test sets (up: the server answers; session: it takes the page's cookie), counting its calls. */
function fakeProbe(initially: boolean) {
  const state = { up: initially, session: true, calls: 0 };
  const probe: Probe = async () => {
    state.calls += 1;
    if (!state.up) return 'unreachable';
    return state.session ? 'reached' : 'unauthorized';
  };
  return { state, probe };
}

describe('watchConnection (headless)', () => {
  let signals: ServiceSignal['type'][];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    signals = [];
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sends nothing while requests reach the server', async () => {
    const { state, probe } = fakeProbe(true);
    stop = watchConnection((s) => signals.push(s.type), probe);
    for (let i = 0; i < 5; i++) reportReachability('reached');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.calls).toBe(0);
    expect(signals).toEqual(['reached', 'reached', 'reached', 'reached', 'reached']);
  });

  it('a failed fetch says lost and probes, backing off, until the server answers', async () => {
    const { state, probe } = fakeProbe(false);
    stop = watchConnection((s) => signals.push(s.type), probe);
    await expect(reportingFetch(() => Promise.reject(new TypeError('Failed to fetch')))('/api/v1/open/cart')).rejects.toThrow('Failed to fetch');
    expect(signals).toEqual(['unreachable']);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]);
    expect(state.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1]);
    expect(state.calls).toBe(2);
    state.up = true;
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[2]);
    expect(state.calls).toBe(3);
    expect(signals).toEqual(['unreachable', 'unreachable', 'unreachable', 'reached']);
    // Healthy again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.calls).toBe(3);
  });

  it('a request answered meanwhile ends the probing at once', async () => {
    const { state, probe } = fakeProbe(false);
    stop = watchConnection((s) => signals.push(s.type), probe);
    reportReachability('unreachable');
    await reportingFetch(() => Promise.resolve(new Response(null, { status: 404 })))('/api/v1/open/cart');
    expect(signals).toEqual(['unreachable', 'reached']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.calls).toBe(0);
  });

  it('a 401 says the session ended and probes until the session is taken again (the new URL opened)', async () => {
    const { state, probe } = fakeProbe(true);
    state.session = false;
    stop = watchConnection((s) => signals.push(s.type), probe);
    await reportingFetch(() => Promise.resolve(new Response(null, { status: 401 })))('/api/v1/open/cart');
    expect(signals).toEqual(['unauthorized']);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]);
    expect(state.calls).toBe(1);
    expect(signals).toEqual(['unauthorized', 'unauthorized']);
    state.session = true;
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1]);
    expect(signals).toEqual(['unauthorized', 'unauthorized', 'reached']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.calls).toBe(2);
  });

  it('a dropped stream whose server answers 401 says the session ended, not that all is well', async () => {
    const { state, probe } = fakeProbe(true);
    state.session = false;
    stop = watchConnection((s) => signals.push(s.type), probe);
    reportReachability('in-doubt');
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toEqual(['unauthorized']);
  });

  it('a dropped event stream is checked once before anything is said', async () => {
    const up = fakeProbe(true);
    stop = watchConnection((s) => signals.push(s.type), up.probe);
    reportReachability('in-doubt');
    await vi.advanceTimersByTimeAsync(0);
    expect(up.state.calls).toBe(1);
    expect(signals).toEqual(['reached']);
    stop();

    const down = fakeProbe(false);
    signals = [];
    stop = watchConnection((s) => signals.push(s.type), down.probe);
    reportReachability('in-doubt');
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toEqual(['unreachable']);
    // The stream's own retries while a probe is already scheduled add none.
    reportReachability('in-doubt');
    reportReachability('in-doubt');
    await vi.advanceTimersByTimeAsync(0);
    expect(down.state.calls).toBe(1);
  });

  it('stops listening and probing when stopped', async () => {
    const { state, probe } = fakeProbe(false);
    stop = watchConnection((s) => signals.push(s.type), probe);
    reportReachability('unreachable');
    stop();
    reportReachability('unreachable');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signals).toEqual(['unreachable']);
    expect(state.calls).toBe(0);
  });
});

describe('reportingFetch', () => {
  it('says nothing about the server when the page aborted the request itself', async () => {
    const heard: string[] = [];
    const stop = onReachability((r) => heard.push(r));
    const aborted = reportingFetch(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')));
    await expect(aborted('/api/v1/open/cart')).rejects.toThrow('aborted');
    await expect(reportingFetch(() => Promise.reject(new TypeError('Failed to fetch')))('/')).rejects.toThrow();
    stop();
    expect(heard).toEqual(['unreachable']);
  });
});
