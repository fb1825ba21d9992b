import { create } from 'zustand';
import { useWorldStore } from '../../api/worldStore';
import { toggleIds } from './logic';

interface SelectionState {
  /** Package ids chosen on the warehouse page, in the order they were chosen; kept across its pages. */
  selected: number[];
  toggle: (ids: readonly number[], on: boolean) => void;
  clear: () => void;
}

/** The packages picked for the next shipping order (session only: the ship page reads them from its URL). */
export const useSelectionStore = create<SelectionState>()((set) => ({
  selected: [],
  toggle: (ids, on) => set((s) => ({ selected: toggleIds(s.selected, ids, on) })),
  clear: () => set({ selected: [] }),
}));

// Package ids are a world's own: another world's package #1 is another parcel. A switch (or a fall back to
// the default world) drops the selection, so "Ship selected" never ships a parcel nobody picked.
useWorldStore.subscribe((state, previous) => {
  if (state.selected !== previous.selected) useSelectionStore.getState().clear();
});
