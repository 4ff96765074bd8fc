// Where the client's IP comes from depends on what sits in front of the app; the
// resolver is chosen at start-up, never guessed from headers a client can forge.
import type { Context } from 'hono';

export type ClientIpResolver = (c: Context) => string;

/** The socket's peer address (@hono/node-server hands the Node request in c.env). */
function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  return address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

/**
 * Local Node server. `trustedProxies` (TRUST_PROXY) says how many proxies of ours stand in
 * front: 0 (the default) uses the socket address and ignores X-Forwarded-For, which any
 * client can write; N > 0 takes the Nth entry from the right of X-Forwarded-For (the
 * address our outermost proxy saw), since entries further left are the client's own.
 */
export function socketIp(trustedProxies = 0): ClientIpResolver {
  return (c) => {
    const peer = peerAddress(c);
    if (trustedProxies > 0) {
      const chain = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const candidate = chain[chain.length - trustedProxies];
      if (candidate && isIp(candidate)) return candidate;
    }
    return peer ?? 'unknown';
  };
}

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;
const isIp = (value: string) => IPV4.test(value) || (value.includes(':') && IPV6.test(value));

/**
 * Lambda behind CloudFront: CloudFront sets CloudFront-Viewer-Address ("ip:port") and
 * overwrites any value a client sends; the API Gateway source IP is the fallback.
 */
export const cloudFrontIp: ClientIpResolver = (c) => {
  const viewer = c.req.header('cloudfront-viewer-address');
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')).replace(/^\[|\]$/g, '');
  const env = c.env as
    { event?: { requestContext?: { http?: { sourceIp?: string } } } } | undefined;
  return env?.event?.requestContext?.http?.sourceIp ?? 'unknown';
};

/** In-process API tests (app.request has no socket): the first X-Forwarded-For entry. */
export const forwardedForIp: ClientIpResolver = (c) =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';

const IPV4_EXACT = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv6 literal's eight 16-bit groups, or undefined when `value` is not one. */
function ipv6Groups(value: string): number[] | undefined {
  let text = value;
  // A dotted IPv4 tail (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is the last two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (!IPV4_EXACT.test(tail[2]!)) return undefined;
    const [a, b, c, d] = tail[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

/** RFC 5952 text of eight groups: lower case, no leading zeros, the longest zero run as ::. */
function ipv6Text(groups: number[]): string {
  let best = { at: -1, length: 1 };
  for (let at = 0; at < 8;) {
    if (groups[at] !== 0) {
      at++;
      continue;
    }
    let end = at;
    while (end < 8 && groups[end] === 0) end++;
    if (end - at > best.length) best = { at, length: end - at };
    at = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/**
 * The key per-address limits count under (docs/decisions/0098-ipv6-limits.md). An IPv4 address
 * is itself; an IPv6 address stands for its /64, in canonical text (`2001:db8:1:2::/64`),
 * because one subscriber gets at least a /64 and can use any of its 2^64 addresses, so a
 * per-address limit keyed on the full address limits nobody. IPv4-mapped addresses
 * (::ffff:a.b.c.d) are the IPv4 address; brackets and a zone id (%eth0) are dropped.
 * Anything else (an e-mail address, 'unknown') is returned unchanged. Only limits use
 * this: logs and audit entries keep the full address.
 */
export function limitKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const bare = ip.replace(/^\[(.*)\]$/, '$1').replace(/%[^%]*$/, '');
  const groups = ipv6Groups(bare);
  if (!groups) return ip;
  const mapped = groups.slice(0, 6).join(',') === '0,0,0,0,0,65535';
  if (mapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${ipv6Text([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}
