// Administrator accounts end to end through the API: invitation, password change,
// sessions, disable/enable, two-factor sign-in with codes and recovery codes, audit.
import { afterEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../core/totp.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';
import { body, header, startSmtpServer } from '../test/smtp.ts';
import type {
  Account,
  Administrators,
  Enrolment,
  InviteResponse,
  LoginResponse,
  RecoveryCodes,
  SessionSummary,
} from '../shared/account.ts';

const FIRST = 'first@pharmabridge.test';
const NEW_PASSWORD = 'copper-meadow-violin-77';
const cookieFrom = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A clock the test moves; TOTP codes depend on it. */
function clock() {
  let now = new Date('2026-04-01T08:00:00Z').getTime();
  return {
    now: () => new Date(now),
    advance: (seconds: number) => (now += seconds * 1000),
  };
}

async function team(overrides: Record<string, string> = {}) {
  const time = clock();
  const harness = await testApp(overrides, { now: time.now });
  const { cookie } = await harness.signIn(FIRST);
  const as =
    (who: string) =>
    (method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
      harness.json(method, path, payload, { cookie: who, ...headers });
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    harness.json('POST', '/api/auth/login', { email, password }, headers);
  /** Invites `email` as FIRST and accepts the invitation; returns the new admin's cookie. */
  const invite = async (email: string, name = 'Noor Haddad') => {
    const created = await as(cookie)('POST', '/api/account/invitations', { email });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as InviteResponse;
    const accepted = await harness.json('POST', '/api/auth/invitation', {
      token,
      name,
      password: TEST_PASSWORD,
    });
    expect(accepted.status).toBe(201);
    return cookieFrom(accepted);
  };
  return { ...harness, time, cookie, as, first: as(cookie), login, invite };
}

describe('invitations', () => {
  it('invites an administrator by a one-time link; the invitee sets name and password and is signed in', async () => {
    const { first, json, time, services } = await team();
    const created = await first('POST', '/api/account/invitations', { email: 'Noor@Example.com' });
    expect(created.status).toBe(201);
    const invitation = (await created.json()) as InviteResponse;
    expect(invitation).toMatchObject({
      email: 'noor@example.com',
      invitedBy: FIRST,
      emailed: false,
      expiresAt: '2026-04-04T08:00:00.000Z',
    });
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation.id).not.toBe(invitation.token);

    const listed = (await (await first('GET', '/api/account/admins')).json()) as Administrators;
    expect(listed.invitations.map((i) => i.email)).toEqual(['noor@example.com']);
    expect(JSON.stringify(listed)).not.toContain(invitation.token);

    const check = await json('GET', `/api/auth/setup?token=${invitation.token}`);
    expect(await check.json()).toEqual({
      needed: false,
      valid: true,
      invitation: { email: 'noor@example.com', invitedBy: FIRST },
    });

    time.advance(71 * 3600);
    const accepted = await json('POST', '/api/auth/invitation', {
      token: invitation.token,
      name: 'Noor Haddad',
      password: TEST_PASSWORD,
    });
    expect(accepted.status).toBe(201);
    const cookie = cookieFrom(accepted);
    const me = (await (await json('GET', '/api/account', undefined, { cookie })).json()) as Account;
    expect(me).toEqual({
      email: 'noor@example.com',
      name: 'Noor Haddad',
      twoFactor: { enabled: false, recoveryCodesLeft: 0 },
    });
    // Used once, gone.
    expect(
      (
        await json('POST', '/api/auth/invitation', {
          token: invitation.token,
          name: 'Someone Else',
          password: TEST_PASSWORD,
        })
      ).status,
    ).toBe(400);
    const admins = (await (await first('GET', '/api/account/admins')).json()) as Administrators;
    expect(admins.invitations).toEqual([]);
    expect(admins.admins.map((a) => [a.email, a.name, a.disabled])).toEqual([
      [FIRST, undefined, false],
      ['noor@example.com', 'Noor Haddad', false],
    ]);
    expect(admins.admins[1]!.lastSignInAt).toBe('2026-04-04T07:00:00.000Z');
    const { entries } = await services.audit.list(10);
    expect(entries.map((e) => [e.actor, e.action])).toEqual(
      expect.arrayContaining([
        [FIRST, 'invite'],
        ['noor@example.com', 'invite-accept'],
        ['noor@example.com', 'sign-in'],
      ]),
    );
  });

  it('emails the link through the configured mailer', async () => {
    const smtp = await startSmtpServer();
    stops.push(smtp.stop);
    const { first } = await team({
      SMTP_URL: smtp.url,
      SITE_URL: 'https://www.pharmabridge.example',
    });
    const created = await first('POST', '/api/account/invitations', { email: 'lena@example.com' });
    const invitation = (await created.json()) as InviteResponse;
    expect(invitation.emailed).toBe(true);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['lena@example.com']);
    expect(header(mail!.raw, 'subject')).toBe(
      'You are invited to the PharmaBridge Landing Page Manager',
    );
    expect(body(mail!.raw)).toContain(
      `https://www.pharmabridge.example/admin/setup?token=${invitation.token}`,
    );
  });

  it('withdraws an open invitation', async () => {
    const { first, json } = await team();
    const { id, token } = (await (
      await first('POST', '/api/account/invitations', { email: 'sam@example.com' })
    ).json()) as InviteResponse;
    expect((await first('DELETE', `/api/account/invitations/${id}`)).status).toBe(204);
    expect((await first('DELETE', `/api/account/invitations/${id}`)).status).toBe(404);
    expect(await (await json('GET', `/api/auth/setup?token=${token}`)).json()).toEqual({
      needed: false,
      valid: false,
    });
  });
});

describe('password and sessions', () => {
  it('changes the password with the current one; every other session of that admin ends', async () => {
    const { invite, login, json, services } = await team();
    const mine = await invite('noor@example.com');
    const laptop = cookieFrom(
      await login('noor@example.com', TEST_PASSWORD, { 'user-agent': 'Laptop browser' }),
    );
    const other = cookieFrom(await login('noor@example.com', TEST_PASSWORD));
    const wrong = await json(
      'PUT',
      '/api/account/password',
      { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD },
      { cookie: mine },
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      currentPassword: ['is incorrect'],
    });

    const changed = await json(
      'PUT',
      '/api/account/password',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      { cookie: mine },
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ otherSessionsEnded: 2 });
    expect((await json('GET', '/api/auth/me', undefined, { cookie: mine })).status).toBe(200);
    for (const cookie of [laptop, other])
      expect((await json('GET', '/api/auth/me', undefined, { cookie })).status).toBe(401);
    expect((await login('noor@example.com', TEST_PASSWORD)).status).toBe(401);
    expect((await login('noor@example.com', NEW_PASSWORD)).status).toBe(200);
    const { entries } = await services.audit.list(20);
    expect(entries.find((e) => e.action === 'password-change')?.summary).toBe(
      'Changed their password; 2 other sessions ended',
    );
  });

  it('lists my sessions with created, last seen and user agent, and ends any of them', async () => {
    const { login, json, time, invite } = await team();
    await invite('noor@example.com');
    time.advance(60);
    const phone = cookieFrom(
      await login('noor@example.com', TEST_PASSWORD, {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
        'x-forwarded-for': '198.51.100.23',
      }),
    );
    time.advance(120);
    const desk = cookieFrom(
      await login('noor@example.com', TEST_PASSWORD, {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36',
      }),
    );
    time.advance(300);
    await json('GET', '/api/auth/me', undefined, { cookie: phone });
    const listed = await json('GET', '/api/account/sessions', undefined, { cookie: desk });
    const { sessions } = (await listed.json()) as { sessions: SessionSummary[] };
    // The invitation's own session, the phone and the desk, newest first.
    expect(sessions).toHaveLength(3);
    const [deskSession, phoneSession] = sessions;
    expect(deskSession).toMatchObject({
      current: true,
      userAgent: expect.stringContaining('Linux'),
    });
    expect(phoneSession).toMatchObject({
      current: false,
      ip: '198.51.100.23',
      createdAt: '2026-04-01T08:01:00.000Z',
      lastSeenAt: '2026-04-01T08:08:00.000Z',
    });
    const ended = await json('DELETE', `/api/account/sessions/${phoneSession!.id}`, undefined, {
      cookie: desk,
    });
    expect(ended.status).toBe(204);
    expect((await json('GET', '/api/auth/me', undefined, { cookie: phone })).status).toBe(401);
    // Ending the current session signs this browser out.
    const self = await json('DELETE', `/api/account/sessions/${deskSession!.id}`, undefined, {
      cookie: desk,
    });
    expect(self.headers.get('set-cookie')).toMatch(/pb_session=;.*Max-Age=0/);
    expect((await json('GET', '/api/auth/me', undefined, { cookie: desk })).status).toBe(401);
  });
});

describe('disable and enable', () => {
  it('disables another administrator (their sessions end at once) and enables them again', async () => {
    const { first, invite, json, login, services } = await team();
    const noor = await invite('noor@example.com');
    expect((await first('POST', '/api/account/admins/noor%40example.com/disable')).status).toBe(
      204,
    );
    expect((await json('GET', '/api/auth/me', undefined, { cookie: noor })).status).toBe(401);
    const refused = await login('noor@example.com', TEST_PASSWORD);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: { code: 'unauthorized', message: 'Incorrect email or password' },
    });
    const { admins } = (await (await first('GET', '/api/account/admins')).json()) as Administrators;
    expect(admins.find((a) => a.email === 'noor@example.com')?.disabled).toBe(true);

    expect((await first('POST', '/api/account/admins/noor%40example.com/enable')).status).toBe(204);
    expect((await login('noor@example.com', TEST_PASSWORD)).status).toBe(200);
    const { entries } = await services.audit.list(20);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['admin-disable', 'admin-enable']),
    );
    expect(entries.find((e) => e.action === 'admin-disable')?.summary).toBe(
      'Disabled noor@example.com; 1 session ended',
    );
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a confirming code, then asks for a code at sign-in; recovery codes work once', async () => {
    const { json, login, invite, time, services } = await team();
    const cookie = await invite('noor@example.com');
    const send = (method: string, path: string, payload?: unknown) =>
      json(method, path, payload, { cookie });

    const started = await send('POST', '/api/account/two-factor/enrolment');
    expect(started.status).toBe(201);
    const enrolment = (await started.json()) as Enrolment;
    expect(enrolment.uri).toMatch(
      /^otpauth:\/\/totp\/PharmaBridge:noor%40example\.com\?issuer=PharmaBridge&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    const wrong = await send('POST', '/api/account/two-factor/enrolment/confirm', {
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    const confirmed = await send('POST', '/api/account/two-factor/enrolment/confirm', {
      code: totpCodeAt(enrolment.secret, time.now()),
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){2}$/);
    const account = (await (await send('GET', '/api/account')).json()) as Account;
    expect(account.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(account)).not.toContain(enrolment.secret);

    // Sign-in: password first, then the code; no session until the code is right.
    time.advance(30);
    const first = await login('noor@example.com', TEST_PASSWORD);
    expect(first.headers.get('set-cookie')).toBeNull();
    const step = (await first.json()) as LoginResponse;
    if (step.status !== 'code-required') throw new Error('expected the code step');
    const bad = await json('POST', '/api/auth/login/code', { token: step.token, code: '123456' });
    expect(bad.status).toBe(401);
    const code = totpCodeAt(enrolment.secret, time.now());
    const good = await json('POST', '/api/auth/login/code', { token: step.token, code });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ status: 'signed-in', email: 'noor@example.com' });
    expect(
      (await json('GET', '/api/auth/me', undefined, { cookie: cookieFrom(good) })).status,
    ).toBe(200);
    // The step token is single-use, and so is the code within its window.
    expect((await json('POST', '/api/auth/login/code', { token: step.token, code })).status).toBe(
      400,
    );
    const again = (await (await login('noor@example.com', TEST_PASSWORD)).json()) as LoginResponse;
    if (again.status !== 'code-required') throw new Error('expected the code step');
    const replay = await json('POST', '/api/auth/login/code', { token: again.token, code });
    expect(replay.status).toBe(401);

    // A recovery code, typed loosely, works once.
    const recovery = recoveryCodes[0]!.toUpperCase().replace(/-/g, ' ');
    const withRecovery = await json('POST', '/api/auth/login/code', {
      token: again.token,
      code: recovery,
    });
    expect(withRecovery.status).toBe(200);
    const third = (await (await login('noor@example.com', TEST_PASSWORD)).json()) as LoginResponse;
    if (third.status !== 'code-required') throw new Error('expected the code step');
    expect(
      (await json('POST', '/api/auth/login/code', { token: third.token, code: recoveryCodes[0] }))
        .status,
    ).toBe(401);
    const { entries } = await services.audit.list(30);
    expect(entries.map((e) => e.summary)).toContain('Signed in with a recovery code (9 left)');
    expect(entries.map((e) => e.action)).toContain('two-factor-enable');
  });

  it('turns two-factor sign-in off only with the password and a code', async () => {
    const { json, login, invite, time, services } = await team();
    const cookie = await invite('noor@example.com');
    const send = (method: string, path: string, payload?: unknown) =>
      json(method, path, payload, { cookie });
    const { secret } = (await (
      await send('POST', '/api/account/two-factor/enrolment')
    ).json()) as Enrolment;
    const { recoveryCodes } = (await (
      await send('POST', '/api/account/two-factor/enrolment/confirm', {
        code: totpCodeAt(secret, time.now()),
      })
    ).json()) as RecoveryCodes;
    time.advance(30);

    const noPassword = await send('POST', '/api/account/two-factor/disable', {
      password: 'not-my-password-1',
      code: totpCodeAt(secret, time.now()),
    });
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      password: ['is incorrect'],
    });
    const noCode = await send('POST', '/api/account/two-factor/disable', {
      password: TEST_PASSWORD,
      code: '000000',
    });
    expect(((await noCode.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      code: ['is incorrect or was already used'],
    });

    // New recovery codes replace the old ones.
    const renewed = await send('POST', '/api/account/two-factor/recovery-codes', {
      code: totpCodeAt(secret, time.now()),
    });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as RecoveryCodes).recoveryCodes;
    time.advance(30);
    const oldCode = await send('POST', '/api/account/two-factor/disable', {
      password: TEST_PASSWORD,
      code: recoveryCodes[1],
    });
    expect(oldCode.status).toBe(400);

    // Three failures so far: this account now waits a second between tries.
    time.advance(5);
    const off = await send('POST', '/api/account/two-factor/disable', {
      password: TEST_PASSWORD,
      code: fresh[0],
    });
    expect(off.status).toBe(204);
    expect(await (await login('noor@example.com', TEST_PASSWORD)).json()).toMatchObject({
      status: 'signed-in',
    });
    expect(await services.twoFactor.recoveryCodesLeft('noor@example.com')).toBe(0);
    const { entries } = await services.audit.list(30);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['recovery-codes', 'two-factor-disable']),
    );
  });
});
