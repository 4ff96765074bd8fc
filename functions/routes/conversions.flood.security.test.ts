// Issue 21, item 6: one address changing its user agent with every request counted as a
// new visitor each time (2,400 "visitors" in 42 s), since the per-visitor cap keys on the
// visitor hash, which the user agent feeds. A second cap counts events per address (an
// IPv6 client by its /64): beyond CONVERSION_ADDRESS_RATE_LIMIT a minute, events get the
// same 202 and are dropped. Real sockets from distinct loopback addresses; IPv6 arrives
// through TRUST_PROXY=1 as X-Forwarded-For, since the local stack is IPv4 only.
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_SCOPE } from '../data/event-counters.ts';
import { socketIp } from '../lib/client-ip.ts';
import { seedPages, testApp } from '../test/harness.ts';
import { requestFrom, serveApi, type Served } from '../test/socket.ts';

const DAY = '2026-03-02';
/** A browser's user agent with a different build number each time. */
const browser = (i: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`;
const event = { landingPageId: 'spring', eventType: 'page_view' };

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function serve(trustProxy: number, overrides: Record<string, string>) {
  let now = new Date(`${DAY}T09:00:10Z`);
  const base = await testApp(overrides, { clientIp: socketIp(trustProxy), now: () => now });
  await seedPages(base.services, ['spring']);
  served = await serveApi((request, env) => base.app.fetch(request, env));
  const send = (from: string, userAgent: string, headers: Record<string, string> = {}) =>
    requestFrom(from, `${served!.url}/api/conversions`, {
      method: 'POST',
      body: event,
      headers: { 'user-agent': userAgent, ...headers },
    });
  /** Page views the site counted today, and its visitors. */
  const counted = async () => {
    const counters = await base.services.events.countersForPage(SITE_SCOPE, DAY, DAY);
    return counters.reduce((sum, counter) => sum + counter.count, 0);
  };
  const visitors = async () => {
    const [day] = await base.services.events.dayStats(SITE_SCOPE, DAY, DAY);
    return day?.events.get('page_view')?.visitors ?? 0;
  };
  return {
    ...base,
    send,
    counted,
    visitors,
    nextMinute: () => (now = new Date(`${DAY}T09:01:10Z`)),
  };
}

describe('POST /api/conversions: a flood of fake visitors from one address', () => {
  it('caps events per address and minute, whatever the user agent', async () => {
    const { send, counted, visitors, nextMinute } = await serve(0, {
      CONVERSION_ADDRESS_RATE_LIMIT: '8',
    });
    for (let i = 0; i < 30; i++) expect((await send('127.0.0.110', browser(i))).status).toBe(202);
    expect(await visitors()).toBe(8);
    // Another address is somebody else.
    expect((await send('127.0.0.111', browser(0))).status).toBe(202);
    expect(await counted()).toBe(9);
    // The next minute, the address counts again, up to the cap.
    nextMinute();
    for (let i = 100; i < 110; i++) await send('127.0.0.110', browser(i));
    expect(await counted()).toBe(17);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { send, counted } = await serve(1, { CONVERSION_ADDRESS_RATE_LIMIT: '5' });
    const from = (forwarded: string, i: number) =>
      send('127.0.0.112', browser(i), { 'x-forwarded-for': forwarded });
    for (let i = 0; i < 20; i++)
      expect((await from(`2001:db8:f00d:7:${i.toString(16)}::1`, i)).status).toBe(202);
    expect(await counted()).toBe(5);
    await from('2001:db8:f00d:8::1', 0);
    expect(await counted()).toBe(6);
  });

  it('keeps the per-visitor cap below the per-address one', async () => {
    const { send, counted } = await serve(0, {
      CONVERSION_RATE_LIMIT: '3',
      CONVERSION_ADDRESS_RATE_LIMIT: '100',
    });
    for (let i = 0; i < 6; i++) await send('127.0.0.113', browser(1));
    expect(await counted()).toBe(3);
  });
});
