// Administrator accounts: who may do what, single-use and expiring secrets, the last active
// administrator, the two-factor step's limits, and readable 400s for every bad body.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { totpCodeAt } from '../core/totp.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';
import type {
  Enrolment,
  InviteResponse,
  LoginResponse,
  SessionSummary,
} from '../shared/account.ts';

const FIRST = 'first@pharmabridge.test';
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const cookieFrom = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

const ACCOUNT_ROUTES: [string, string][] = [
  ['GET', '/api/account'],
  ['PUT', '/api/account/password'],
  ['GET', '/api/account/sessions'],
  ['DELETE', `/api/account/sessions/${'a'.repeat(43)}`],
  ['GET', '/api/account/admins'],
  ['POST', '/api/account/invitations'],
  ['DELETE', `/api/account/invitations/${'a'.repeat(43)}`],
  ['POST', '/api/account/admins/someone%40example.com/disable'],
  ['POST', '/api/account/admins/someone%40example.com/enable'],
  ['POST', '/api/account/two-factor/enrolment'],
  ['POST', '/api/account/two-factor/enrolment/confirm'],
  ['POST', '/api/account/two-factor/disable'],
  ['POST', '/api/account/two-factor/recovery-codes'],
];

function clock() {
  let now = new Date('2026-05-04T12:00:00Z').getTime();
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

async function team(overrides: Record<string, string> = {}) {
  const time = clock();
  const harness = await testApp(overrides, { now: time.now });
  const { cookie } = await harness.signIn(FIRST);
  const as =
    (who: string) =>
    (method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
      harness.json(method, path, payload, { cookie: who, ...headers });
  const invite = async (email: string) => {
    // An administrator (role admin): these tests are about administrators' powers.
    const created = await as(cookie)('POST', '/api/account/invitations', { email, role: 'admin' });
    const { token } = (await created.json()) as InviteResponse;
    const accepted = await harness.json('POST', '/api/auth/invitation', {
      token,
      name: 'Second Admin',
      password: TEST_PASSWORD,
    });
    expect(accepted.status).toBe(201);
    return cookieFrom(accepted);
  };
  return { ...harness, time, cookie, as, first: as(cookie), invite };
}

describe('access to /api/account', () => {
  it('answers 401 without a session and 403 for cross-site changes, never cached', async () => {
    const { json, cookie } = await team();
    for (const [method, path] of ACCOUNT_ROUTES) {
      const anonymous = await json(method, path, method === 'GET' ? undefined : {});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
      if (method !== 'GET') {
        const crossSite = await json(method, path, {}, { cookie, origin: 'https://evil.example' });
        expect(crossSite.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it("refuses a disabled administrator's live session on every admin route at once", async () => {
    const { first, invite, json } = await team();
    const second = await invite('second@example.com');
    expect((await json('GET', '/api/landing-pages', undefined, { cookie: second })).status).toBe(
      200,
    );
    await first('POST', '/api/account/admins/second%40example.com/disable');
    for (const [method, path] of [
      ['GET', '/api/landing-pages'],
      ['GET', '/api/account'],
      ['GET', '/api/admin/audit'],
    ] as const) {
      expect((await json(method, path, undefined, { cookie: second })).status).toBe(401);
    }
  });

  it('lets an admin end only their own sessions', async () => {
    const { first, invite, json } = await team();
    const second = await invite('second@example.com');
    const { sessions } = (await (
      await json('GET', '/api/account/sessions', undefined, { cookie: second })
    ).json()) as { sessions: SessionSummary[] };
    const response = await first('DELETE', `/api/account/sessions/${sessions[0]!.id}`);
    expect(response.status).toBe(404);
    expect((await json('GET', '/api/auth/me', undefined, { cookie: second })).status).toBe(200);
  });
});

describe('the last active administrator', () => {
  it('nobody disables their own account, so an active administrator always remains', async () => {
    const { first } = await team();
    const response = await first(
      'POST',
      `/api/account/admins/${encodeURIComponent(FIRST)}/disable`,
    );
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toMatch(/an active administrator always remains/);
  });

  it('two administrators disabling each other at the same moment: exactly one succeeds', async () => {
    const { first, invite, as, services } = await team();
    const second = as(await invite('second@example.com'));
    const results = await Promise.all([
      first('POST', '/api/account/admins/second%40example.com/disable'),
      second('POST', `/api/account/admins/${encodeURIComponent(FIRST)}/disable`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 401]);
    const admins = await services.admins.list();
    expect(admins.filter((admin) => !admin.disabled)).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('expire after 72 hours and are stored only as a hash', async () => {
    const { first, json, time, services } = await team();
    const created = await first('POST', '/api/account/invitations', { email: 'late@example.com' });
    const { token } = (await created.json()) as InviteResponse;
    const stored = await services.db.send(
      new QueryCommand({
        TableName: services.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'INVITES' },
      }),
    );
    expect(stored.Items).toHaveLength(1);
    expect(JSON.stringify(stored.Items)).not.toContain(token);

    time.advance(72 * 3600 + 1);
    expect(await (await json('GET', `/api/auth/setup?token=${token}`)).json()).toEqual({
      needed: false,
      valid: false,
    });
    const late = await json('POST', '/api/auth/invitation', {
      token,
      name: 'Too Late',
      password: TEST_PASSWORD,
    });
    expect(late.status).toBe(400);
    expect((await errorOf(late)).fields).toEqual({ token: ['is invalid, used or expired'] });
  });

  it('are refused for an existing administrator, with the field named', async () => {
    const { first } = await team();
    const response = await first('POST', '/api/account/invitations', {
      email: FIRST.toUpperCase(),
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ email: ['is already an administrator'] });
  });

  it('work once even when two browsers race with the same link', async () => {
    const { first, json, services } = await team();
    const { token } = (await (
      await first('POST', '/api/account/invitations', { email: 'race@example.com' })
    ).json()) as InviteResponse;
    const results = await Promise.all(
      ['One', 'Two'].map((name) =>
        json('POST', '/api/auth/invitation', { token, name, password: TEST_PASSWORD }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await services.admins.list()).map((a) => a.email)).toEqual([FIRST, 'race@example.com']);
  });
});

describe('two-factor sign-in', () => {
  async function enrolled() {
    const base = await team();
    const cookie = await base.invite('second@example.com');
    const send = base.as(cookie);
    const enrolment = (await (
      await send('POST', '/api/account/two-factor/enrolment')
    ).json()) as Enrolment;
    const confirmCode = totpCodeAt(enrolment.secret, base.time.now());
    const confirmed = await send('POST', '/api/account/two-factor/enrolment/confirm', {
      code: confirmCode,
    });
    expect(confirmed.status).toBe(200);
    const password = async () => {
      const response = await base.json('POST', '/api/auth/login', {
        email: 'second@example.com',
        password: TEST_PASSWORD,
      });
      const step = (await response.json()) as LoginResponse;
      if (step.status !== 'code-required') throw new Error('expected the code step');
      return step.token;
    };
    return { ...base, send, secret: enrolment.secret, confirmCode, password };
  }

  it('never sends the secret again once enrolled, and refuses a second enrolment', async () => {
    const { send, first, secret } = await enrolled();
    for (const response of [
      await send('GET', '/api/account'),
      await first('GET', '/api/account/admins'),
    ]) {
      expect(await response.text()).not.toContain(secret);
    }
    expect((await send('POST', '/api/account/two-factor/enrolment')).status).toBe(409);
  });

  it('the code that confirmed the enrolment cannot sign in', async () => {
    const { json, password, confirmCode } = await enrolled();
    const token = await password();
    expect((await json('POST', '/api/auth/login/code', { token, code: confirmCode })).status).toBe(
      401,
    );
  });

  it('the second step expires after 5 minutes and allows 5 wrong codes', async () => {
    const { json, password, time, secret } = await enrolled();
    time.advance(30);
    const token = await password();
    time.advance(301);
    const expired = await json('POST', '/api/auth/login/code', {
      token,
      code: totpCodeAt(secret, time.now()),
    });
    expect(expired.status).toBe(400);
    expect((await errorOf(expired)).fields).toEqual({ token: ['has expired'] });

    const fresh = await password();
    for (let i = 0; i < 5; i++) {
      time.advance(5);
      const wrong = await json(
        'POST',
        '/api/auth/login/code',
        { token: fresh, code: '000000' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      expect(wrong.status).toBe(401);
    }
    time.advance(10);
    const used = await json('POST', '/api/auth/login/code', {
      token: fresh,
      code: totpCodeAt(secret, time.now()),
    });
    expect(used.status).toBe(400);
  });

  it('wrong codes count toward the sign-in throttle like wrong passwords', async () => {
    const { json, password } = await enrolled();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const token = await password();
      for (let j = 0; j < 2; j++) {
        const response = await json(
          'POST',
          '/api/auth/login/code',
          { token, code: '000000' },
          { 'x-forwarded-for': '203.0.113.77' },
        );
        statuses.push(response.status);
      }
    }
    // After three failures the account's delay holds that address back (and the pair
    // limit of 5 would): later codes are refused unchecked.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('a malformed code is a 400 naming the field', async () => {
    const { json, password } = await enrolled();
    const token = await password();
    const response = await json('POST', '/api/auth/login/code', { token, code: 'abc' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({
      code: ['must be a 6-digit code or a recovery code (xxxx-xxxx-xxxx)'],
    });
  });
});

describe('bad bodies', () => {
  it('answer 400 naming each field on every account route', async () => {
    const { first, json } = await team();
    const cases: [string, string, unknown, Record<string, string[]>][] = [
      [
        'POST',
        '/api/account/invitations',
        { email: 'nope' },
        { email: ['must be an email address'] },
      ],
      [
        'POST',
        '/api/account/invitations',
        { email: 'a@example.com', role: 'owner' },
        { role: ['must be one of "admin", "publisher", "editor", "reviewer", "sales"'] },
      ],
      [
        'POST',
        '/api/account/invitations',
        { email: 'a@example.com', owner: true },
        { owner: ['is not a known field'] },
      ],
      [
        'PATCH',
        '/api/account/admins/first%40pharmabridge.test',
        { role: 'owner', extra: 1 },
        {
          role: ['must be one of "admin", "publisher", "editor", "reviewer", "sales"'],
          extra: ['is not a known field'],
        },
      ],
      [
        'PUT',
        '/api/account/password',
        { currentPassword: '', newPassword: 'short' },
        { currentPassword: ['is required'], newPassword: ['must be at least 12 characters'] },
      ],
      [
        'PUT',
        '/api/account/password',
        { currentPassword: TEST_PASSWORD, newPassword: 'qwertyuiop123' },
        {
          newPassword: [
            'is too common; choose a password that is not on lists of leaked passwords',
          ],
        },
      ],
      ['POST', '/api/account/two-factor/enrolment/confirm', {}, { code: ['is required'] }],
      [
        'POST',
        '/api/account/two-factor/disable',
        { password: TEST_PASSWORD },
        { code: ['is required'] },
      ],
    ];
    for (const [method, path, payload, fields] of cases) {
      const response = await first(method, path, payload);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await errorOf(response)).fields, `${method} ${path}`).toEqual(fields);
    }
    const anonymous: [string, unknown, Record<string, string[]>][] = [
      [
        '/api/auth/invitation',
        { token: 'abc', name: '', password: 'x' },
        { name: ['is required'], password: ['must be at least 12 characters'] },
      ],
      ['/api/auth/login/code', { token: 'abc' }, { code: ['is required'] }],
      [
        '/api/auth/login/code',
        { token: 'a b', code: '123456' },
        { token: ['is not a valid link token'] },
      ],
    ];
    for (const [path, payload, fields] of anonymous) {
      const response = await json('POST', path, payload);
      expect(response.status, path).toBe(400);
      expect((await errorOf(response)).fields, path).toEqual(fields);
    }
  });

  it('name an Object.prototype key as an unknown field instead of failing', async () => {
    const { first, json, log } = await team();
    const routes: [typeof json, string, string, object][] = [
      [first, 'PUT', '/api/account/password', { currentPassword: 'x', newPassword: 'y' }],
      [first, 'POST', '/api/account/invitations', { email: 'a@example.com' }],
      [first, 'POST', '/api/account/two-factor/disable', { password: 'x', code: '123456' }],
      [json, 'POST', '/api/auth/login/code', { token: 'abc', code: '123456' }],
      [json, 'POST', '/api/auth/invitation', { token: 'abc', name: 'A', password: 'y' }],
    ];
    for (const [send, method, path, base] of routes) {
      for (const key of ['constructor', '__proto__', 'toString']) {
        const body = `{${JSON.stringify(key)}:1,${JSON.stringify(base).slice(1)}`;
        const response = await send(method, path, body);
        expect(response.status, `${path} ${key}`).toBe(400);
        expect(Object.hasOwn((await errorOf(response)).fields ?? {}, key), `${path} ${key}`).toBe(
          true,
        );
      }
    }
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});
