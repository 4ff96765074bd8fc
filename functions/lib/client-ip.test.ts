// Hole 2 of the hardening issue: the local server must see each client's own address.
// Real sockets from distinct loopback addresses, through the local server's HTTP front.
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';
import { requestFrom, serveApi, type Served } from '../test/socket.ts';
import { socketIp } from './client-ip.ts';

const lead = { name: 'Dana Whitfield', email: 'dana@example-pharma.com' };
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function serve(trustProxy = 0, overrides: Record<string, string> = {}) {
  const base = await testApp(overrides, { clientIp: socketIp(trustProxy) });
  served = await serveApi((request, env) => base.app.fetch(request, env));
  return { ...base, url: served.url };
}

describe('client IP on the local server', () => {
  it("a contact flood from 127.0.0.50 does not block 127.0.0.60's lead", async () => {
    const { url, services } = await serve(0, { CONTACT_RATE_LIMIT: '3' });
    const post = (from: string, headers: Record<string, string> = {}) =>
      requestFrom(from, `${url}/api/contact`, { method: 'POST', body: lead, headers });
    for (let i = 0; i < 3; i++) expect((await post('127.0.0.50')).status).toBe(201);
    expect((await post('127.0.0.50')).status).toBe(429);
    // A forged X-Forwarded-For does not get the flooder a fresh bucket.
    expect((await post('127.0.0.50', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await post('127.0.0.60')).status).toBe(201);
    expect(await services.leads.newest()).toHaveLength(4);
  });

  it('TRUST_PROXY=1 takes the address our proxy saw, the right-most X-Forwarded-For entry', async () => {
    const { url, services } = await serve(1, { CONTACT_RATE_LIMIT: '1' });
    const post = (forwarded: string) =>
      requestFrom('127.0.0.70', `${url}/api/contact`, {
        method: 'POST',
        body: lead,
        headers: { 'x-forwarded-for': forwarded },
      });
    expect((await post('198.51.100.1')).status).toBe(201);
    expect((await post('198.51.100.1')).status).toBe(429);
    // The client may prepend anything; the proxy's own entry (right-most) decides.
    expect((await post('10.9.9.9, 198.51.100.1')).status).toBe(429);
    expect((await post('198.51.100.2')).status).toBe(201);
    expect(await services.leads.newest()).toHaveLength(2);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const { url } = await serve(0, { CONTACT_RATE_LIMIT: '1' });
    const post = (forwarded: string) =>
      requestFrom('127.0.0.80', `${url}/api/contact`, {
        method: 'POST',
        body: lead,
        headers: { 'x-forwarded-for': forwarded },
      });
    expect((await post('198.51.100.1')).status).toBe(201);
    expect((await post('198.51.100.2')).status).toBe(429);
  });
});

describe('IPv6 clients on the local server (through TRUST_PROXY: the local stack is IPv4 only)', () => {
  // Issue 21, item 2: 25 of 25 contact posts from one /64 passed, where one IPv4 address
  // gets 429 after CONTACT_RATE_LIMIT (20).
  it('one /64 shares one contact quota, whichever of its addresses is used', async () => {
    const { url, services } = await serve(1);
    const post = (forwarded: string) =>
      requestFrom('127.0.0.90', `${url}/api/contact`, {
        method: 'POST',
        body: lead,
        headers: { 'x-forwarded-for': forwarded },
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++)
      statuses.push((await post(`2001:db8:abcd:12::${i.toString(16)}`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(201));
    expect(statuses.slice(20)).toEqual(Array<number>(5).fill(429));
    // Written out in full, it is still that /64.
    expect((await post('2001:0db8:abcd:0012:ffff:0:0:1')).status).toBe(429);
    // The next /64 is someone else.
    expect((await post('2001:db8:abcd:13::1')).status).toBe(201);
    expect(await services.leads.newest(50)).toHaveLength(21);
  });

  it('an IPv4-mapped address is the IPv4 address: no second quota', async () => {
    const { url } = await serve(1, { CONTACT_RATE_LIMIT: '2' });
    const post = (forwarded: string) =>
      requestFrom('127.0.0.91', `${url}/api/contact`, {
        method: 'POST',
        body: lead,
        headers: { 'x-forwarded-for': forwarded },
      });
    expect((await post('198.51.100.20')).status).toBe(201);
    expect((await post('::ffff:198.51.100.20')).status).toBe(201);
    expect((await post('::ffff:c633:6414')).status).toBe(429);
    expect((await post('198.51.100.20')).status).toBe(429);
  });

  it('distinct loopback clients keep distinct IPv4 quotas', async () => {
    const { url } = await serve(0, { CONTACT_RATE_LIMIT: '1' });
    const post = (from: string) =>
      requestFrom(from, `${url}/api/contact`, { method: 'POST', body: lead });
    expect((await post('127.0.0.92')).status).toBe(201);
    expect((await post('127.0.0.92')).status).toBe(429);
    expect((await post('127.0.0.93')).status).toBe(201);
  });
});
