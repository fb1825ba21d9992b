/**
 * Ends the current synchronous run of JavaScript, as the end of one request's handling does: what
 * `db/data-version.ts` keeps for a run (the data_version read, and the caches keyed by it) is read afresh after.
 */
export const nextRun = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
