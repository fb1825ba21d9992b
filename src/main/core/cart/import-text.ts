/**
 * Reading what a shopper pastes into "Paste links" (extensions.md section 13), pure: text from a
 * spreadsheet of finds or a chat, one or many links per line, cells split by tabs or commas, with an
 * optional quantity ("x2", "2 pcs", "qty: 2", "数量2", or a cell holding only a number) and colour/size
 * hints (the other words of the line, matched against the SKU names later).
 */
export const MAX_IMPORT_LINES = 500;

export interface ImportEntry {
  /** 1-based line number in the pasted text. */
  line: number;
  /** The link as found on the line ('' when the line has none). */
  input: string;
  /** The quantity the line asks for, if it says one. */
  quantity: number | null;
  /** Lower-cased words of the line that are not the link or the quantity: colour, size... */
  hints: string[];
}

/** A link with or without its scheme; stops at whitespace, cell separators and quotes. */
const LINK = /(?:https?:\/\/|\b(?:[a-z0-9-]+\.)+(?:com|cn|hk)\/)[^\s,;|"'<>「」【】（）()，。]+/gi;
const QUANTITY_PATTERNS = [
  /(?:^|[\s,;|])[x×*]\s*(\d{1,5})(?=$|[\s,;|])/i,
  /(?:^|[\s,;|])(\d{1,5})\s*[x×](?=$|[\s,;|])/i,
  /\b(?:qty|quantity|amount|pcs|count)\s*[:=]?\s*(\d{1,5})\b/i,
  /(?:^|[\s,;|])(\d{1,5})\s*(?:pcs|pc|pieces|units|件|个|双|套)(?=$|[\s,;|])/i,
  /(?:数量|件数)\s*[:：]?\s*(\d{1,5})/,
];
/** Words that say nothing about the SKU (column headings, filler). */
const NOISE = new Set(['link', 'links', 'url', 'qty', 'quantity', 'pcs', 'pc', 'color', 'colour', 'size', 'price', 'item', 'name', 'x', 'and', 'the', 'for']);

function quantityOf(rest: string): { quantity: number | null; rest: string } {
  for (const pattern of QUANTITY_PATTERNS) {
    const m = pattern.exec(rest);
    if (m) return { quantity: Number(m[1]), rest: rest.replace(m[0], ' ') };
  }
  // A cell that holds only a whole number (a spreadsheet's quantity column).
  const cells = rest.split(/[\t,;|]/).map((c) => c.trim());
  const numeric = cells.find((c) => /^\d{1,5}$/.test(c));
  if (numeric !== undefined) return { quantity: Number(numeric), rest: cells.filter((c) => c !== numeric).join(' ') };
  return { quantity: null, rest };
}

function hintsOf(rest: string): string[] {
  return rest
    .toLowerCase()
    .split(/[\s\t,;|/:：=()（）[\]【】「」"'，。]+/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0 && !NOISE.has(w) && !/^[\d.¥$€£]+$/.test(w));
}

/** The non-blank lines of the text; null when there are more than MAX_IMPORT_LINES. */
export function importLines(text: string): { line: number; text: string }[] | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text.length > 0);
  return lines.length > MAX_IMPORT_LINES ? null : lines;
}

/** Every link of a line with the line's quantity and hints (one entry with input '' when it has no link). */
export function entriesOf(line: number, text: string): ImportEntry[] {
  const links = text.match(LINK) ?? [];
  const { quantity, rest } = quantityOf(links.reduce((t, l) => t.replace(l, ' '), text));
  const hints = hintsOf(rest);
  if (links.length === 0) return [{ line, input: '', quantity, hints }];
  return links.map((input) => ({ line, input, quantity, hints }));
}

/**
 * The SKU a line means: the only one, the one its link names (`skuId=`), or the one whose name holds the
 * most of the line's hints when exactly one does; null when it cannot tell.
 */
export function pickSku<S extends { skuId: string; name: string }>(skus: readonly S[], hints: readonly string[], linkSkuId: string | null): S | null {
  if (skus.length === 1) return skus[0]!;
  if (linkSkuId) {
    const named = skus.find((s) => s.skuId === linkSkuId);
    if (named) return named;
  }
  if (hints.length === 0) return null;
  const scored = skus.map((sku) => {
    const parts = sku.name.toLowerCase().split(/\s*\/\s*|\s+/);
    return { sku, score: hints.filter((h) => parts.includes(h)).length };
  });
  const best = Math.max(...scored.map((s) => s.score));
  if (best === 0) return null;
  const top = scored.filter((s) => s.score === best);
  return top.length === 1 ? top[0]!.sku : null;
}
