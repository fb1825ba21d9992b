import { create } from 'zustand';
import type { Source } from './sources';

interface ShopState {
  source: Source;
  /** The submitted search text (not what is being typed). */
  query: string;
  page: number;
  setSource: (source: Source) => void;
  search: (query: string) => void;
  setPage: (page: number) => void;
}

/** The shop's client state: kept while the user visits a product and comes back. */
export const useShopStore = create<ShopState>()((set) => ({
  source: 'local',
  query: '',
  page: 1,
  setSource: (source) => set({ source, page: 1 }),
  search: (query) => set({ query: query.trim(), page: 1 }),
  setPage: (page) => set({ page }),
}));
