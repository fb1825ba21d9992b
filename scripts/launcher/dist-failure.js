// What `npm run dist` says when electron-builder fails: one line naming the cause, from its output. Pure, so
// each case is tested without a network to lose.

/** Network failures as Node, @electron/get and electron-builder's downloader word them. */
const NETWORK = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|proxy|tunneling socket|self[- ]signed certificate|unable to get local issuer)\b/i;

/**
 * @param {string} output everything electron-builder printed
 * @param {string} logFile where the full output was kept
 * @returns {string}
 */
export function distFailure(output, logFile) {
  const lines = output.split('\n').map((line) => line.trim()).filter(Boolean);
  const network = lines.find((line) => NETWORK.test(line));
  if (network) {
    // "⨯ getaddrinfo ENOTFOUND github.com  failedTask=build stackTrace=..." -> "getaddrinfo ENOTFOUND github.com"
    const reason = network.replace(/^[^\w]+/, '').split(/\s{2,}|\s+(?:failedTask|stackTrace)=/)[0];
    const host = /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)\s+([\w.-]+)/.exec(network)?.[1] ?? /https?:\/\/([^/\s"')]+)/.exec(output)?.[1];
    return (
      `dist: electron-builder could not download what it needs${host ? ` from ${host}` : ''} (${reason}): packaging needs the network the first time ` +
      `(Electron, unless \`npm start\` already downloaded it, and the packaging tools; a proxy is read from HTTPS_PROXY); full output in ${logFile}`
    );
  }
  const last = [...lines].reverse().find((line) => /error|failed|cannot|not found/i.test(line)) ?? lines.at(-1) ?? 'no output';
  return `dist: electron-builder failed: ${last.slice(0, 200)}; full output in ${logFile}`;
}
