/** The cursor query lives in the contract tier (src/contract/common.ts). */
export { CursorQuery } from '../../../contract/common.js';
