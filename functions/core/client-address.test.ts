// limitKey's forms: what an address counts as for per-address limits
// (docs/decisions/0098-ipv6-limits.md). The limits themselves, over real sockets, are in
// functions/lib/client-ip.test.ts and functions/routes/ipv6-limits.security.test.ts.
import { describe, expect, it } from 'vitest';
import { limitKey } from './client-address.ts';

describe('limitKey: the key per-address limits count under', () => {
  it('keeps IPv4 addresses and anything that is not an IPv6 literal unchanged', () => {
    expect(limitKey('198.51.100.7')).toBe('198.51.100.7');
    expect(limitKey('unknown')).toBe('unknown');
    expect(limitKey('dana@example-pharma.com')).toBe('dana@example-pharma.com');
    // Not IPv6: left alone rather than guessed at.
    for (const odd of ['2001:db8::1::2', '2001:db8:0:0:0:0:0:0:1', '12345::1', 'g::1', ':::'])
      expect(limitKey(odd), odd).toBe(odd);
  });

  it('maps an IPv6 address to its /64 in canonical form, however it is written', () => {
    const forms = [
      '2001:db8:abcd:12::1',
      '2001:DB8:ABCD:0012:0000:0000:0000:0001',
      '2001:0db8:abcd:12:ffff:eeee:dddd:cccc',
      '[2001:db8:abcd:12::99]',
      '2001:db8:abcd:12::2%eth0',
      '2001:db8:abcd:12:1:2:192.0.2.1',
    ];
    for (const form of forms) expect(limitKey(form), form).toBe('2001:db8:abcd:12::/64');
    expect(limitKey('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    // RFC 5952: the longest run of zero groups is the one written as ::.
    expect(limitKey('2001:0:0:1::5')).toBe('2001:0:0:1::/64');
    expect(limitKey('2001:db8:0:0:1::')).toBe('2001:db8::/64');
    expect(limitKey('::1')).toBe('::/64');
    expect(limitKey('fe80::1%25eth0')).toBe('fe80::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(limitKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(limitKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(limitKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});
