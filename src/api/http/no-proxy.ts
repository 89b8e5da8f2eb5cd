/**
 * NO_PROXY matching with curl's rules: a comma (or blank) separated list; `*` alone matches every
 * host; a name matches itself and every name under it (`example.com` and `.example.com` both match
 * `example.com` and `www.example.com`, never `notexample.com`), case and trailing dots ignored; an
 * IP address matches that address, and with `/bits` a network (CIDR), IPv6 written with or without
 * brackets. Beyond curl: `*.example.com` is read as `.example.com`, and `host:port` matches that
 * host only on that port (curl ignores such an entry).
 */
import { isIP } from 'node:net';

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

interface Entry {
  readonly host: string;
  readonly bits?: number;
  readonly port?: string;
}

/** True when `list` (a NO_PROXY value) says not to proxy requests to `url`. */
export function noProxyMatches(list: string, url: URL): boolean {
  const host = bare(url.hostname);
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : url.port;
  const ip = ipBytes(host);
  for (const token of list.split(/[\s,]+/)) {
    if (token === '') continue;
    if (token === '*') return true;
    const entry = parseEntry(token);
    if (entry.port !== undefined && entry.port !== port) continue;
    if (ip !== undefined ? ipMatches(ip, entry) : nameMatches(host, entry.host)) return true;
  }
  return false;
}

/** Lowercase, without brackets or a trailing dot. */
function bare(host: string): string {
  let h = host.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

function parseEntry(token: string): Entry {
  let rest = token;
  let port: string | undefined;
  const bracketed = /^\[([^\]]*)\](?::(\d+))?(\/\d+)?$/.exec(rest);
  if (bracketed) {
    rest = `${bracketed[1] ?? ''}${bracketed[3] ?? ''}`;
    port = bracketed[2];
  } else {
    // One colon: host:port. More: an IPv6 address (without brackets it has no port).
    const withPort = /^([^:]*):(\d+)$/.exec(rest);
    if (withPort) {
      rest = withPort[1] ?? '';
      port = withPort[2];
    }
  }
  const slash = /^(.*)\/(\d{1,3})$/.exec(rest);
  if (slash) return { host: bare(slash[1] ?? ''), bits: Number(slash[2]), ...(port === undefined ? {} : { port }) };
  let host = bare(rest);
  if (host.startsWith('*.')) host = host.slice(1);
  if (host.startsWith('.')) host = host.slice(1);
  return { host, ...(port === undefined ? {} : { port }) };
}

function nameMatches(host: string, name: string): boolean {
  if (name === '') return false;
  return host === name || host.endsWith(`.${name}`);
}

function ipMatches(ip: readonly number[], entry: Entry): boolean {
  const network = ipBytes(entry.host);
  if (network === undefined || network.length !== ip.length) return false;
  const bits = entry.bits ?? ip.length * 8;
  if (bits > ip.length * 8) return false;
  for (let i = 0; i < ip.length; i++) {
    const take = Math.min(8, Math.max(0, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if (((ip[i] ?? 0) & mask) !== ((network[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The address's bytes (4 or 16), or undefined when `text` is not an IP address. */
function ipBytes(text: string): number[] | undefined {
  const family = isIP(text);
  if (family === 4) return text.split('.').map(Number);
  if (family !== 6) return undefined;
  // The URL parser writes any IPv6 spelling (::, embedded IPv4) as eight hex groups with one ::.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groups = (part: string | undefined): string[] => (part === undefined || part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}
