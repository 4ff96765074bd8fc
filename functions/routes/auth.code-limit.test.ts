// Issue 21, item 3: the code step had no account-wide limit. The sign-in throttle holds
// back only addresses that have failed, so every fresh address got a real code check
// however many wrong codes the account had seen. Now wrong codes are counted per account,
// across addresses: at the limit the pending sign-ins are locked, code checks wait a
// growing delay, the owner is alerted by e-mail (the log transport here) and the event is
// audited (docs/decisions.md "Administrator accounts"). Each request comes from its own
// X-Forwarded-For address, the harness's client IP.
import { describe, expect, it } from 'vitest';
import { CODE_FAILURE_LIMIT, CODE_LOCK_SECONDS, codeLockSeconds } from '../data/two-factor.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { newTotpSecret, totpCodeAt, totpStep } from '../lib/totp.ts';
import { testApp, TEST_PASSWORD, testPasswordHash } from '../test/harness.ts';
import type { LoginResponse } from '../shared/account.ts';

const ADMIN = 'owner@pharmabridge.test';
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

function clock() {
  let now = new Date('2026-06-01T09:00:00Z').getTime();
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

/** An administrator with two-factor sign-in on (enrolled straight in the store). */
async function enrolled() {
  const time = clock();
  const harness = await testApp({}, { now: time.now });
  const { services } = harness;
  await services.admins.create(ADMIN, testPasswordHash());
  const secret = newTotpSecret();
  const confirmedAt = new Date(time.now().getTime() - 3600_000);
  await services.twoFactor.startEnrolment(ADMIN, secret, time.now());
  const step = totpStep(secret, totpCodeAt(secret, confirmedAt), confirmedAt)!;
  expect(await services.twoFactor.confirm(ADMIN, secret, step, [])).toBe(true);

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
  const code = (token: string, value: string, from = fresh()) =>
    harness.json(
      'POST',
      '/api/auth/login/code',
      { token, code: value },
      { 'x-forwarded-for': from },
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
