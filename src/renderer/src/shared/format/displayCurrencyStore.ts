import { create } from 'zustand';
import type { DisplayCurrency } from './money';

/**
 * The display currency the operator chose (with its rate) and the ledger currency it converts from. The
 * app shell fills it from the settings; every money the UI formats reads it. Display only: nothing
 * converted is ever sent back to the server.
 */
interface DisplayCurrencyState {
  ledgerCurrency: string | undefined;
  display: DisplayCurrency | null;
  set(ledgerCurrency: string | undefined, display: DisplayCurrency | null): void;
}

export const useDisplayCurrencyStore = create<DisplayCurrencyState>()((set) => ({
  ledgerCurrency: undefined,
  display: null,
  set: (ledgerCurrency, display) => set({ ledgerCurrency, display }),
}));
