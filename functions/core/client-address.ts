// The key per-address limits count under: a client's address reduced to what one
// subscriber controls (docs/decisions/0098-ipv6-limits.md). Pure text in, text out, so the
// data layer's limits (functions/data/rate-limit.ts, sign-in-throttle.ts), the routes and
// the experiment visitor key share it; where the address comes from is
// functions/lib/client-ip.ts's business.

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
