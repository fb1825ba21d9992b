import { Int, Str, rowReader } from '../db/row-reader.js';

/** The world's one world_state row (migration 019) as its identity reads it, checked (db/row-reader.ts). */
export const worldStateRows = rowReader('world_state', { seed: Int, frozen: Int, clock_start: Str });
