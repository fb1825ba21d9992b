import { describe, expect, it } from 'vitest';
import { isClockStart, newWorldBody } from './newWorld';

describe('the New world body', () => {
  const file = { crossbuyWorld: 1, steps: [] };
  it('sends the file, a typed name and a given seed', () => {
    expect(newWorldBody({ source: 'shipped', file, name: '  mine ', seed: 42 })).toEqual({ file, name: 'mine', seed: 42 });
    expect(newWorldBody({ source: 'upload', file, name: '', seed: 0 })).toEqual({ file, seed: 0 });
  });
  it('leaves out what was not given, and the file for the demo data', () => {
    expect(newWorldBody({ source: 'shipped', file, name: '', seed: '' })).toEqual({ file });
    expect(newWorldBody({ source: 'empty', file, name: '', seed: '' })).toEqual({});
  });
  it('sends a clock start and a frozen state only when chosen', () => {
    expect(newWorldBody({ source: 'empty', file, name: '', seed: '', clockStart: ' 2026-03-02T09:00:00Z ', clock: 'frozen' })).toEqual({ clockStart: '2026-03-02T09:00:00Z', frozen: true });
    expect(newWorldBody({ source: 'empty', file, name: '', seed: '', clockStart: '', clock: 'running' })).toEqual({ frozen: false });
    expect(newWorldBody({ source: 'shipped', file, name: '', seed: 3, clock: 'default' })).toEqual({ file, seed: 3 });
  });
});

describe('a typed clock start', () => {
  it('is empty or a full ISO 8601 instant with its offset', () => {
    for (const ok of ['', '  ', '2026-03-02T09:00:00Z', '2026-03-02T09:00:00.250Z', '2026-03-02T17:00:00+08:00']) expect(isClockStart(ok)).toBe(true);
  });
  it('refuses a date alone, no offset, a local picker value and an impossible date', () => {
    for (const bad of ['2026-03-02', '2026-03-02T09:00:00', '2026-03-02T09:00', 'tomorrow', '2026-13-45T09:00:00Z', '2026-02-30T09:00:00Z']) expect(isClockStart(bad)).toBe(false);
  });
});
