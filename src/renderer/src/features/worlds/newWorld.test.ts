import { describe, expect, it } from 'vitest';
import { newWorldBody } from './newWorld';

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
});
