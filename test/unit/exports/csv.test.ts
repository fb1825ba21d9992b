import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../../src/main/core/exports/csv.js';
import { decimalOf } from '../../../src/main/core/shared/money.js';

describe('the CSV writer', () => {
  it('writes amounts exactly with two decimals, never prefixed', () => {
    expect([0, 5, -5, 1250, -1250, 100_000_000_001].map(decimalOf)).toEqual(['0.00', '0.05', '-0.05', '12.50', '-12.50', '1000000000.01']);
    expect(csvCell({ amount: -1250 })).toBe('-12.50');
    expect(csvCell({ integer: -3 })).toBe('-3');
  });

  it('quotes fields with quotes, commas and line breaks (RFC 4180), and ends rows with CRLF', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\rhere', null])).toBe('a,"b,c","say ""hi""","two\nlines","cr\rhere",\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', 'a=b'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
      'plain',
      'a=b',
    ]);
  });
});
