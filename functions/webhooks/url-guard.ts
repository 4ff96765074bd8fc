// Where the CRM webhook may point (docs/decisions/0182-webhook-ssrf-guard.md): an admin
// types the URL, and the server then POSTs to it, so an unchecked URL would let the admin
// screen reach the cloud's metadata service or anything else inside the network (SSRF).
//
// - In AWS (the store is real DynamoDB: config.store.kind 'aws') the URL must be https and
//   every address its host resolves to must be public: no private, loopback, link-local
//   (169.254.169.254, the metadata service, is one), carrier-grade NAT, unique-local or
//   site-local IPv6, multicast, reserved or documentation address, nor an IPv4-mapped,
//   IPv4-compatible or NAT64 form of one, nor 0.0.0.0 / ::.
// - Locally (`npm start`, tests) http://127.0.0.1, http://[::1] and http://localhost are
//   allowed too, so a team can try a receiver on their own machine; every other non-public
//   address is refused there as well.
//
// The URL is checked when it is saved (the API's 400 names webhook.url) and again for each
// delivery: `guardedLookup` is the DNS lookup of the delivery's socket, so the address
// that was checked is the one connected to (a host that resolves to a public address at
// save time and to 10.0.0.1 later is refused at delivery).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export type GuardMode = 'aws' | 'local';

/** Real AWS is strict; `npm start` and the tests also accept this machine's loopback. */
export const guardModeOf = (config: { store: { kind: string } }): GuardMode =>
  config.store.kind === 'aws' ? 'aws' : 'local';

/** A resolver of every address of a host; tests give their own table. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((done, fail) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? fail(error) : done(addresses),
    ),
  );

/** One refused range: node:net's BlockList does the prefix arithmetic. */
interface Range {
  list: BlockList;
  what: string;
}

const ranges = (family: 'ipv4' | 'ipv6', table: [cidr: string, what: string][]): Range[] =>
  table.map(([cidr, what]) => {
    const [network, bits] = cidr.split('/') as [string, string];
    const list = new BlockList();
    list.addSubnet(network, Number(bits), family);
    return { list, what };
  });

const V4_RANGES = ranges('ipv4', [
  ['0.0.0.0/8', 'an unspecified ("this network") address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a carrier-grade NAT address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.169.254/32', 'the cloud metadata address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'a reserved address'],
  ['192.0.2.0/24', 'a documentation address'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['198.51.100.0/24', 'a documentation address'],
  ['203.0.113.0/24', 'a documentation address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['240.0.0.0/4', 'a reserved address'],
]);

const V6_RANGES = ranges('ipv6', [
  ['::/128', 'an unspecified address'],
  ['::1/128', 'a loopback address'],
  ['100::/64', 'a discard address'],
  ['2001:db8::/32', 'a documentation address'],
  ['fc00::/7', 'a unique-local address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
]);

/** The prefixes whose last 32 bits are an IPv4 address: mapped, compatible, NAT64. */
const CARRIES_V4 = ranges('ipv6', [
  ['::ffff:0:0/96', 'IPv4-mapped'],
  ['::/96', 'IPv4-compatible (deprecated)'],
  ['64:ff9b::/96', 'NAT64'],
]);

/** The canonical text of an IPv6 literal (zone dropped, `::ffff:10.0.0.1` as `::ffff:a00:1`). */
function canonical6(address: string): string | undefined {
  const zone = address.indexOf('%');
  const bare = zone >= 0 ? address.slice(0, zone) : address;
  if (isIP(bare) !== 6) return undefined;
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
}

/** The dotted IPv4 address an IPv6 one carries, if it carries one. */
function embeddedV4(six: string): string | undefined {
  if (!CARRIES_V4.some(({ list }) => list.check(six, 'ipv6'))) return undefined;
  // The canonical text ends with the last two hextets ('' where `::` ends it).
  const [high, low] = six
    .split(':')
    .slice(-2)
    .map((hextet) => parseInt(hextet || '0', 16)) as [number, number];
  // ::/96 also holds :: and ::1, which carry nothing.
  if (six.startsWith('::') && !six.startsWith('::ffff:') && high === 0 && low <= 1)
    return undefined;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

const hitIn = (table: Range[], address: string, family: 'ipv4' | 'ipv6') =>
  table.find(({ list }) => list.check(address, family));

const isLoopback = (address: string): boolean => {
  if (isIP(address) === 4) return address.startsWith('127.');
  const six = canonical6(address);
  if (six === undefined) return false;
  if (six === '::1') return true;
  return embeddedV4(six)?.startsWith('127.') ?? false;
};

/**
 * Why `address` (an IP literal) may not be a webhook target, or undefined when it may.
 * Locally the loopback addresses are allowed; nothing else that is not public.
 */
export function addressProblem(address: string, mode: GuardMode): string | undefined {
  if (mode === 'local' && isLoopback(address)) return undefined;
  if (isIP(address) === 4) {
    if (address === '255.255.255.255') return `${address} is the broadcast address`;
    const hit = hitIn(V4_RANGES, address, 'ipv4');
    return hit ? `${address} is ${hit.what}` : undefined;
  }
  const six = canonical6(address);
  if (six === undefined) return `${address} is not an IP address`;
  const dotted = embeddedV4(six);
  if (dotted !== undefined) {
    const inner = addressProblem(dotted, mode === 'local' ? 'aws' : mode);
    return inner ? `${address} embeds ${dotted}, ${inner.replace(`${dotted} is `, '')}` : undefined;
  }
  const hit = hitIn(V6_RANGES, six, 'ipv6');
  return hit ? `${address} is ${hit.what}` : undefined;
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What is wrong with the URL itself (scheme, host), before any lookup; undefined when
 * nothing is. Sentences finish "webhook.url ...".
 */
export function urlProblem(value: string, mode: GuardMode): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a full URL such as https://crm.example.com/hooks/leads';
  }
  const local = mode === 'local' && LOCAL_NAMES.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return mode === 'aws'
      ? 'must be an https:// URL'
      : 'must be an https:// URL (http:// only for localhost, 127.0.0.1 or [::1] on this machine)';
  }
  if (url.username || url.password) {
    return 'must not contain a user name or password (put a token in the path or query instead)';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const problem = addressProblem(host, mode);
    if (problem) return `must point to a public address: ${problem}`;
  } else if (!host.includes('.') && !local) {
    return 'must name a public host (a name with a dot, such as crm.example.com)';
  }
  return undefined;
}

/**
 * The full check of a URL about to be saved or sent to: the URL, then every address its
 * host resolves to. Undefined when it may be used; otherwise the sentence's end.
 */
export async function checkWebhookUrl(
  value: string,
  mode: GuardMode,
  resolve: Resolve = systemResolve,
): Promise<string | undefined> {
  const problem = urlProblem(value, mode);
  if (problem) return problem;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    return `could not be resolved: ${host} has no address (${code})`;
  }
  if (addresses.length === 0) return `could not be resolved: ${host} has no address`;
  const refused = refusedAmong(addresses, mode);
  return refused ? `must point to a public address: ${host} resolves to ${refused}` : undefined;
}

/** "10.0.0.8, a private address" for the first refused address, if any. */
function refusedAmong(addresses: LookupAddress[], mode: GuardMode): string | undefined {
  for (const { address } of addresses) {
    const problem = addressProblem(address, mode);
    if (problem) return problem.replace(`${address} is `, `${address}, `);
  }
  return undefined;
}

/** An error the guarded lookup fails a connection with (the delivery records its message). */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'EREFUSEDADDRESS';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http(s) request options: resolves the host as usual and fails the
 * connection when any of its addresses is refused, so the socket only ever connects to an
 * address this module accepted.
 */
export function guardedLookup(mode: GuardMode, resolve: Resolve = systemResolve) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = refusedAmong(addresses, mode);
        if (refused || addresses.length === 0) {
          callback(
            new RefusedAddressError(`refused: ${hostname} resolves to ${refused ?? 'no address'}`),
            options.all ? [] : '',
          );
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : ''),
    );
  };
}
