import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Fetcher } from './dispatcher.js';

/**
 * Where a webhook may never go, remote webhooks allowed or not: the machine's cloud metadata service and
 * the network segments only a host itself reaches. A signed POST there would be a blind SSRF (the test
 * route answers the target's status). Checked on the URL when an endpoint is saved (names and literal
 * addresses), and again on every address a name resolves to, at connect time (the lookup of the very
 * connection), so a name that resolves elsewhere when saved and to a metadata address later (DNS
 * rebinding) cannot slip through. Private LAN ranges (10/8, 192.168/16) stay allowed: a webhook receiver
 * on the operator's network is a real use.
 */
const FORBIDDEN = new BlockList();
FORBIDDEN.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, holds 169.254.169.254 (AWS, GCP, Azure, OpenStack metadata)
FORBIDDEN.addSubnet('fe80::', 10, 'ipv6'); // link-local
FORBIDDEN.addSubnet('fc00::', 7, 'ipv6'); // unique-local, holds fd00:ec2::254 (AWS metadata over IPv6)
FORBIDDEN.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
FORBIDDEN.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network": 0.0.0.0 reaches the host itself
FORBIDDEN.addAddress('::', 'ipv6'); // the unspecified address, IPv6's 0.0.0.0: it reaches the host itself too

/** Names of metadata services (and their short forms resolvable inside a cloud). */
const FORBIDDEN_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.packet.net',
]);

/** An IPv6 address's eight 16-bit groups (a trailing dotted IPv4 counts as two), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const dottedOf = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 one carries to an IPv4 host, or null: IPv4-mapped (::ffff:a.b.c.d, in any
 * spelling), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48, where a DNS64 resolver answers
 * 64:ff9b::a9fe:a9fe for a name whose only address is 169.254.169.254) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return dottedOf(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) return dottedOf(g[6]!, g[7]!);
  if (g[0] === 0x2002) return dottedOf(g[1]!, g[2]!);
  return null;
}

/** Why an address is refused, or null. An IPv6 address that carries an IPv4 one is judged as that IPv4 too. */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return null;
  const carried = family === 6 ? embeddedIpv4(address) : null;
  const blocked = FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6') || (carried !== null && FORBIDDEN.check(carried, 'ipv4'));
  return blocked ? `${address} is a link-local, unique-local or cloud metadata address` : null;
}

/** Why a URL's host is refused as a webhook target, or null (names are judged again once resolved). */
export function forbiddenHost(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (FORBIDDEN_NAMES.has(host)) return `${host} is a cloud metadata service`;
  return forbiddenAddress(host);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolver = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for net.connect that resolves as usual and refuses the connection when any address is a
 * forbidden one. `resolve` is dns.lookup (tests hand in their own).
 */
export function guardedLookup(resolve: Resolver = dnsLookup as unknown as Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.map((a) => forbiddenAddress(a.address)).find((reason) => reason !== null);
      if (refused) return callback(Object.assign(new Error(`refused: ${hostname} resolves to ${refused}`), { code: 'EWEBHOOKTARGET' }), []);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * The dispatcher's fetch: one POST over node:http(s) whose connection resolves its name through
 * guardedLookup, so the address checked is the address connected to. Redirects are never followed (the
 * caller's rule): the status is all that is read; the body is discarded.
 */
export function guardedFetcher(resolve?: Resolver): Fetcher {
  const lookup = guardedLookup(resolve);
  return (url, init) =>
    new Promise((resolvePost, reject) => {
      const target = new URL(url);
      const refused = forbiddenHost(target);
      if (refused) return reject(new Error(`refused: ${refused}`));
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      // agent: false, a connection of its own per POST: a kept-alive socket would skip the lookup.
      const options = { method: init.method, headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) }, lookup, signal: init.signal, agent: false };
      const req = send(target, options, (res) => {
        res.resume();
        resolvePost({ status: res.statusCode ?? 0 });
      });
      req.once('error', reject);
      req.end(init.body);
    });
}
