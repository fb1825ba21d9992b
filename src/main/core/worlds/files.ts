import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database.js';
import { adminTokenFile, databaseFile } from '../data-dir.js';
import { makePrivate, PRIVATE_DIR } from '../shared/private-files.js';

/** Where worlds live: <data>/worlds/<id>/ (its crossbuy.db and snapshots/), templates in .templates/. */
export const WORLDS_FOLDER = 'worlds';
export const worldsRoot = (dataDir: string) => join(dataDir, WORLDS_FOLDER);
export const worldDir = (dataDir: string, id: string) => join(worldsRoot(dataDir), id);
/** The data folder a world's folder (worldDir) lies in. */
export const dataDirOfWorld = (dir: string) => join(dir, '..', '..');
export const snapshotFile = (dataDir: string, id: string, snapshot: string) => join(worldDir(dataDir, id), 'snapshots', `${snapshot}.db`);
export const templateFile = (dataDir: string, hash: string) => join(worldsRoot(dataDir), '.templates', `${hash}.db`);

/** A copy-on-write clone where the file system has them (btrfs, XFS, APFS), else a plain copy. */
export async function cloneFile(from: string, to: string): Promise<void> {
  await copyFile(from, to, constants.COPYFILE_FICLONE);
}

/**
 * A consistent copy of a live database into `to` (SQLite's online backup, in steps between turns of the
 * event loop: nothing proportional to the data on one turn), written aside and renamed into place, so a
 * crash never leaves half a file under the final name.
 */
export async function backupTo(db: Db, to: string): Promise<void> {
  await mkdir(join(to, '..'), { recursive: true, mode: PRIVATE_DIR });
  const partial = `${to}.partial`;
  await rm(partial, { force: true });
  await db.backup(partial);
  // The copy holds what the world holds (webhook secrets, addresses): the user's alone, as every file here.
  makePrivate(partial);
  await rename(partial, to);
}

/**
 * A copy of a world's database while nothing else writes to it (a world being made, not reachable yet):
 * the WAL checkpointed into the main file, which is then cloned (a file copy, no page-by-page backup).
 */
export async function copyQuietDatabase(db: Db, from: string, to: string): Promise<void> {
  db.pragma('wal_checkpoint(TRUNCATE)');
  await mkdir(join(to, '..'), { recursive: true, mode: PRIVATE_DIR });
  await cloneInPlace(from, to);
}

/** A copy of `from` put at `to` whole (written aside under a name of its own, then renamed). */
async function cloneInPlace(from: string, to: string): Promise<void> {
  const partial = `${to}.${randomUUID()}.partial`;
  try {
    await cloneFile(from, partial);
    await rename(partial, to);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Keeps a world just made from a file as the template of its hash: its admin token, then its database
 * (the name a later create looks for), each put in place whole.
 */
export async function keepTemplate(db: Db, dir: string, template: string): Promise<void> {
  db.pragma('wal_checkpoint(TRUNCATE)');
  await mkdir(join(template, '..'), { recursive: true, mode: PRIVATE_DIR });
  await cloneInPlace(adminTokenFile(dir), `${template}.admin-token`);
  await cloneInPlace(databaseFile(dir), template);
}

/** A new world's folder from a kept template: its database and admin token (so opening it writes nothing). */
export async function copyTemplate(template: string, dir: string): Promise<void> {
  await Promise.all([cloneFile(template, databaseFile(dir)), cloneFile(`${template}.admin-token`, adminTokenFile(dir))]);
}

/** Replaces a closed world's database by a copy of `from` (its WAL and shared-memory files removed first). */
export async function replaceDatabase(dir: string, from: string): Promise<void> {
  const file = databaseFile(dir);
  await Promise.all([rm(`${file}-wal`, { force: true }), rm(`${file}-shm`, { force: true })]);
  const partial = `${file}.partial`;
  await cloneFile(from, partial);
  await rename(partial, file);
}

/** Makes a file's content durable (fdatasync). */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export async function removeFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}
