import { join } from 'node:path';
import { applyWorldFile, type ApplyResult } from '../../src/main/core/worlds/file/apply.js';
import { readWorldFile } from '../../src/main/core/worlds/file/load.js';
import { localWorldTarget } from '../../src/main/core/worlds/file/local-target.js';
import { startTestServer, type TestServer } from './server.js';

export const WORLDS_DIR = join(import.meta.dirname, '..', '..', 'worlds');

/** A fresh server whose one world starts as a world made from a file does (reference data, no money). */
export async function startWorldFileServer(options: { demo?: boolean; seed?: number; frozen?: boolean; clockStart?: string } = {}): Promise<TestServer> {
  return startTestServer({ empty: !options.demo, referenceData: true, applyFile: applyWorldFile, seed: options.seed, frozen: options.frozen, clockStart: options.clockStart });
}

export async function targetOf(server: TestServer) {
  return localWorldTarget(server.running.app, server.running.core.adminToken);
}

/** Applies a file of worlds/ (by name) to the server's world. */
export async function applyShipped(server: TestServer, name: string): Promise<ApplyResult> {
  const { file, baseDir } = readWorldFile(join(WORLDS_DIR, `${name}.json`));
  return applyWorldFile(await targetOf(server), file, { baseDir });
}
