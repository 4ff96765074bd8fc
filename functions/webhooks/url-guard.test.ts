// The webhook's SSRF guard (./url-guard.ts), table-driven: which addresses and URLs are
// refused in AWS and locally, names that resolve to refused addresses (a resolver table
// stands in for DNS), and the socket lookup refusing them at connection time against a
// real loopback server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  checkWebhookUrl,
  guardedLookup,
  urlProblem,
  type Resolve,
} from './url-guard.ts';

describe('addresses', () => {
  // [address, refused in AWS because ..., refused locally because ... (undefined: allowed)]
  const table: [string, string | undefined, string | undefined][] = [
    ['8.8.8.8', undefined, undefined],
    ['52.95.110.1', undefined, undefined],
    ['2606:4700:4700::1111', undefined, undefined],
    ['10.0.0.1', 'a private address', 'a private address'],
    ['172.16.5.4', 'a private address', 'a private address'],
    ['172.31.255.255', 'a private address', 'a private address'],
    ['172.32.0.1', undefined, undefined],
    ['192.168.1.1', 'a private address', 'a private address'],
    ['127.0.0.1', 'a loopback address', undefined],
    ['127.8.9.10', 'a loopback address', undefined],
    ['::1', 'a loopback address', undefined],
    ['169.254.169.254', 'the cloud metadata address', 'the cloud metadata address'],
    ['169.254.10.1', 'a link-local address', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address', 'a carrier-grade NAT address'],
    ['100.127.255.254', 'a carrier-grade NAT address', 'a carrier-grade NAT address'],
    ['100.128.0.1', undefined, undefined],
    [
      '0.0.0.0',
      'an unspecified ("this network") address',
      'an unspecified ("this network") address',
    ],
    ['::', 'an unspecified address', 'an unspecified address'],
    ['255.255.255.255', 'the broadcast address', 'the broadcast address'],
    ['224.0.0.1', 'a multicast address', 'a multicast address'],
    ['fd12:3456::1', 'a unique-local address', 'a unique-local address'],
    ['fc00::1', 'a unique-local address', 'a unique-local address'],
    ['fe80::1%eth0', 'a link-local address', 'a link-local address'],
    ['fec0::1', 'a site-local address', 'a site-local address'],
    ['ff02::1', 'a multicast address', 'a multicast address'],
    ['2001:db8::1', 'a documentation address', 'a documentation address'],
    ['::ffff:127.0.0.1', 'embeds 127.0.0.1, a loopback address', undefined],
    ['::ffff:10.0.0.1', 'embeds 10.0.0.1, a private address', 'embeds 10.0.0.1, a private address'],
    [
      '::ffff:a9fe:a9fe',
      'embeds 169.254.169.254, the cloud metadata address',
      'embeds 169.254.169.254, the cloud metadata address',
    ],
    ['::ffff:8.8.8.8', undefined, undefined],
    ['::10.0.0.1', 'embeds 10.0.0.1, a private address', 'embeds 10.0.0.1, a private address'],
    [
      '64:ff9b::c0a8:101',
      'embeds 192.168.1.1, a private address',
      'embeds 192.168.1.1, a private address',
    ],
  ];
  it.each(table)('%s: AWS %s, locally %s', (address, aws, local) => {
    const problem = (mode: 'aws' | 'local') => addressProblem(address, mode);
    expect(problem('aws')).toEqual(aws === undefined ? undefined : expect.stringContaining(aws));
    expect(problem('local')).toEqual(
      local === undefined ? undefined : expect.stringContaining(local),
    );
    if (aws)
      expect(problem('aws')).toMatch(
        new RegExp(`^${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `),
      );
  });
});

describe('URLs', () => {
  const table: [string, string | undefined, string | undefined][] = [
    ['https://crm.example.com/hooks/leads?token=1', undefined, undefined],
    ['http://crm.example.com/hooks', 'must be an https:// URL', 'http:// only for localhost'],
    ['http://127.0.0.1:8080/hooks', 'must be an https:// URL', undefined],
    ['http://localhost:8080/hooks', 'must be an https:// URL', undefined],
    ['http://[::1]:8080/hooks', 'must be an https:// URL', undefined],
    ['http://10.0.0.5/hooks', 'must be an https:// URL', 'http:// only for localhost'],
    ['https://10.0.0.5/hooks', '10.0.0.5 is a private address', '10.0.0.5 is a private address'],
    ['https://169.254.169.254/latest', 'the cloud metadata address', 'the cloud metadata address'],
    [
      'https://[::ffff:169.254.169.254]/',
      'the cloud metadata address',
      'the cloud metadata address',
    ],
    ['https://127.0.0.1/hooks', 'a loopback address', undefined],
    [
      'https://user:pw@crm.example.com/',
      'must not contain a user name',
      'must not contain a user name',
    ],
    ['https://intranet/hooks', 'must name a public host', 'must name a public host'],
    ['ftp://crm.example.com/', 'must be an https:// URL', 'must be an https:// URL'],
    ['not a url', 'must be a full URL', 'must be a full URL'],
  ];
  it.each(table)('%s: AWS %s, locally %s', (url, aws, local) => {
    const problem = (mode: 'aws' | 'local') => urlProblem(url, mode);
    expect(problem('aws')).toEqual(aws === undefined ? undefined : expect.stringContaining(aws));
    expect(problem('local')).toEqual(
      local === undefined ? undefined : expect.stringContaining(local),
    );
  });
});

describe('names that resolve to refused addresses', () => {
  const dns: Record<string, string[]> = {
    'crm.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebind.example.com': ['93.184.215.14', '10.0.0.8'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:192.168.0.1'],
    localhost: ['127.0.0.1', '::1'],
    'loop.example.com': ['127.0.0.1'],
  };
  const resolve: Resolve = async (host) => {
    const addresses = dns[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  it.each([
    ['https://crm.example.com/hooks', 'aws', undefined],
    [
      'https://rebind.example.com/hooks',
      'aws',
      'rebind.example.com resolves to 10.0.0.8, a private address',
    ],
    [
      'https://metadata.example.com/',
      'aws',
      'resolves to 169.254.169.254, the cloud metadata address',
    ],
    ['https://mapped.example.com/', 'local', 'embeds 192.168.0.1, a private address'],
    [
      'https://nowhere.example.com/',
      'aws',
      'could not be resolved: nowhere.example.com has no address (ENOTFOUND)',
    ],
    ['http://localhost:3000/hooks', 'local', undefined],
    ['https://localhost/hooks', 'aws', 'must name a public host'],
    [
      'https://loop.example.com/hooks',
      'aws',
      'loop.example.com resolves to 127.0.0.1, a loopback address',
    ],
    ['https://loop.example.com/hooks', 'local', undefined],
  ] as const)('%s (%s): %s', async (url, mode, expected) => {
    const problem = await checkWebhookUrl(url, mode, resolve);
    expect(problem).toEqual(expected === undefined ? undefined : expect.stringContaining(expected));
  });

  it('refuses the connection itself when a name resolves to a refused address', async () => {
    const server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const post = (mode: 'aws' | 'local') =>
      new Promise<string>((done) => {
        const outgoing = request(
          `http://receiver.example.com:${port}/`,
          {
            lookup: guardedLookup(mode, async () => [{ address: '127.0.0.1', family: 4 }]),
            agent: false,
          },
          (response) => {
            response.resume();
            done(`answered ${response.statusCode}`);
          },
        );
        outgoing.on('error', (error) => done(error.message));
        outgoing.end();
      });
    try {
      expect(await post('aws')).toBe(
        'refused: receiver.example.com resolves to 127.0.0.1, a loopback address',
      );
      // The same request with loopback allowed reaches the server: the refusal was the guard's.
      expect(await post('local')).toBe('answered 200');
    } finally {
      server.close();
    }
  });
});
