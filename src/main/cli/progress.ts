/**
 * A progress line on stderr for long CLI runs: printed at most every 250 ms and only once the run has
 * lasted 500 ms (a short run prints nothing), rewritten in place on a terminal, one line each otherwise.
 */
export class ProgressLine {
  private readonly started = Date.now();
  private last = 0;
  private shown = false;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly enabled = true,
  ) {}

  update(text: string): void {
    const now = Date.now();
    if (!this.enabled || now - this.started < 500 || now - this.last < 250) return;
    this.last = now;
    this.shown = true;
    this.out.write(this.out.isTTY ? `\r\x1b[2K${text}` : `${text}\n`);
  }

  done(): void {
    if (this.shown && this.out.isTTY) this.out.write('\n');
  }
}
