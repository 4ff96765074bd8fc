// Issue 21 item 7: argon2id is deliberately slow (about 0.1 s of CPU per check here), and
// it used to run on the server's one JavaScript thread: 20 concurrent sign-ins held every
// other request, static pages included, for seconds. The checks now run on a pool of
// worker threads (functions/lib/passwords.ts), so the main thread stays free.
//
// The measure is CPU time, not wall time (which depends on whatever else the machine
// runs): the CPU this thread (the server's main thread) spends while 20 sign-ins are
// checked, against what one check of a dear hash costs on a thread. One of the 20
// administrators has a hash 32x dearer than the product's (the encoded hash carries its
// cost): run inline, that check alone costs the main thread all of it (about 2 s), the
// other 19 more; on workers the main thread spends only what handling the 20 requests
// costs (about a third of it, measured under vitest). Also in order: a health check and a page asked for meanwhile are answered before
// the sign-ins have finished.
import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  configurePasswordHashing,
  hashPassword,
  PasswordHashingBusy,
  verifyPassword,
} from '../lib/passwords.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { TEST_PASSWORD, testApp } from '../test/harness.ts';
import { requestFrom, serveApi } from '../test/socket.ts';

const SIGN_INS = 20;
const served: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const server of served) await server.close();
});

describe('password hashing', () => {
  it('20 concurrent sign-ins leave the main thread free for other requests', async () => {
    const { app, services } = await testApp();
    const dear = await argon2id({
      password: TEST_PASSWORD,
      salt: randomBytes(16),
      ...ARGON2_PARAMS,
      iterations: ARGON2_PARAMS.iterations * 32,
      outputType: 'encoded',
    });
    // What one check of that hash costs when it runs on this thread.
    const before = process.threadCpuUsage();
    expect(await argon2Verify({ password: TEST_PASSWORD, hash: dear })).toBe(true);
    const inline = process.threadCpuUsage(before);
    const usual = await hashPassword(TEST_PASSWORD);
    const emails = Array.from({ length: SIGN_INS }, (_, i) => `admin${i}@pharmabridge.test`);
    for (const [i, email] of emails.entries()) {
      await services.admins.create(email, i === SIGN_INS - 1 ? dear : usual);
    }
    const server = await serveApi((request, env) => app.fetch(request, env));
    served.push(server);

    const signIn = (email: string, i: number) =>
      requestFrom('127.0.0.1', `${server.url}/api/auth/login`, {
        method: 'POST',
        // One client address each: the sign-in throttle is not what is tested here.
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: { email, password: TEST_PASSWORD },
      });
    // Warmed up outside the measure: the routes' first run, both workers started.
    const warm = await Promise.all(emails.slice(0, 2).map(signIn));
    expect(warm.map((response) => response.status)).toEqual([200, 200]);

    const finished: string[] = [];
    const cpuBefore = process.threadCpuUsage();
    const signIns = emails.map((email, i) =>
      signIn(email, i).then((response) => (finished.push('sign-in'), response)),
    );
    // Made while the sign-ins are being checked: a health check (the store) and a page
    // of the front server.
    const others = [
      requestFrom('127.0.0.1', `${server.url}/api/health`).then(
        (response) => (finished.push('health'), response),
      ),
      requestFrom('127.0.0.1', `${server.url}/`).then(
        (response) => (finished.push('page'), response),
      ),
    ];
    const answers = await Promise.all(signIns);
    const [health, page] = await Promise.all(others);
    const cpu = process.threadCpuUsage(cpuBefore);

    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 200));
    expect(health!.status).toBe(200);
    expect(page!.status).toBe(503); // no site in this test: the "starting" page
    // Both were answered before the sign-ins finished, not after them.
    expect(finished.at(-1)).toBe('sign-in');
    expect(finished.indexOf('health')).toBeLessThan(SIGN_INS);
    expect(finished.indexOf('page')).toBeLessThan(SIGN_INS);
    // No check ran on this thread: all it did for the 20 cost less than the dear check.
    expect(cpu.user + cpu.system).toBeLessThan(inline.user + inline.system);
  }, 120_000);

  it('hashes and verifies as before (the encoded hash, its parameters, a malformed hash)', async () => {
    const hash = await hashPassword(TEST_PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(TEST_PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${TEST_PASSWORD}!`, hash)).toBe(false);
    expect(await verifyPassword(TEST_PASSWORD, 'not a hash')).toBe(false);
    // Two hashes of one password differ (a fresh salt each).
    expect(await hashPassword(TEST_PASSWORD)).not.toBe(hash);
  });

  it('past the bound of waiting checks, a sign-in is refused with 503 and Retry-After', async () => {
    const { app, services } = await testApp();
    await services.admins.create('ops@pharmabridge.test', await hashPassword(TEST_PASSWORD));
    // One worker and one place in the queue: the third of six simultaneous checks is refused.
    configurePasswordHashing({ threads: 1, maxWaiting: 1 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          app.request('/api/auth/login', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `198.51.100.${i + 1}`,
            },
            body: JSON.stringify({ email: 'ops@pharmabridge.test', password: TEST_PASSWORD }),
          }),
        ),
      );
      const busy = answers.filter((answer) => answer.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.headers.get('retry-after')).toBe('2');
        const { error } = (await answer.json()) as ErrorBody;
        expect(error.code).toBe('unavailable');
        expect(error.message).toMatch(/busy checking other sign-ins/);
      }
      await expect(
        Promise.all([1, 2, 3].map(() => verifyPassword('x', 'not a hash'))),
      ).rejects.toBeInstanceOf(PasswordHashingBusy);
    } finally {
      configurePasswordHashing({ threads: 2, maxWaiting: 32 });
    }
  });
});
