import { intlLocale, type FormatLanguage } from './locale';

export type MessageVars = Record<string, string | number>;

/**
 * Fills a catalog message. `{name}` takes `vars.name`; plurals follow the language's rules (Intl.PluralRules)
 * in the ICU form the catalogs use: `{count, plural, =0 {no days} one {# day} other {# days}}`, where `#` is
 * the number in the language's digits. Chinese has one form, so its messages just write `{count} 天`.
 */
export function formatMessage(template: string, vars: MessageVars | undefined, language: FormatLanguage): string {
  if (!vars || !template.includes('{')) return template;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    const close = matchingBrace(template, open);
    if (close < 0) break;
    out += template.slice(i, open) + fillPlaceholder(template.slice(open + 1, close), template.slice(open, close + 1), vars, language);
    i = close + 1;
  }
  return out + template.slice(i);
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === '{') depth++;
    else if (text[j] === '}' && --depth === 0) return j;
  }
  return -1;
}

function fillPlaceholder(inner: string, whole: string, vars: MessageVars, language: FormatLanguage): string {
  const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
  if (!plural) {
    const name = inner.trim();
    return /^\w+$/.test(name) && name in vars ? String(vars[name]) : whole;
  }
  const name = plural[1] ?? '';
  const body = plural[2] ?? '';
  if (!(name in vars)) return whole;
  const count = Number(vars[name]);
  const branches = pluralBranches(body);
  const chosen = branches.get(`=${count}`) ?? branches.get(pluralRules(language).select(count)) ?? branches.get('other');
  if (chosen === undefined) return whole;
  const number = new Intl.NumberFormat(intlLocale(language)).format(count);
  return formatMessage(chosen, vars, language).replace(/#/g, number);
}

/** `one {# day} other {# days}` -> { one: '# day', other: '# days' }. */
function pluralBranches(body: string): Map<string, string> {
  const branches = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!selector) break;
    const open = i + selector[0].length - 1;
    const close = matchingBrace(body, open);
    if (close < 0) break;
    branches.set(selector[1] ?? 'other', body.slice(open + 1, close));
    i = close + 1;
  }
  return branches;
}

const rules = new Map<FormatLanguage, Intl.PluralRules>();
function pluralRules(language: FormatLanguage): Intl.PluralRules {
  let r = rules.get(language);
  if (!r) {
    r = new Intl.PluralRules(intlLocale(language));
    rules.set(language, r);
  }
  return r;
}
