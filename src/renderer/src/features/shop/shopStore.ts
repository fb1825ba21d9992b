import { create } from 'zustand';

interface ShopState {
  /** The last search's URL query (searchState.ts): the shop opens on it again after a visit elsewhere. */
  lastQuery: string;
  remember: (query: string) => void;
}

/** The shop's client state: the search itself lives in the URL; this keeps it while the user is away. */
export const useShopStore = create<ShopState>()((set) => ({
  lastQuery: '',
  remember: (lastQuery) => set({ lastQuery }),
}));
