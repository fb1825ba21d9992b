import { create } from 'zustand';
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
