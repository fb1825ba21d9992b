import Store from 'electron-store';
import { DEFAULT_PREFERENCES, validatePreference, type DesktopPreferences, type PreferenceStore } from './preferences.js';

/** Preferences persisted by electron-store (a JSON file in the app's userData folder). */
export class ElectronPreferenceStore implements PreferenceStore {
  private readonly store = new Store<DesktopPreferences>({ name: 'preferences', defaults: DEFAULT_PREFERENCES });

  get<K extends keyof DesktopPreferences>(key: K): DesktopPreferences[K] {
    const value = this.store.get(key);
    try {
      return validatePreference(key, value);
    } catch {
      // A hand-edited or older file: fall back to the default rather than refuse to start.
      return DEFAULT_PREFERENCES[key];
    }
  }

  set<K extends keyof DesktopPreferences>(key: K, value: DesktopPreferences[K]): void {
    this.store.set(key, validatePreference(key, value));
  }
}
