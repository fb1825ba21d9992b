import { warmMoneyFormat } from '../shared/format/money';
import { useLanguageStore } from '../shared/i18n';

/** What main.tsx imports after React: the app (a chunk of its own) and its warm-up. */
export { App } from './App';

/** ICU's currency data, loaded before the first balance is formatted (money.ts). */
export function warmUp(): void {
  warmMoneyFormat(useLanguageStore.getState().language);
}
