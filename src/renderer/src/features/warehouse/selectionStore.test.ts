import { afterEach, describe, expect, it } from 'vitest';
import { useWorldStore } from '../../api/worldStore';
import { useSelectionStore } from './selectionStore';

describe('the warehouse selection', () => {
  afterEach(() => useWorldStore.getState().select('default'));

  it('is dropped when the page moves to another world (package ids are a world\'s own)', () => {
    useSelectionStore.getState().toggle([1, 2], true);
    expect(useSelectionStore.getState().selected).toEqual([1, 2]);
    useWorldStore.getState().select('w_other_world_1');
    expect(useSelectionStore.getState().selected).toEqual([]);
  });

  it('is dropped when the world is lost and the page falls back to the default one', () => {
    useWorldStore.getState().select('w_doomed_world_1');
    useSelectionStore.getState().toggle([3], true);
    useWorldStore.getState().fallBack();
    expect(useSelectionStore.getState().selected).toEqual([]);
  });

  it('stays while the world stays', () => {
    useSelectionStore.getState().toggle([4], true);
    useWorldStore.getState().dismissLost();
    expect(useSelectionStore.getState().selected).toEqual([4]);
  });
});
