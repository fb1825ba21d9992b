import { closeSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';

/**
 * The WAL-index header of a database in WAL mode, read from its `-shm` file: 48 bytes that SQLite keeps
 * twice (https://sqlite.org/walformat.html, "The WAL-Index Header") and rewrites at every commit of any
 * connection, with a change counter (`iChange`) that each commit increments. Readers never write it. So
 * while these 96 bytes stay the same, nobody has committed. One `pread` tells; `PRAGMA data_version` opens a
 * read transaction (two fcntl locks) to tell the same, which measured ~11 us on a GET /cart (a quarter of its
 * time on the request thread). With the read here instead, that request thread went from 42.7 to 37.0 us
 * (docs/PERFORMANCE.md, "Session 10").
 *
 * A writer rewrites the second copy, then the first: a read that catches it half way sees two copies that
 * differ, and any difference from the bytes seen last counts as a change. Never a missed one: a commit
 * finished before the read began has rewritten both.
 *
 * The file descriptor needs care on POSIX systems: closing any descriptor of a file releases every lock
 * this process holds on it (fcntl locks belong to the process and the file), and SQLite holds locks on the
 * `-shm` file for as long as one of its connections in this process uses it. So a descriptor is closed only
 * once the file is gone (its last connection, anywhere, unlinked it when it closed): until then it waits in
 * `lingering`, looked at again whenever another header is opened or released. (Windows locks per handle:
 * closing ours touches nobody's.)
 */
export class WalIndexHeader {
  private readonly bytes = Buffer.alloc(HEADER_BYTES * 2);
  private readonly seen = Buffer.alloc(HEADER_BYTES * 2);
  private read = false;

  private constructor(private fd: number | null) {}

  /**
   * The header of `databaseFile`'s WAL index, or null where there is none to read (not WAL, in memory) or
   * what is there is not an initialized header. SQLite names the file after the database's real path on
   * POSIX systems (it follows a symbolic link to the database), after the path as given on Windows.
   */
  static open(databaseFile: string): WalIndexHeader | null {
    closeLingering();
    let fd: number;
    try {
      const real = process.platform === 'win32' ? databaseFile : realpathSync(databaseFile);
      fd = openSync(`${real}-shm`, 'r');
    } catch {
      return null;
    }
    const header = new WalIndexHeader(fd);
    if (!header.initialized()) {
      header.release();
      return null;
    }
    return header;
  }

  /** Whether the first copy reads as a header SQLite initialized: its version (3007000) and isInit set. */
  private initialized(): boolean {
    if (this.fd === null) return false;
    try {
      if (readSync(this.fd, this.bytes, 0, HEADER_BYTES, 0) < HEADER_BYTES) return false;
    } catch {
      return false;
    }
    const version = this.bytes.readUInt32LE(0) === WAL_INDEX_VERSION || this.bytes.readUInt32BE(0) === WAL_INDEX_VERSION;
    return version && this.bytes[12] === 1;
  }

  /**
   * Whether the header differs from the one seen at the last call (the first call: true). Null when it
   * cannot be read (a file shorter than the header, a read error): the caller must then assume a change.
   */
  changed(): boolean | null {
    if (this.fd === null) return null;
    let length: number;
    try {
      length = readSync(this.fd, this.bytes, 0, this.bytes.length, 0);
    } catch {
      return null;
    }
    if (length < this.bytes.length) return null;
    if (this.read && this.bytes.equals(this.seen)) return false;
    this.bytes.copy(this.seen);
    this.read = true;
    return true;
  }

  /** After the connection has closed: the descriptor closes now, or once nothing else can use the file. */
  release(): void {
    if (this.fd === null) return;
    lingering.add(this.fd);
    this.fd = null;
    closeLingering();
  }
}

const HEADER_BYTES = 48;
/** `iVersion` of every WAL-index header since SQLite 3.7.0 (walformat.html). */
const WAL_INDEX_VERSION = 3007000;

/** Descriptors of released headers whose file another connection may still lock. */
const lingering = new Set<number>();

function closeLingering(): void {
  for (const fd of lingering) {
    let gone = true;
    try {
      gone = process.platform === 'win32' || fstatSync(fd).nlink === 0;
    } catch {
      // A descriptor that cannot be looked at is closed all the same.
    }
    if (!gone) continue;
    lingering.delete(fd);
    try {
      closeSync(fd);
    } catch {
      // Already closed: nothing to release.
    }
  }
}

/** How many released descriptors are still open (tests). */
export function lingeringHeaders(): number {
  return lingering.size;
}
