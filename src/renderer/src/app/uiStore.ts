import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ColorScheme = 'light' | 'dark';

interface UiState {
  colorScheme: ColorScheme;
  navbarOpen: boolean;
  toggleColorScheme: () => void;
  toggleNavbar: () => void;
  closeNavbar: () => void;
}

function systemScheme(): ColorScheme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Client state of the shell. The colour scheme is kept across restarts; the rest is per session. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      colorScheme: systemScheme(),
      navbarOpen: false,
      toggleColorScheme: () => set((s) => ({ colorScheme: s.colorScheme === 'dark' ? 'light' : 'dark' })),
      toggleNavbar: () => set((s) => ({ navbarOpen: !s.navbarOpen })),
      closeNavbar: () => set({ navbarOpen: false }),
    }),
    {
      name: 'crossbuy-ui',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ colorScheme: s.colorScheme }),
    },
  ),
);
