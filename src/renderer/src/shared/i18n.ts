import { useCallback } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { formatMessage, type MessageVars } from './format/message';

/**
 * English and Simplified Chinese. Each feature keeps its own messages next to its components
 * (`defineMessages(en, zh)`: the Chinese table must have every English key, the compiler checks it) and
 * reads them with `useT(messages)`. The language follows the profile's `language` until the operator
 * picks one in the header.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Messages<K extends string> = Record<Language, Record<K, string>>;

export function defineMessages<K extends string>(en: Record<K, string>, zh: Record<K, string>): Messages<K> {
  return { en, 'zh-CN': zh };
}

/** A BCP 47 tag from the profile to one of ours: any Chinese tag reads Chinese, everything else English. */
export function languageOf(tag: string | undefined): Language {
  return tag?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

interface LanguageState {
  language: Language;
  /** True once the operator chose in the UI; until then the profile decides. */
  chosen: boolean;
  choose(language: Language): void;
  followProfile(tag: string | undefined): void;
}

export const useLanguageStore = create<LanguageState>()(
  persist(
    (set, get) => ({
      language: 'en',
      chosen: false,
      choose: (language) => set({ language, chosen: true }),
      followProfile: (tag) => {
        if (!get().chosen) set({ language: languageOf(tag) });
      },
    }),
    { name: 'crossbuy-language', storage: createJSONStorage(() => localStorage) },
  ),
);

/** `{name}` placeholders are filled from `vars`; `{n, plural, one {# day} other {# days}}` by the language's rules. */
export function format(template: string, vars?: MessageVars, language: Language = 'en'): string {
  return formatMessage(template, vars, language);
}

/** A message of a catalog in `language`, outside React (tests, notifications). */
export function translate<K extends string>(messages: Messages<K>, language: Language, key: K, vars?: MessageVars): string {
  return formatMessage(messages[language][key] ?? messages.en[key], vars, language);
}

export function useT<K extends string>(messages: Messages<K>): (key: K, vars?: MessageVars) => string {
  const language = useLanguageStore((s) => s.language);
  return useCallback((key: K, vars?: MessageVars) => translate(messages, language, key, vars), [language, messages]);
}

/** The language as a locale for Intl (dates, numbers). */
export function useLocale(): string {
  return useLanguageStore((s) => s.language);
}
