import { describe, expect, it } from 'vitest';
import { worldFileName } from './SaveWorldFileButton';

describe('worldFileName', () => {
  const wall = new Date('2026-11-27T13:00:00.000Z');
  it("is dated by the world's clock start when the file has one, not by the wall date", () => {
    expect(worldFileName(1, '2026-03-02T09:00:00.000Z', wall)).toBe('crossbuy-world-key-1-2026-03-02.json');
  });
  it('falls back to the wall date without one', () => {
    expect(worldFileName(3, null, wall)).toBe('crossbuy-world-key-3-2026-11-27.json');
    expect(worldFileName(3, 'not a date', wall)).toBe('crossbuy-world-key-3-2026-11-27.json');
  });
});
