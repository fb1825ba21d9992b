import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The server serves out/renderer: build it first when it is missing or older than its sources. */
export default function globalSetup(): void {
  const script = fileURLToPath(new URL('../../scripts/ensure-ui.js', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
