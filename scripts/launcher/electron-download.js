// Electron's binary (~110 MB) is downloaded on the first `npm start`, not at install time on every
// machine. The download shows its progress and is not cut short: a slow line takes as long as it takes
// (Ctrl-C stops it). @electron/get caches the zip; Electron's own install.js then finds it in the cache,
// checks it against checksums.json and unpacks it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * One progress line: "Downloading Electron 45.4.1: 37% (41.2 of 111.0 MB)".
 * @param {string} version
 * @param {{ transferred: number, total: number | null }} progress
 */
export function progressLine(version, progress) {
  const mb = (bytes) => (bytes / 1_048_576).toFixed(1);
  if (!progress.total) return `Downloading Electron ${version}: ${mb(progress.transferred)} MB`;
  const percent = Math.floor((progress.transferred / progress.total) * 100);
  return `Downloading Electron ${version}: ${percent}% (${mb(progress.transferred)} of ${mb(progress.total)} MB)`;
}

/**
 * Downloads (with progress on stderr) and unpacks Electron's binary into node_modules/electron/dist.
 * Says nothing until bytes arrive, so an offline machine falls back to headless in one line.
 * @param {string} electronDir node_modules/electron
 * @returns {Promise<{ ok: true } | { ok: false, error: string }>}
 */
export async function downloadElectron(electronDir, out = process.stderr) {
  const require = createRequire(join(electronDir, 'package.json'));
  const { version } = require('./package.json');
  try {
    const { downloadArtifact } = await import(pathToFileURL(require.resolve('@electron/get')).href);
    let last = '';
    let started = false;
    // On a terminal the line is redrawn in place; in a log, one line per tenth.
    const key = (progress) => (out.isTTY ? progressLine(version, progress) : String(progress.total ? Math.floor((progress.transferred / progress.total) * 10) : Math.floor(progress.transferred / 10_485_760)));
    await downloadArtifact({
      version,
      artifactName: 'electron',
      checksums: require('./checksums.json'),
      cacheRoot: process.env.electron_config_cache,
      platform: process.env.ELECTRON_INSTALL_PLATFORM || process.platform,
      arch: process.env.ELECTRON_INSTALL_ARCH || process.arch,
      downloadOptions: {
        quiet: true,
        getProgressCallback: (progress) => {
          const now = key(progress);
          if (now === last) return;
          last = now;
          if (!started) {
            started = true;
            out.write('crossbuy: first start, downloading Electron (once)\n');
          }
          const line = progressLine(version, progress);
          out.write(out.isTTY ? `\r${line}` : `${line}\n`);
        },
      },
    });
    if (out.isTTY) out.write('\n');
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // The zip is in the cache now: install.js checks and unpacks it (no network, no time limit).
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'inherit', env: { ...process.env, ELECTRON_GET_NO_PROGRESS: '1' } });
  return install.status === 0 ? { ok: true } : { ok: false, error: `electron/install.js exited with ${install.status ?? install.signal}` };
}
