import { describe, expect, it } from 'vitest';
import type { CoreStatus } from '../../../preload/bridge';
import { needsRefetch, nextBanner, NO_BANNER, type ServiceBanner, type ServiceSignal } from './serviceStatus';

const core = (state: CoreStatus['state'], message = `main says ${state}`): ServiceSignal => ({ type: 'core', status: { state, message } });

/** The banners after each signal in turn, from none. */
function walk(...signals: ServiceSignal[]): ServiceBanner[] {
  const seen: ServiceBanner[] = [];
  let banner = NO_BANNER;
  for (const signal of signals) {
    banner = nextBanner(banner, signal);
    seen.push(banner);
  }
  return seen;
}

describe('the service banner (desktop: the core process)', () => {
  it('a crash shows restarting with main\'s words, the recovery shows back, then it settles', () => {
    expect(walk(core('restarting', 'The service stopped unexpectedly (code 9)'), core('running'), { type: 'settled' })).toEqual([
      { kind: 'restarting', detail: 'The service stopped unexpectedly (code 9)' },
      { kind: 'back', after: 'restart' },
      { kind: 'none' },
    ]);
  });

  it('giving up is a failure that stays until the core runs again', () => {
    const [, failed, settledAttempt, unreachable] = walk(core('restarting'), core('failed', 'code 1'), { type: 'settled' }, { type: 'unreachable' });
    expect(failed).toEqual({ kind: 'failed', detail: 'code 1' });
    expect(settledAttempt).toEqual(failed);
    expect(unreachable).toEqual(failed);
    expect(nextBanner(failed!, core('running'))).toEqual({ kind: 'back', after: 'restart' });
  });

  it('running with nothing wrong before changes nothing (the same object: no re-render)', () => {
    expect(nextBanner(NO_BANNER, core('running'))).toBe(NO_BANNER);
  });

  it('a new crash while "back" is up shows restarting again, and its settle timer cannot hide it', () => {
    const [, , again, settled] = walk(core('restarting'), core('running'), core('restarting', 'again'), { type: 'settled' });
    expect(again).toEqual({ kind: 'restarting', detail: 'again' });
    expect(settled).toEqual(again);
  });
});

describe('the service banner (headless: the server out of reach)', () => {
  it('unreachable shows lost; any answer afterwards shows reconnected, then it settles', () => {
    expect(walk({ type: 'unreachable' }, { type: 'unreachable' }, { type: 'reached' }, { type: 'settled' })).toEqual([
      { kind: 'lost' },
      { kind: 'lost' },
      { kind: 'back', after: 'lost' },
      { kind: 'none' },
    ]);
  });

  it('answers while all is well change nothing (the same object)', () => {
    const back: ServiceBanner = { kind: 'back', after: 'lost' };
    expect(nextBanner(NO_BANNER, { type: 'reached' })).toBe(NO_BANNER);
    expect(nextBanner(back, { type: 'reached' })).toBe(back);
  });

  it('a 401 says the session ended (also straight after "lost"); an answer that takes the session again shows back', () => {
    expect(walk({ type: 'unreachable' }, { type: 'unauthorized' }, { type: 'unauthorized' }, { type: 'reached' }, { type: 'settled' })).toEqual([
      { kind: 'lost' },
      { kind: 'session-ended' },
      { kind: 'session-ended' },
      { kind: 'back', after: 'session' },
      { kind: 'none' },
    ]);
    const ended: ServiceBanner = { kind: 'session-ended' };
    expect(nextBanner(ended, { type: 'unauthorized' })).toBe(ended);
    expect(nextBanner(ended, { type: 'settled' })).toBe(ended);
    expect(nextBanner(ended, { type: 'unreachable' })).toEqual({ kind: 'lost' });
  });

  it('a desktop restart in progress is not replaced by a failed request', () => {
    const restarting: ServiceBanner = { kind: 'restarting', detail: '' };
    expect(nextBanner(restarting, { type: 'unreachable' })).toBe(restarting);
    expect(nextBanner(restarting, { type: 'reached' })).toBe(restarting);
    expect(nextBanner(restarting, { type: 'unauthorized' })).toBe(restarting);
  });
});

describe('what the banner implies', () => {
  it('queries are refetched once, on the way into "back"', () => {
    const back: ServiceBanner = { kind: 'back', after: 'restart' };
    expect(needsRefetch({ kind: 'restarting', detail: '' }, back)).toBe(true);
    expect(needsRefetch({ kind: 'lost' }, { kind: 'back', after: 'lost' })).toBe(true);
    expect(needsRefetch({ kind: 'session-ended' }, { kind: 'back', after: 'session' })).toBe(true);
    expect(needsRefetch({ kind: 'lost' }, { kind: 'session-ended' })).toBe(false);
    expect(needsRefetch(back, back)).toBe(false);
    expect(needsRefetch(NO_BANNER, { kind: 'lost' })).toBe(false);
  });
});
