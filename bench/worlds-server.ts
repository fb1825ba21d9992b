/**
 * The server `npm run bench -- worlds` measures, in its own process: `startServer` on a data folder, with
 * the world-file engine every server has. Prints the origin and the admin token on one line once it serves.
 */
import { startServer } from '../src/main/headless/serve.js';

const dataDir = process.argv[2]!;
const running = await startServer({ dataDir, port: 0, uiDir: null });
process.stdout.write(`serving ${running.origin} ${running.core.adminToken} engine\n`);
const stop = () => void running.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
