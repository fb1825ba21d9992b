/**
 * The core host runs for hours: its V8 heap bounded as `crossbuy serve` bounds it (scripts/launcher/
 * runtime.js SERVER_V8_FLAGS, where the why is; a test keeps the two equal). V8 reads them when the heap
 * is made, so they go on the utility process's command line.
 */
export const CORE_HOST_V8_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
