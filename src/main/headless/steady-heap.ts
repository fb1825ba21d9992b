import { setFlagsFromString } from 'node:v8';

/**
 * A server's old generation collected when it has grown by half of what was live at the last full
 * collection, instead of V8's dynamic factor (up to 4x, tuned for a batch job that ends): a server at
 * ~350 requests a second otherwise let it grow to 93 MB with ~40 MB live, and stayed there. V8 reads the
 * factor at every full collection, so it is set once the server is up: before, the start's own loading
 * would pay for many collections of a heap that is still growing. The young generation's cap is the
 * launcher's (scripts/launcher/runtime.js SERVER_V8_FLAGS): V8 reads that one only at start.
 * Measured in docs/PERFORMANCE.md, "Memory".
 */
export function holdSteadyHeap(): void {
  setFlagsFromString('--heap-growing-percent=50');
}
