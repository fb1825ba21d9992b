import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS } from './orderStatusLabels';
import { ALLOWED_LATIN } from '../../../../test/helpers/allowed-latin';

/**
 * Every message catalog of the UI (the `defineMessages(en, zh)` tables beside each feature), complete in
 * both languages: a key missing or empty in either fails, and so does a Chinese message left in English.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.ts', '!../**/*.test.ts', '!../main.tsx'], { eager: true });

type Catalog = { en: Record<string, string>; 'zh-CN': Record<string, string> };
function isCatalog(value: unknown): value is Catalog {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Object.keys(v).length === 2 && typeof v.en === 'object' && v.en !== null && typeof v['zh-CN'] === 'object' && v['zh-CN'] !== null;
}

const catalogs: [string, Catalog][] = [['shared/orderStatusLabels.ts ORDER_STATUS_LABELS', ORDER_STATUS_LABELS]];
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) if (isCatalog(value) && value !== ORDER_STATUS_LABELS) catalogs.push([`${file} ${name}`, value]);
}


/** Latin words of a Chinese message outside `{placeholders}` and not on the list. */
export function untranslatedWords(message: string): string[] {
  // Placeholders, addresses and host names (m.tb.cn), status classes, paths, commands quoted as “crossbuy serve” and order numbers are not prose.
  const withoutPlaceholders = message
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/“[^”]*”/g, ' ')
    // HTTP status classes (4xx) and API paths (/api/v1/open/orders) are written as they are in any language.
    .replace(/\b[1-5]xx\b/gi, ' ')
    .replace(/(^|\s)\/[\w/.:-]+/g, ' ')
    .replace(/\b(?=[A-Z0-9]*\d)[A-Z0-9]{6,}\b/g, ' ');
  return (withoutPlaceholders.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !ALLOWED_LATIN.has(word.toLowerCase()));
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  it('finds the catalogs', () => {
    expect(catalogs.length).toBeGreaterThan(20);
  });

  for (const [name, catalog] of catalogs) {
    it(`${name}: every key in both languages, none empty, the same placeholders`, () => {
      const en = Object.keys(catalog.en).sort();
      const zh = Object.keys(catalog['zh-CN']).sort();
      expect(zh, 'keys missing in Chinese').toEqual(expect.arrayContaining(en));
      expect(en, 'keys missing in English').toEqual(expect.arrayContaining(zh));
      for (const key of en) {
        expect(catalog.en[key]?.trim(), `${key} (en)`).toBeTruthy();
        expect(catalog['zh-CN'][key]?.trim(), `${key} (zh-CN)`).toBeTruthy();
        expect(new Set(placeholders(catalog['zh-CN'][key] ?? '')), `${key}: placeholders`).toEqual(new Set(placeholders(catalog.en[key] ?? '')));
      }
    });

    it(`${name}: no Chinese message left in English`, () => {
      const left = Object.entries(catalog['zh-CN']).flatMap(([key, message]) => {
        const words = untranslatedWords(message);
        return words.length > 0 ? [`${key}: "${message}" (${words.join(', ')})`] : [];
      });
      expect(left).toEqual([]);
    });
  }
});
