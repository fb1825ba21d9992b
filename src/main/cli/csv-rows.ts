/**
 * Counts the rows of CSV text fed in chunks: a line break ends a row unless it is inside a quoted field
 * (a description may hold one). A doubled quote inside a field toggles twice, so it needs no case of its own.
 */
export class CsvRowCounter {
  rows = 0;
  private quoted = false;

  add(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 34 /* " */) this.quoted = !this.quoted;
      else if (c === 10 /* \n */ && !this.quoted) this.rows++;
    }
  }
}
