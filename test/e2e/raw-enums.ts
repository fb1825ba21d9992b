import type { Page } from '@playwright/test';
import {
  ENTRY_TYPES,
  ORDER_SCENARIOS,
  ORDER_STATUSES,
  PACKAGE_STATUSES,
  SHIPPING_SCENARIOS,
  SHIPPING_STATUSES,
  SUPPLEMENT_REASONS,
  TOP_UP_METHODS,
  TOP_UP_SCENARIOS,
  CART_IMPORT_STATUSES,
} from '../../src/contract/enums';

/**
 * The API's internal names a page must never show a shopper as they are (issue 26 item 13): every
 * status, scenario, supplement reason, ledger type and seeded service id written in snake_case, and the
 * `mixed` platform shouted by a badge. Content the user or a shop wrote (translate="no") and code are skipped.
 */
const SERVICE_IDS = ['remove_packaging', 'moisture_barrier'] as const;
const RAW = new Set<string>(
  [ORDER_STATUSES, SHIPPING_STATUSES, PACKAGE_STATUSES, ENTRY_TYPES, ORDER_SCENARIOS, SHIPPING_SCENARIOS, SUPPLEMENT_REASONS, SERVICE_IDS, TOP_UP_METHODS, TOP_UP_SCENARIOS, CART_IMPORT_STATUSES]
    .flat()
    .filter((value) => value.includes('_')),
);

/**
 * The text a person sees on the page, node by node (uppercased where CSS shouts it, placeholders
 * included), skipping translate="no" content (what the user or a shop wrote), code and hidden nodes.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[translate="no"], code, kbd, pre, script, style, noscript, [aria-hidden="true"]')) continue;
      const box = parent.getBoundingClientRect();
      const style = getComputedStyle(parent);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      out.push(style.textTransform === 'uppercase' ? (node.textContent ?? '').toUpperCase() : (node.textContent ?? ''));
    }
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))) {
      if (!input.closest('[translate="no"]') && input.getBoundingClientRect().width > 0) out.push(input.placeholder);
    }
    return out;
  });
}

export async function rawEnumValues(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await visibleTexts(page)) {
    for (const word of text.match(/[A-Za-z]+(?:_[A-Za-z]+)+/g) ?? []) if (RAW.has(word.toLowerCase())) found.add(word);
    if (/\bMIXED\b/.test(text)) found.add('MIXED');
  }
  return [...found];
}
