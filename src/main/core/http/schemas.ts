/** The shared schema pieces live in the contract tier; re-exported for the routes not yet moved. */
export * from '../../../contract/common.js';
