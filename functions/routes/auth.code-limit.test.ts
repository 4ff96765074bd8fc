// Issue 21, item 3: the code step had no account-wide limit. The sign-in throttle holds
// back only addresses that have failed, so every fresh address got a real code check
// however many wrong codes the account had seen. Now wrong codes are counted per account,
// across addresses: at the limit the pending sign-ins are locked, code checks wait a
// growing delay, the owner is alerted by e-mail (the log transport here) and the event is
// audited (docs/decisions/0096-wrong-codes-per-account.md). Each request comes from its own
// X-Forwarded-For address, the harness's client IP.
import { describe, expect, it } from 'vitest';
import {
  CODE_FAILURE_LIMIT,
  CODE_LOCK_SECONDS,
  codeLockSeconds,
} from '../data/two-factor/wrong-codes.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { newTotpSecret, totpCodeAt, totpStep } from '../core/totp.ts';
import type { Services } from '../lib/context.ts';
import { testApp, TEST_PASSWORD, testPasswordHash } from '../test/harness.ts';
import type { LoginResponse } from '../shared/account.ts';

const ADMIN = 'owner@pharmabridge.test';
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

function clock() {
  let now = new Date('2026-06-01T09:00:00Z').getTime();
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

/** An account with two-factor sign-in on (enrolled straight in the store); its secret. */
async function enrol(services: Services, email: string, now: Date): Promise<string> {
  await services.admins.create(email, testPasswordHash());
  const secret = newTotpSecret();
  const confirmedAt = new Date(now.getTime() - 3600_000);
  await services.twoFactor.startEnrolment(email, secret, new Date(now.getTime() + 600_000));
  const step = totpStep(secret, totpCodeAt(secret, confirmedAt), confirmedAt)!;
  expect(
    await services.twoFactor.confirm(
      email,
      (await services.twoFactor.enrolment(email))!.stored,
      step,
      [],
    ),
  ).toBe(true);
  return secret;
}

/** An administrator with two-factor sign-in on. */
async function enrolled() {
  const time = clock();
  const harness = await testApp({}, { now: time.now });
  const { services } = harness;
  const secret = await enrol(services, ADMIN, time.now());

  let address = 0;
  /** A fresh address each call: no address ever has a failure of its own. */
  const fresh = () => `198.18.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const password = async (from = fresh()) => {
    const response = await harness.json(
      'POST',
      '/api/auth/login',
      { email: ADMIN, password: TEST_PASSWORD },
      { 'x-forwarded-for': from },
    );
    expect(response.status).toBe(200);
    const step = (await response.json()) as LoginResponse;
    if (step.status !== 'code-required') throw new Error('expected the code step');
    return step.token;
  };
  const code = (token: string, value: string, from = fresh(), cookie?: string) =>
    harness.json(
      'POST',
      '/api/auth/login/code',
      { token, code: value },
      { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
    );
  const right = () => totpCodeAt(secret, time.now());
  /** A code that is none of the three accepted now (one step of drift either side). */
  const wrong = () => {
    const accepted = [-30, 0, 30].map((s) =>
      totpCodeAt(secret, new Date(time.now().getTime() + s * 1000)),
    );
    let candidate = 0;
    while (accepted.includes(String(candidate).padStart(6, '0'))) candidate++;
    return String(candidate).padStart(6, '0');
  };
  /**
   * One wrong code from a fresh address. The sign-in it answers is reused while it lasts
   * (each allows 5 wrong codes; the password check is the slow part of these tests).
   */
  let current: { token: string; uses: number } | undefined;
  const fail = async (): Promise<number> => {
    if (!current || current.uses === 4) current = { token: await password(), uses: 0 };
    current.uses++;
    const response = await code(current.token, wrong());
    if (response.status !== 400) return response.status;
    // That sign-in was ended (by a lock): sign in again.
    current = undefined;
    return fail();
  };
  const alerts = () =>
    harness.log.lines.filter(
      (line) =>
        line.message.startsWith('mail') &&
        String(line.details?.['subject']).includes('wrong sign-in codes'),
    );
  return { ...harness, time, password, code, right, wrong, fail, fresh, alerts };
}

// Each test signs in with the password a few times (argon2id, slow on a busy machine).
const SLOW = 120_000;

describe('wrong codes across many addresses', () => {
  it(
    `locks the account's second step after ${CODE_FAILURE_LIMIT}, alerts the owner once, and lets them in after the lock`,
    async () => {
      const { time, password, code, right, fail, alerts, services } = await enrolled();
      expect(CODE_FAILURE_LIMIT).toBe(10);

      const statuses: number[] = [];
      for (let i = 0; i < CODE_FAILURE_LIMIT - 1; i++) {
        statuses.push(await fail());
        time.advance(5);
      }
      // The owner's own sign-in, begun before the limit is reached.
      const earlier = await password();
      statuses.push(await fail());
      // Every one of them was a real check (401), never a throttle refusal.
      expect(statuses).toEqual(Array(CODE_FAILURE_LIMIT).fill(401));
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0]!.details).toMatchObject({ to: [ADMIN] });
      expect(String(alerts()[0]!.details?.['text'])).toContain(`${CODE_FAILURE_LIMIT} wrong codes`);
      const { entries } = await services.audit.list(50);
      const locked = entries.filter((entry) =>
        entry.summary.startsWith('Two-factor sign-in locked'),
      );
      expect(locked).toHaveLength(1);
      expect(locked[0]!.actor).toBe(ADMIN);

      // A fresh address with a fresh sign-in and the right code is not checked now.
      time.advance(30);
      const refused = await code(await password(), right());
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(CODE_LOCK_SECONDS - 30));
      expect((await errorOf(refused)).code).toBe('rate_limited');
      // The sign-in begun before the lock was invalidated by it.
      const stale = await code(earlier, right());
      expect(stale.status).toBe(400);
      expect((await errorOf(stale)).fields).toEqual({ token: ['has expired'] });
      // Refusals during the lock neither count nor alert again.
      for (let i = 0; i < 3; i++) expect(await fail()).toBe(429);
      expect(alerts()).toHaveLength(1);

      // After the lock the owner signs in with the right code: never locked out for good.
      time.advance(CODE_LOCK_SECONDS);
      const welcome = await code(await password(), right());
      expect(welcome.status).toBe(200);
      expect(await welcome.json()).toMatchObject({ status: 'signed-in', email: ADMIN });
    },
    SLOW,
  );

  it(
    'each wrong code after the lock ends locks it again for longer, without a second alert',
    async () => {
      const { time, password, code, right, fail, alerts } = await enrolled();
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) expect(await fail()).toBe(401);
      expect(codeLockSeconds(CODE_FAILURE_LIMIT)).toBe(CODE_LOCK_SECONDS);
      const longer = codeLockSeconds(CODE_FAILURE_LIMIT + 1);
      expect(longer).toBe(2 * CODE_LOCK_SECONDS);

      time.advance(CODE_LOCK_SECONDS + 1);
      expect(await fail()).toBe(401);
      time.advance(CODE_LOCK_SECONDS + 1);
      expect((await code(await password(), right())).status).toBe(429);
      time.advance(longer - CODE_LOCK_SECONDS);
      expect((await code(await password(), right())).status).toBe(200);
      expect(alerts()).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'the count starts again after a quiet day, and a right code does not reset it',
    async () => {
      const { time, password, code, right, fail } = await enrolled();
      for (let i = 0; i < CODE_FAILURE_LIMIT - 1; i++) expect(await fail()).toBe(401);
      time.advance(60);
      // The owner signs in meanwhile: that does not clear the account's wrong codes...
      expect((await code(await password(), right())).status).toBe(200);
      time.advance(60);
      expect(await fail()).toBe(401);
      time.advance(30);
      expect((await code(await password(), right())).status).toBe(429);

      // ...but a day without wrong codes does.
      time.advance(24 * 3600);
      for (let i = 0; i < CODE_FAILURE_LIMIT - 1; i++) expect(await fail()).toBe(401);
      time.advance(30);
      expect((await code(await password(), right())).status).toBe(200);
    },
    SLOW,
  );

  it(
    'wrong codes at the account actions that ask for one count toward the same lock',
    async () => {
      const { services, json, fresh, password, code, right, wrong, time } = await enrolled();
      const session = await services.sessions.create(ADMIN, 3600);
      const regenerate = (value: string) =>
        json(
          'POST',
          '/api/account/two-factor/recovery-codes',
          { code: value },
          { cookie: `pb_session=${session.id}`, 'x-forwarded-for': fresh() },
        );
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++)
        expect((await regenerate(wrong())).status).toBe(400);
      time.advance(30);
      expect((await regenerate(right())).status).toBe(429);
      expect((await code(await password(), right())).status).toBe(429);
    },
    SLOW,
  );
});

// Issue 33: during the lock the owner's right code was refused too. A device that signed in
// with its code in the last 30 days carries a signed cookie (functions/lib/trusted-device.ts)
// and has its code checked during the lock; a wrong code from it still counts. The lock
// e-mail says how to end the lock, and a new password ends it.
describe('trusted devices and the end of a lock', () => {
  const deviceCookie = (response: Response) => {
    const set = response.headers.getSetCookie().find((line) => line.startsWith('pb_device='));
    if (!set) throw new Error('no device cookie');
    return set;
  };

  it(
    'lets a device that signed in with its code within 30 days through the lock, and counts its wrong codes',
    async () => {
      const { time, password, code, right, wrong, fail, services } = await enrolled();
      const device = '198.51.100.7';
      // A sign-in with a code: the device is trusted from now on.
      const first = await code(await password(device), right(), device);
      expect(first.status).toBe(200);
      const set = deviceCookie(first);
      expect(set).toMatch(/; Path=\/api\/auth/);
      expect(set).toMatch(/; HttpOnly/);
      expect(set).toMatch(/; SameSite=Strict/);
      expect(set).toMatch(/; Max-Age=2592000/);
      // Plain-http localhost cannot keep a Secure cookie (the https name is tested below).
      expect(set).not.toMatch(/Secure/);
      const cookie = set.split(';')[0]!;

      time.advance(24 * 3600);
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) expect(await fail()).toBe(401);
      time.advance(60);
      const fromDevice = async (value: string, withCookie = cookie) =>
        code(await password(device), value, device, withCookie);
      // Without the cookie (or with one that was tampered with) the lock holds.
      expect((await code(await password(), right())).status).toBe(429);
      const tampered = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      expect((await code(await password(), right(), undefined, tampered)).status).toBe(429);
      // With it, the right code signs in during the lock.
      const welcome = await fromDevice(right());
      expect(welcome.status).toBe(200);
      expect(await welcome.json()).toMatchObject({ status: 'signed-in', email: ADMIN });
      const { entries } = await services.audit.list(20);
      expect(entries[0]!.summary).toBe(
        'Signed in with an authenticator code, from a trusted device while the code lock was on',
      );
      // ...but a wrong code from it counts: the 11th wrong code locks for 30 minutes from now.
      time.advance(60);
      expect((await fromDevice(wrong())).status).toBe(401);
      time.advance(CODE_LOCK_SECONDS);
      expect((await code(await password(), right())).status).toBe(429);
      time.advance(CODE_LOCK_SECONDS);
      expect((await code(await password(), right())).status).toBe(200);
    },
    SLOW,
  );

  it(
    'names it __Secure- and sets it Secure over https',
    async () => {
      const { app, right } = await enrolled();
      const post = (path: string, body: unknown) =>
        app.request(`https://admin.pharmabridge.example${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
          body: JSON.stringify(body),
        });
      const step = (await (
        await post('/api/auth/login', { email: ADMIN, password: TEST_PASSWORD })
      ).json()) as LoginResponse;
      if (step.status !== 'code-required') throw new Error('expected the code step');
      const signedIn = await post('/api/auth/login/code', { token: step.token, code: right() });
      expect(signedIn.status).toBe(200);
      const set = signedIn.headers
        .getSetCookie()
        .find((line) => line.startsWith('__Secure-pb_device='));
      expect(set).toMatch(/; Path=\/api\/auth; .*HttpOnly; Secure; SameSite=Strict/);
    },
    SLOW,
  );

  it(
    'trusts the device for 30 days, for its own account only',
    async () => {
      const { time, password, code, right, fail, fresh, services, json } = await enrolled();
      const device = '198.51.100.8';
      const cookie = deviceCookie(await code(await password(device), right(), device)).split(
        ';',
      )[0]!;
      // A colleague's account, locked too, does not take the owner's device cookie as its own.
      const COLLEAGUE = 'colleague@pharmabridge.test';
      const secret = await enrol(services, COLLEAGUE, time.now());
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) {
        const verdict = await services.twoFactor.beginCodeCheck(COLLEAGUE);
        if (verdict.kind !== 'allowed') throw new Error('expected a check');
        await services.twoFactor.codeCheckFailed(verdict.check);
      }
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) expect(await fail()).toBe(401);
      time.advance(60);
      // (From another address: the sign-in throttle holds back an address whose attempt was
      // refused, which is not what this test is about.)
      const elsewhere = fresh();
      const colleague = await json(
        'POST',
        '/api/auth/login',
        { email: COLLEAGUE, password: TEST_PASSWORD },
        { 'x-forwarded-for': elsewhere },
      );
      const pending = (await colleague.json()) as LoginResponse;
      if (pending.status !== 'code-required') throw new Error('expected the code step');
      const colleagueCode = await code(
        pending.token,
        totpCodeAt(secret, time.now()),
        elsewhere,
        cookie,
      );
      expect(colleagueCode.status).toBe(429);
      // The owner's own sign-in on that device gets through.
      expect((await code(await password(device), right(), device, cookie)).status).toBe(200);

      // 30 days after it was set, the first cookie is worth nothing (each sign-in with a code
      // sets a new one, for 30 days from then).
      time.advance(30 * 24 * 3600);
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) expect(await fail()).toBe(401);
      time.advance(60);
      expect((await code(await password(device), right(), device, cookie)).status).toBe(429);
    },
    SLOW,
  );

  it(
    'says in the lock e-mail how to end the lock, and a new password ends it',
    async () => {
      const { time, password, code, right, fail, alerts, services, json } = await enrolled();
      const session = await services.sessions.create(ADMIN, 24 * 3600);
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) expect(await fail()).toBe(401);
      const text = String(alerts()[0]!.details?.['text']);
      expect(text).toContain('To end the lock now, change your password');
      expect(text).toContain('"Forgot password?"');
      time.advance(60);
      const waiting = await password();
      expect((await code(await password(), right())).status).toBe(429);

      const changed = await json(
        'PUT',
        '/api/account/password',
        { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-harbour-lantern-77' },
        { cookie: `pb_session=${session.id}` },
      );
      expect(changed.status).toBe(200);
      // Sign-ins begun with the old password before the change are ended...
      expect((await code(waiting, right())).status).toBe(400);
      // ...and one with the new password and the right code signs in, although the lock
      // had 14 minutes to go.
      time.advance(30);
      const login = await json('POST', '/api/auth/login', {
        email: ADMIN,
        password: 'a-brand-new-harbour-lantern-77',
      });
      const step = (await login.json()) as LoginResponse;
      if (step.status !== 'code-required') throw new Error('expected the code step');
      expect((await code(step.token, right())).status).toBe(200);
      const { entries } = await services.audit.list(20);
      expect(entries.map((entry) => entry.summary)).toContain(
        'Changed their password; 0 other sessions ended; the lock on wrong codes ended',
      );
    },
    SLOW,
  );
});
