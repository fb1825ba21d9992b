/**
 * The thread a restore checks its file on (restore.ts starts one per restore): the copy, SQLite's checks,
 * the migration and the money checks of a file of any size run here, never on the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkBackupFile, type BackupCheckInput, type BackupVerdict } from './backup-check.js';

let verdict: BackupVerdict;
try {
  verdict = checkBackupFile(workerData as BackupCheckInput);
} catch (error) {
  // What no check foresaw (the disk full while copying, say) is the server's failure, not the file's.
  verdict = { ok: false, status: 422, message: `The backup could not be checked (${error instanceof Error ? error.message : String(error)})` };
}
parentPort!.postMessage(verdict);
