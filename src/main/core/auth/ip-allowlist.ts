import { BlockList, isIP } from 'node:net';

/**
 * Validates one allowlist entry: an exact IPv4/IPv6 address or a CIDR range. Returns the normalized form
 * or null.
 */
export function parseAllowEntry(entry: string): string | null {
  const text = entry.trim();
  const [address, prefix, ...rest] = text.split('/');
  if (!address || rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (prefix === undefined) return address;
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${address}/${bits}`;
}

/** Strips the IPv4-mapped IPv6 prefix that dual-stack sockets report (::ffff:127.0.0.1). */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function isAllowed(ip: string, allowlist: readonly string[]): boolean {
  return allowlistMatcher(allowlist)(ip);
}

/** The allowlist as a check built once (auth/ caches it with the key): everyone when the list is empty. */
export function allowlistMatcher(allowlist: readonly string[]): (ip: string) => boolean {
  if (allowlist.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [base, bits] = entry.split('/');
    const type = isIP(base!) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(base!, type);
    else list.addSubnet(base!, Number(bits), type);
  }
  return (ip) => {
    const address = plainAddress(ip);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
