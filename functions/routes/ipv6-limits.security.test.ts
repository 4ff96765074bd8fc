// Issue 21, item 2: an IPv6 client has a whole /64 to rotate through, and every
// per-address limit keyed on the full address let it start afresh with each request.
// The limits now count an IPv6 client by its /64 (functions/core/client-address.ts limitKey).
// Real sockets from loopback addresses; IPv6 arrives through TRUST_PROXY=1 as
// X-Forwarded-For, since the local stack listens on IPv4 only.
import { afterEach, describe, expect, it } from 'vitest';
import { socketIp } from '../lib/client-ip.ts';
import { testApp, TEST_PASSWORD, testPasswordHash } from '../test/harness.ts';
import { requestFrom, serveApi, type Served } from '../test/socket.ts';

const ADMIN = 'ops@pharmabridge.test';
const WRONG = 'wrong-password-123';
/** The attacker's /64, one address per request. */
const attacker = (i: number) => `2001:db8:bad:1:${(i + 1).toString(16)}::${(i * 7).toString(16)}`;

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function serve(overrides: Record<string, string>) {
  const base = await testApp(overrides, { clientIp: socketIp(1) });
  await base.services.admins.create(ADMIN, testPasswordHash());
  served = await serveApi((request, env) => base.app.fetch(request, env));
  const post = (from: string, forwarded: string, path: string, body: unknown) =>
    requestFrom(from, `${served!.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'x-forwarded-for': forwarded },
    });
  return { ...base, post };
}

// Every checked attempt hashes a password (deliberately slow): a loaded machine needs time.
describe('IPv6 /64 against the sign-in throttle', { timeout: 120_000 }, () => {
  it('the (account, IP) pair limit holds across the addresses of one /64', async () => {
    const { post } = await serve({ LOGIN_PAIR_LIMIT: '2', LOGIN_FREE_FAILURES: '100' });
    const login = (forwarded: string, password: string) =>
      post('127.0.0.100', forwarded, '/api/auth/login', { email: ADMIN, password });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(attacker(i), WRONG)).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
    // The administrator, from another /64, signs in at once.
    expect((await login('2001:db8:600d:1::1', TEST_PASSWORD)).status).toBe(200);
  });

  it('the per-IP limit holds across the addresses of one /64 (password spraying)', async () => {
    const { post } = await serve({ LOGIN_IP_LIMIT: '3', LOGIN_FREE_FAILURES: '100' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `user${i}@pharmabridge.test`;
      statuses.push(
        (await post('127.0.0.101', attacker(i), '/api/auth/login', { email, password: WRONG }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('IPv6 /64 against the setup and invitation link limit', () => {
  it('counts link attempts per /64', async () => {
    const { post } = await serve({ LOGIN_IP_LIMIT: '3' });
    const setup = (forwarded: string) =>
      post('127.0.0.102', forwarded, '/api/auth/setup', {
        token: 'not-a-real-setup-token',
        email: 'eve@example.com',
        password: 'quiet-harbour-lantern-77',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await setup(attacker(i))).status);
    // 409: an administrator exists; the limit is checked before that.
    expect(statuses).toEqual([409, 409, 409, 429, 429]);
    expect((await setup('2001:db8:600d:1::1')).status).toBe(409);
  });
});
