/**
 * The contract tier: the shapes of the localhost API as TypeBox schemas, their static types, the
 * enumerations and the field bounds. Imported by the core's routes (validation and the OpenAPI documents),
 * by the renderer (types, enumerations) and by scripts through the generated client. It imports nothing
 * but TypeBox, so any of them can load it.
 */
export * from './address-rules.js';
export * from './common.js';
export * from './enums.js';
export * from './error-codes.js';
export * from './events.js';
export * from './limits.js';
