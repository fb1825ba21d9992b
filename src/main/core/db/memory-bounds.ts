import type Database from 'better-sqlite3';

/**
 * Each connection's page cache. better-sqlite3 builds SQLite with a 16 MB default (-16000), which a
 * connection fills as its file grows past that: a server held ~16 MB of cached pages per open database
 * (the data folder's, each open world's; issue 28's soak). The pages a request reads are few (indexed
 * lookups, the right edge of the tables a write appends to); the rest are in the OS's file cache, a read
 * away. Measured in issue 28's soak against the reads bench: see docs/PERFORMANCE.md, "Memory".
 */
export const PAGE_CACHE_KIB = 4096;

/**
 * Bounds what one connection may hold in memory: its page cache (`cache_size`, negative = KiB) and no
 * memory-mapped reads (`mmap_size = 0`, explicit: mapped pages of a large file would count towards the
 * process's resident set, unbounded by the cache size). Also used by the request log's writer thread.
 */
export function boundMemory(db: Database.Database, cacheKib: number): void {
  db.pragma(`cache_size = -${cacheKib}`);
  db.pragma('mmap_size = 0');
}
