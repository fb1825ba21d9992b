import type { Page } from '@playwright/test';
import {
  ENTRY_TYPES,
  ORDER_SCENARIOS,
  ORDER_STATUSES,
  PACKAGE_STATUSES,
  SHIPPING_SCENARIOS,
  SHIPPING_STATUSES,
  SUPPLEMENT_REASONS,
} from '../../src/contract/enums';

/**
 * The API's internal names a page must never show a shopper as they are (issue 26 item 13): every
 * status, scenario, supplement reason, ledger type and seeded service id written in snake_case, and the
 * `mixed` platform shouted by a badge. Content the user or a shop wrote (translate="no") and code are skipped.
 */
const SERVICE_IDS = ['remove_packaging', 'moisture_barrier'] as const;
const RAW = new Set<string>(
  [ORDER_STATUSES, SHIPPING_STATUSES, PACKAGE_STATUSES, ENTRY_TYPES, ORDER_SCENARIOS, SHIPPING_SCENARIOS, SUPPLEMENT_REASONS, SERVICE_IDS]
    .flat()
    .filter((value) => value.includes('_')),
);

export async function rawEnumValues(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[translate="no"], code, kbd, pre, script, style, noscript, [aria-hidden="true"]')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(parent).visibility === 'hidden') continue;
      const shown = getComputedStyle(parent).textTransform === 'uppercase' ? (node.textContent ?? '').toUpperCase() : (node.textContent ?? '');
      out.push(shown);
    }
    return out;
  });
  const found = new Set<string>();
  for (const text of texts) {
    for (const word of text.match(/[A-Za-z]+(?:_[A-Za-z]+)+/g) ?? []) if (RAW.has(word.toLowerCase())) found.add(word);
    if (/\bMIXED\b/.test(text)) found.add('MIXED');
  }
  return [...found];
}
