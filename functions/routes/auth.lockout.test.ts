// Hole 3 of the hardening issue, "lock-out as a weapon": anyone who knew an admin's e-mail
// could lock that admin out with 10 requests per 15 minutes. Now failures are throttled
// per (account, IP) pair and per IP, and the account itself only slows down, for
// addresses that have failed (docs/decisions/0039-sign-in-throttling.md).
import { afterEach, describe, expect, it } from 'vitest';
import { accountDelaySeconds } from '../data/sign-in-throttle.ts';
import { socketIp } from '../lib/client-ip.ts';
import { testApp, TEST_PASSWORD, testPasswordHash } from '../test/harness.ts';
import { requestFrom, serveApi, type Served } from '../test/socket.ts';

const ADMIN = 'ops@pharmabridge.test';
const WRONG = 'wrong-password-123';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function withAdmin(overrides: Record<string, string> = {}, options = {}) {
  const harness = await testApp(overrides, options);
  await harness.services.admins.create(ADMIN, testPasswordHash());
  const login = (from: string, password: string, email = ADMIN) =>
    harness.json('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': from });
  return { ...harness, login };
}

/** A clock the test moves by hand; starts at a window boundary plus five minutes. */
function clock() {
  let now = new Date('2026-03-02T10:05:00Z').getTime();
  return {
    now: () => new Date(now),
    advance: (seconds: number) => (now += seconds * 1000),
  };
}

describe('sign-in throttling over real sockets', () => {
  it('an attack from 127.0.0.50 does not stop the admin signing in from 127.0.0.60', async () => {
    const base = await testApp({}, { clientIp: socketIp(0) });
    await base.services.admins.create(ADMIN, testPasswordHash());
    served = await serveApi((request, env) => base.app.fetch(request, env));
    const login = (from: string, password: string) =>
      requestFrom(from, `${served!.url}/api/auth/login`, {
        method: 'POST',
        body: { email: ADMIN, password },
      });
    // Well past the old limit of 10 per account, and past the pair limit (5).
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login('127.0.0.50', WRONG)).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // The attacker's address stays refused even with the right password...
    expect((await login('127.0.0.50', TEST_PASSWORD)).status).toBe(429);
    // ...while the admin, from an address with no failures, signs in at once.
    const admin = await login('127.0.0.60', TEST_PASSWORD);
    expect(admin.status).toBe(200);
    expect(admin.json<{ status: string; email: string }>()).toMatchObject({
      status: 'signed-in',
      email: ADMIN,
    });
    expect(String(admin.headers['set-cookie'])).toMatch(/^pb_session=/);
  });
});

describe('sign-in throttling decisions', () => {
  it('trips the (account, IP) pair after LOGIN_PAIR_LIMIT failures, until the window ends', async () => {
    const time = clock();
    const { login } = await withAdmin(
      { LOGIN_PAIR_LIMIT: '5', LOGIN_FREE_FAILURES: '100' },
      { now: time.now },
    );
    for (let i = 0; i < 5; i++) expect((await login('198.51.100.7', WRONG)).status).toBe(401);
    const refused = await login('198.51.100.7', TEST_PASSWORD);
    expect(refused.status).toBe(429);
    // Window 10:00-10:15, now 10:05.
    expect(refused.headers.get('retry-after')).toBe('600');
    // Another account from the same address is not that pair.
    expect((await login('198.51.100.7', WRONG, 'other@pharmabridge.test')).status).toBe(401);
    time.advance(600);
    expect((await login('198.51.100.7', TEST_PASSWORD)).status).toBe(200);
  });

  it('a right password hands its attempt back: the pair starts afresh after a sign-in', async () => {
    const { login } = await withAdmin({ LOGIN_PAIR_LIMIT: '3', LOGIN_FREE_FAILURES: '100' });
    for (let i = 0; i < 2; i++) expect((await login('198.51.100.8', WRONG)).status).toBe(401);
    expect((await login('198.51.100.8', TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('198.51.100.8', WRONG)).status).toBe(401);
    expect((await login('198.51.100.8', WRONG)).status).toBe(429);
  });

  it('counts parallel failures exactly: a burst cannot slip past the pair limit', async () => {
    const { login } = await withAdmin({ LOGIN_PAIR_LIMIT: '4', LOGIN_FREE_FAILURES: '100' });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await login('198.51.100.9', WRONG)).status),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('slows a suspect address down with a growing delay instead of locking the account', async () => {
    const time = clock();
    const { login } = await withAdmin(
      { LOGIN_PAIR_LIMIT: '100', LOGIN_FREE_FAILURES: '3', LOGIN_MAX_DELAY_SECONDS: '6' },
      { now: time.now },
    );
    const attacker = '203.0.113.50';
    for (let i = 0; i < 3; i++) expect((await login(attacker, WRONG)).status).toBe(401);
    const waits: string[] = [];
    for (let round = 0; round < 5; round++) {
      const refused = await login(attacker, WRONG);
      expect(refused.status).toBe(429);
      const wait = refused.headers.get('retry-after')!;
      waits.push(wait);
      time.advance(Number(wait));
      // The delay has passed: the next try is checked (and fails, growing the delay).
      expect((await login(attacker, WRONG)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '6', '6']);
    const refused = await login(attacker, WRONG);
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many sign-in attempts; try again in 6 seconds' },
    });

    // Meanwhile an address with no failures is not held back by the account's delay.
    expect((await login('203.0.113.60', TEST_PASSWORD)).status).toBe(200);
    // A clean address's wrong guess is checked too (one try), and then it is suspect.
    expect((await login('203.0.113.61', WRONG)).status).toBe(401);
    expect((await login('203.0.113.61', TEST_PASSWORD)).status).toBe(429);
  });

  it('the delay follows 1, 2, 4 ... seconds after the free failures, up to the ceiling', () => {
    const settings = { pairLimit: 5, ipLimit: 20, freeFailures: 3, maxDelaySeconds: 900 };
    expect([1, 2, 3, 4, 5, 6, 12, 13, 40].map((n) => accountDelaySeconds(n, settings))).toEqual([
      0, 0, 1, 2, 4, 8, 512, 900, 900,
    ]);
  });

  it("forgets an account's failures after an hour without any", async () => {
    const time = clock();
    const { login, services } = await withAdmin(
      { LOGIN_PAIR_LIMIT: '100', LOGIN_FREE_FAILURES: '2' },
      { now: time.now },
    );
    for (let i = 0; i < 2; i++) await login('203.0.113.70', WRONG);
    expect((await services.signInThrottle.accountState(ADMIN)).failures).toBe(2);
    expect((await login('203.0.113.70', WRONG)).status).toBe(429);
    time.advance(3601);
    expect((await services.signInThrottle.accountState(ADMIN)).failures).toBe(0);
    expect((await login('203.0.113.70', WRONG)).status).toBe(401);
    expect((await services.signInThrottle.accountState(ADMIN)).failures).toBe(1);
  });

  it('keeps a per-IP limit on failures across accounts', async () => {
    const { login } = await withAdmin({ LOGIN_IP_LIMIT: '4' });
    for (let i = 0; i < 4; i++)
      expect((await login('192.0.2.4', WRONG, `user${i}@pharmabridge.test`)).status).toBe(401);
    expect((await login('192.0.2.4', TEST_PASSWORD)).status).toBe(429);
    expect((await login('192.0.2.5', TEST_PASSWORD)).status).toBe(200);
  });

  it('audits a refusal once per window and limit, not once per request', async () => {
    const time = clock();
    const { login, services } = await withAdmin(
      { LOGIN_PAIR_LIMIT: '2', LOGIN_FREE_FAILURES: '100' },
      { now: time.now },
    );
    for (let i = 0; i < 2; i++) await login('198.51.100.20', WRONG);
    for (let i = 0; i < 5; i++) expect((await login('198.51.100.20', WRONG)).status).toBe(429);
    const { entries } = await services.audit.list(50);
    // The clock stands still, so entries share one time: compare them as a sorted list.
    expect(entries.map((entry) => entry.summary).sort()).toEqual([
      'Sign-in failed: wrong password',
      'Sign-in failed: wrong password',
      'Sign-in refused: too many failures from this address for this account',
    ]);
  });
});
