// The API's visitor key against the edge's (infra/edge/clean-urls.js, run as CloudFront runs
// it): the server recomputes each event sender's variant, so the two must agree on every
// input, and both are pinned to digests from Python's hmac.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEdgeScript } from '../../infra/edge/edge-script.ts';
import type { VariantId } from '../shared/experiments.ts';
import { limitKey } from '../core/client-address.ts';
import { agentFamily, variantOfKey, visitorKey } from './experiment-visitor.ts';

const edge = loadEdgeScript<{
  addressPrefix(ip: string): string;
  agentFamily(userAgent: string): string;
  visitorKey(experimentId: string, secret: string, ip: string, userAgent: string): string;
  experimentVariant(value: string, secret: string, ip: string, userAgent: string): string;
}>('clean-urls.js', ['addressPrefix', 'agentFamily', 'visitorKey', 'experimentVariant']);

/** Real user agents and the family each belongs to. */
const AGENTS: [string, string][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'chrome/windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'edge/windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'firefox/windows',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'safari/macos',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'safari/ios',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/131.0 Mobile/15E148 Safari/605.1.15',
    'firefox/ios',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'chrome/ios',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'chrome/android',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'samsung/android',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'firefox/linux'],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'chrome/chromeos',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'opera/windows',
  ],
  ['Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.16', 'opera/windows'],
  ['Mozilla/5.0 (X11; Linux x86_64)', 'other/linux'],
  ['Mozilla/5.0 (compatible; SomeTool 1.0)', 'other/other'],
  ['', 'other/other'],
];

/** Addresses in every form a proxy or CloudFront may write, and junk. */
const ADDRESSES = [
  '203.0.113.7',
  '192.0.2.1',
  '2001:db8:85a3::8a2e:370:7334',
  '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
  '2001:DB8:85A3:0:0:8A2E:370:7334',
  '2001:db8::1',
  '2001:db8:0:0:1::1',
  '2001:db8:0:1::',
  '0:0:0:1::5',
  '::1',
  '::',
  '::ffff:198.51.100.9',
  '::ffff:c633:6409',
  '64:ff9b::192.0.2.33',
  '[2001:db8:4:5::1]',
  'fe80::1%eth0',
  '2001:db8::1::2',
  '2001:db8:1:2:3:4:5:6:7',
  '2001:db8::g',
  '::ffff:300.1.1.1',
  '::ffff:01.2.3.4',
  '1:2:3:4:5:6:1.2.3.4',
  'unknown',
  '',
];

describe('the visitor key, the API beside the edge', () => {
  it('reads the family of a user agent alike, without versions', () => {
    for (const [agent, family] of AGENTS) {
      expect(agentFamily(agent), agent).toBe(family);
      expect(edge.agentFamily(agent), agent).toBe(family);
    }
    expect(agentFamily(undefined)).toBe('other/other');
  });

  it('reduces an address alike: IPv4 as it is, IPv6 to its /64 (limitKey)', () => {
    for (const ip of ADDRESSES) expect(edge.addressPrefix(ip), ip).toBe(limitKey(ip));
    expect(edge.addressPrefix('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe(
      '2001:db8:85a3::/64',
    );
    expect(edge.addressPrefix('2001:db8:0:1::')).toBe('2001:db8:0:1::/64');
    expect(edge.addressPrefix('::')).toBe('::/64');
    expect(edge.addressPrefix('::ffff:c633:6409')).toBe('198.51.100.9');
  });

  it('computes the same key and variant for every address, agent and split', () => {
    const splits: { id: VariantId; weight: number }[][] = [
      [
        { id: 'a', weight: 50 },
        { id: 'b', weight: 50 },
      ],
      [
        { id: 'a', weight: 34 },
        { id: 'b', weight: 33 },
        { id: 'c', weight: 33 },
      ],
      [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 97 },
        { id: 'c', weight: 1 },
        { id: 'd', weight: 1 },
      ],
    ];
    const seen = new Set<string>();
    // Twenty fixed secrets (a random one left the 1% variant unseen about seven runs in ten):
    // every variant of every split is reached, the same way each run.
    for (let round = 0; round < 20; round++) {
      const secret = createHash('sha256').update(`secret ${round}`).digest('hex');
      for (const ip of ADDRESSES) {
        for (const [agent] of AGENTS) {
          const key = visitorKey('01JEXP33', secret, ip, agent);
          expect(key, `${ip} ${agent}`).toBe(edge.visitorKey('01JEXP33', secret, ip, agent));
          for (const split of splits) {
            const value = `x 01JEXP33 /variants/p ${split.map((v) => `${v.id}:${v.weight}`).join(' ')}`;
            expect(`/variants/p/${variantOfKey(key, split)}/index.html`).toBe(
              edge.experimentVariant(value, secret, ip, agent),
            );
            seen.add(variantOfKey(key, split));
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  // The edge test's reference vectors (infra/edge/edge-functions.test.ts), from Python's hmac.
  it("matches Python's HMAC-SHA256 over experimentId \\n prefix \\n family", () => {
    const secret = '5f2c'.repeat(16);
    expect(
      visitorKey(
        '01JEXP24TEST',
        secret,
        '203.0.113.7',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('150c6f8175b51a8efdff02f09db21485f76ad768cf21695f435cedf169a46282');
    expect(
      visitorKey(
        '01JEXPHOME',
        secret,
        '2001:db8:85a3:0:ffff::1',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('1d9bf88073c23e07db061fe357e7048969373a4a2e7eb286af165ad9d559a582');
    const key = visitorKey('01JEXPHOME', secret, '198.51.100.23', '');
    expect(key).toBe('6709196a32a355fff0f679cc5abe2b7806b577e07692bffea377dd96dca01c1c');
    // 0.40248 of the way: a:40 puts it just past a, a:41 just inside.
    const split = (a: number) =>
      [
        { id: 'a', weight: a },
        { id: 'b', weight: 100 - a },
      ] as { id: VariantId; weight: number }[];
    expect(variantOfKey(key, split(40))).toBe('b');
    expect(variantOfKey(key, split(41))).toBe('a');
  });
});
