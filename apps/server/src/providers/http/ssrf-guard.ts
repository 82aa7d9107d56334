import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, isIPv4 } from 'node:net';

/**
 * The SSRF guard of ARCHITECTURE.md §4: which addresses and URLs an outgoing fetch of a
 * user- or search-supplied URL may reach. safe-fetch.ts applies it to every hop.
 */

export type SafeFetchErrorCode =
  | 'BAD_URL'
  | 'BLOCKED_ADDRESS'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'HTTP_ERROR'
  | 'NETWORK';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    /** Shown to the user as is. */
    readonly userMessage: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const BLOCKED_MESSAGE = '该地址指向内网或保留地址，出于安全原因无法访问';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to every address the system resolver knows for it. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const records = await dnsLookup(hostname, { all: true, verbatim: true });
  return records.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

// [network, prefix length]; everything not globally routable, per the IANA special-purpose registry.
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT; also Alibaba Cloud's metadata 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local; AWS/GCP/Azure/Tencent metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // includes 255.255.255.255
];

function v4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function isPublicV4Int(value: number): boolean {
  return BLOCKED_V4.every(([network, bits]) => {
    const base = v4ToInt(network) ?? 0;
    const size = 2 ** (32 - bits);
    return value < base || value >= base + size;
  });
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. */
function parseV6(ip: string): number[] | null {
  let text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const groups: number[] = [];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = v4ToInt(tail[1]);
    if (v4 === null) return null;
    text = `${text.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN)));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  groups.push(...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest);
  return groups.some(Number.isNaN) ? null : groups;
}

const embeddedV4 = (g: number[], at: number) => (g[at] ?? 0) * 65536 + (g[at + 1] ?? 0);

function isPublicV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = g;
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the embedded IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPublicV4Int(embeddedV4(g, 6));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicV4Int(embeddedV4(g, 6));
  // Only 2000::/3 is global unicast; that rejects ::, ::1, fc00::/7 (incl. fd00:ec2::254), fe80::/10, ff00::/8.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x200) return false; // 2001::/23 protocol assignments, Teredo
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return false; // 3fff::/20 documentation
  if (g0 === 0x2002) return isPublicV4Int(embeddedV4(g, 1)); // 6to4 carries an IPv4 address
  return true;
}

/** True only for a globally routable unicast address; false for anything else, non-IPs included. */
export function isPublicAddress(ip: string): boolean {
  const text = ip.trim().replace(/^\[|\]$/g, '');
  if (isIPv4(text)) {
    const value = v4ToInt(text);
    return value !== null && isPublicV4Int(value);
  }
  if (isIP(text.replace(/%.*$/, '')) !== 6) return false;
  const groups = parseV6(text);
  return groups !== null && isPublicV6(groups);
}

const BLOCKED_HOSTNAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.tencentyun.com', 'instance-data']);
const BLOCKED_SUFFIXES = ['.localhost', '.internal', '.local', '.localdomain', '.home.arpa', '.intranet', '.lan'];

/** Names that only ever mean "this machine" or "this network", refused before any DNS query. */
export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (isIP(name.replace(/^\[|\]$/g, ''))) return false;
  if (!name.includes('.')) return true; // single-label names resolve through the local search domains
  return BLOCKED_HOSTNAMES.has(name) || BLOCKED_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

export interface CheckUrlOptions {
  resolve?: Resolver;
  /**
   * Tests only: skip the address policy for every host (true) or for these exact hostnames.
   * Never set from configuration or request data.
   */
  allowPrivate?: boolean | readonly string[];
}

export interface CheckedUrl {
  url: URL;
  /** Hostname without IPv6 brackets. */
  host: string;
  /** Every address the host resolved to, all checked; the connection must use one of these. */
  addresses: ResolvedAddress[];
}

export function parseHttpUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    throw new SafeFetchError('BAD_URL', '链接格式不正确', `not a URL: ${String(input).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('BAD_URL', '仅支持 http 和 https 链接', `scheme not allowed: ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new SafeFetchError('BAD_URL', '链接中不能包含用户名或密码', 'credentials in URL');
  }
  if (!url.hostname) throw new SafeFetchError('BAD_URL', '链接格式不正确', 'URL without host');
  return url;
}

function allowedPrivately(host: string, allow: CheckUrlOptions['allowPrivate']): boolean {
  if (allow === true) return true;
  return Array.isArray(allow) && allow.some((h) => h.toLowerCase() === host.toLowerCase());
}

/**
 * Parses the URL and resolves its host: http/https only, no credentials, any port, and every
 * address the host resolves to must be public.
 */
export async function checkUrl(input: string | URL, options: CheckUrlOptions = {}): Promise<CheckedUrl> {
  const url = parseHttpUrl(input);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const exempt = allowedPrivately(host, options.allowPrivate);
  const blocked = (why: string) => new SafeFetchError('BLOCKED_ADDRESS', BLOCKED_MESSAGE, `${why}: ${url.host}`);
  const family = isIP(host);
  if (family) {
    if (!exempt && !isPublicAddress(host)) throw blocked('non-public address');
    return { url, host, addresses: [{ address: host, family: family === 6 ? 6 : 4 }] };
  }
  if (!exempt && isBlockedHostname(host)) throw blocked('internal hostname');
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver)(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new SafeFetchError('NETWORK', '无法解析该网址的域名', `DNS lookup failed for ${host}: ${code}`);
  }
  if (addresses.length === 0) throw new SafeFetchError('NETWORK', '无法解析该网址的域名', `no addresses for ${host}`);
  if (!exempt && addresses.some((a) => !isPublicAddress(a.address))) throw blocked('resolves to a non-public address');
  return { url, host, addresses };
}
