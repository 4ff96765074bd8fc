// Password reset (issue 23, docs/decisions/0145-password-reset-request.md to
// docs/decisions/0147-password-reset-confirm.md): "Forgot password?" answers alike for every e-mail
// and mails a link only to a real, active account; the link works once, for 30 minutes, and only
// while it is the account's newest; using it ends every session and keeps two-factor sign-in; an
// administrator's link for a colleague is answered once. The mail is read from the log transport
// (the harness's memory logger), as a developer reads it from `npm start`'s terminal.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CODE_FAILURE_LIMIT } from '../data/two-factor/wrong-codes.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { RESET_LINK_SUBJECT } from '../mail/password-reset.ts';
import type { LoginResponse, PasswordResetDone, ResetLink } from '../shared/account.ts';
import { PASSWORD_RESET_SENT } from '../shared/account.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';
import {
  RESET_ANSWER_MS,
  RESET_LINKS_PER_ACCOUNT,
  RESET_REQUESTS_PER_ADDRESS,
} from './password-reset.ts';

const OWNER = 'owner@pharmabridge.test';
const COLLEAGUE = 'colleague@pharmabridge.test';
const NEW_PASSWORD = 'amber-orchard-tunnel-64';
const SLOW = 120_000;

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

async function setup() {
  let now = new Date('2026-05-04T09:00:00Z').getTime();
  const time = { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
  const harness = await testApp({}, { now: time.now });
  const { json, log, services } = harness;
  const owner = await harness.signIn(OWNER);
  const colleague = await harness.signIn(COLLEAGUE, 'editor');
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const ask = (email: string, ip = '198.51.100.7') =>
    json('POST', '/api/auth/password-reset', { email }, from(ip));
  const confirm = (token: string, password = NEW_PASSWORD, ip = '198.51.100.7') =>
    json('POST', '/api/auth/password-reset/confirm', { token, password }, from(ip));
  /** Every mail the log transport wrote, in order. */
  const mails = () =>
    log.lines
      .filter((line) => line.message.startsWith('mail (not sent'))
      .map((line) => ({
        to: line.details?.['to'] as string[],
        subject: String(line.details?.['subject']),
        text: String(line.details?.['text']),
      }));
  const links = (to: string) =>
    mails()
      .filter((mail) => mail.subject === RESET_LINK_SUBJECT && mail.to.includes(to))
      .map((mail) => /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]);
  /** Asks for a link for `email` and returns its token (from the mail). */
  const linkFor = async (email: string) => {
    const before = links(email).length;
    expect((await ask(email)).status).toBe(202);
    const sent = links(email);
    expect(sent).toHaveLength(before + 1);
    return sent.at(-1)!;
  };
  const login = (email: string, password: string) =>
    json('POST', '/api/auth/login', { email, password }, from('203.0.113.9'));
  const audit = async () => (await services.audit.list(50)).entries;
  return {
    ...harness,
    time,
    owner,
    colleague,
    ask,
    confirm,
    mails,
    links,
    linkFor,
    login,
    audit,
    from,
  };
}

describe('asking for a link', () => {
  it(
    'answers known, unknown and disabled e-mails alike, and mails only the known one',
    async () => {
      const { ask, mails, links, services, audit } = await setup();
      expect(await services.admins.disable(COLLEAGUE, OWNER)).toBe('disabled');

      const timed = async (email: string) => {
        const started = performance.now();
        const response = await ask(email);
        return {
          status: response.status,
          body: await response.text(),
          ms: performance.now() - started,
        };
      };
      const [known, unknown, disabled] = await Promise.all([
        timed('Owner@PharmaBridge.test'),
        timed('nobody@pharmabridge.test'),
        timed(COLLEAGUE),
      ]);
      for (const answer of [known, unknown, disabled]) {
        expect(answer.status).toBe(202);
        expect(answer.body).toBe(JSON.stringify({ message: PASSWORD_RESET_SENT }));
        // Each waits out the same floor, so the time does not tell a link was made.
        expect(answer.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
      }
      expect(mails().map((mail) => mail.to)).toEqual([[OWNER]]);
      const [token] = links(OWNER);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Stored only as its hash: the table holds no usable link.
      const items = await services.db.send(new ScanCommand({ TableName: services.tableName }));
      expect(JSON.stringify(items)).not.toContain(token);
      expect(
        (await audit())
          .filter((entry) => entry.action === 'password-reset-link')
          .map((entry) => [entry.actor, entry.summary]),
      ).toEqual([[OWNER, 'Asked for a password reset link; sent by email']]);
    },
    SLOW,
  );

  it(
    `sends at most ${RESET_LINKS_PER_ACCOUNT} links an hour per account; further requests answer the same`,
    async () => {
      const { ask, links, time } = await setup();
      const answers = await Promise.all(
        // From different addresses: the per-address limit is not what stops them.
        Array.from({ length: RESET_LINKS_PER_ACCOUNT + 2 }, (_, i) =>
          ask(OWNER, `192.0.2.${i + 1}`),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(
        Array(RESET_LINKS_PER_ACCOUNT + 2).fill(202),
      );
      expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
      expect(links(OWNER)).toHaveLength(RESET_LINKS_PER_ACCOUNT);
      time.advance(3600);
      expect((await ask(OWNER)).status).toBe(202);
      expect(links(OWNER)).toHaveLength(RESET_LINKS_PER_ACCOUNT + 1);
    },
    SLOW,
  );

  it(
    `refuses the ${RESET_REQUESTS_PER_ADDRESS + 1}th request of an address (an IPv6 /64) in 15 minutes`,
    async () => {
      const { ask } = await setup();
      const burst = async (ip: (i: number) => string) =>
        (
          await Promise.all(
            Array.from({ length: RESET_REQUESTS_PER_ADDRESS + 1 }, (_, i) =>
              ask(`someone-${i}@example.com`, ip(i)),
            ),
          )
        ).map((response) => response.status);
      const v4 = await burst(() => '198.51.100.20');
      expect(v4.filter((status) => status === 202)).toHaveLength(RESET_REQUESTS_PER_ADDRESS);
      expect(v4.filter((status) => status === 429)).toHaveLength(1);
      // Every address of one /64 counts as one.
      const v6 = await burst((i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(v6.filter((status) => status === 429)).toHaveLength(1);
      const refused = await ask('late@example.com', '2001:db8:1:2:ffff::1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The next /64 has its own quota.
      expect((await ask('late@example.com', '2001:db8:1:3::1')).status).toBe(202);
    },
    SLOW,
  );

  it('refuses a malformed body with 400 naming the field', async () => {
    const { json } = await testApp();
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{}, 'email'],
      [{ email: '' }, 'email'],
      [{ email: 42 }, 'email'],
      [{ email: 'a@example.com', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await json('POST', '/api/auth/password-reset', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual([field]);
    }
    expect(
      (await errorOf(await json('POST', '/api/auth/password-reset', { email: 'x' }))).fields,
    ).toEqual({ email: ['must be an email address'] });
    const notJson = await json('POST', '/api/auth/password-reset', 'email=a@example.com', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(notJson.status).toBe(415);
  });
});

describe('using a link', () => {
  it(
    'ends the lock on wrong codes, as a password change does (issue 33)',
    async () => {
      const { linkFor, confirm, services, audit } = await setup();
      await services.twoFactor.startEnrolment(
        OWNER,
        'JBSWY3DPEHPK3PXP',
        new Date(Date.now() + 6e5),
      );
      expect(
        await services.twoFactor.confirm(
          OWNER,
          (await services.twoFactor.enrolment(OWNER))!.stored,
          0,
          [],
        ),
      ).toBe(true);
      for (let i = 0; i < CODE_FAILURE_LIMIT; i++) {
        const verdict = await services.twoFactor.beginCodeCheck(OWNER);
        if (verdict.kind !== 'allowed') throw new Error('expected a check');
        await services.twoFactor.codeCheckFailed(verdict.check);
      }
      expect((await services.twoFactor.beginCodeCheck(OWNER)).kind).toBe('locked');
      expect((await confirm(await linkFor(OWNER))).status).toBe(200);
      expect((await services.twoFactor.beginCodeCheck(OWNER)).kind).toBe('allowed');
      expect((await audit()).find((item) => item.action === 'password-reset')?.summary).toBe(
        'Password reset by link; 1 session ended; the lock on wrong codes ended',
      );
    },
    SLOW,
  );

  it(
    'sets the password once, ends every session, keeps two-factor sign-in, and tells the owner',
    async () => {
      const { linkFor, confirm, owner, json, login, services, mails, audit } = await setup();
      // Two-factor sign-in on, and a second session.
      await services.twoFactor.startEnrolment(
        OWNER,
        'JBSWY3DPEHPK3PXP',
        new Date(Date.now() + 6e5),
      );
      expect(
        await services.twoFactor.confirm(
          OWNER,
          (await services.twoFactor.enrolment(OWNER))!.stored,
          0,
          [],
        ),
      ).toBe(true);
      await services.sessions.create(OWNER, 3600);
      const token = await linkFor(OWNER);

      const done = await confirm(token);
      expect(done.status).toBe(200);
      expect((await done.json()) as PasswordResetDone).toEqual({ email: OWNER, twoFactor: true });

      // The old cookie is signed out; so is the other session.
      expect((await json('GET', '/api/auth/me', undefined, { cookie: owner.cookie })).status).toBe(
        401,
      );
      expect(await services.sessions.list(OWNER)).toEqual([]);
      // The new password works, and still asks for the code; the old one is refused.
      const signedIn = await login(OWNER, NEW_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect(((await signedIn.json()) as LoginResponse).status).toBe('code-required');
      expect((await login(OWNER, TEST_PASSWORD)).status).toBe(401);
      expect((await services.admins.get(OWNER))?.passwordChangedAt).toBe(
        services.now().toISOString(),
      );

      // Once only.
      const again = await confirm(token, 'another-quiet-river-58');
      expect(again.status).toBe(400);
      expect(await errorOf(again)).toMatchObject({
        message: 'This reset link is invalid, already used or expired; ask for a new one',
        fields: { token: ['is invalid, already used or expired; ask for a new link'] },
      });

      const notice = mails().at(-1)!;
      expect(notice).toMatchObject({
        to: [OWNER],
        subject: 'Your PharmaBridge administrator password was changed',
      });
      expect(notice.text).not.toMatch(/token=/);
      const entry = (await audit()).find((item) => item.action === 'password-reset');
      expect(entry).toMatchObject({
        actor: OWNER,
        summary: 'Password reset by link; 2 sessions ended',
      });
    },
    SLOW,
  );

  it(
    'refuses an expired link, and a link a newer one replaced',
    async () => {
      const { linkFor, confirm, time, services } = await setup();
      const hashBefore = (await services.admins.get(OWNER))!.passwordHash;
      const expiring = await linkFor(OWNER);
      time.advance(30 * 60 + 1);
      const expired = await confirm(expiring);
      expect(expired.status).toBe(400);
      expect(Object.keys((await errorOf(expired)).fields ?? {})).toEqual(['token']);

      const older = await linkFor(OWNER);
      time.advance(29 * 60);
      const newer = await linkFor(OWNER);
      expect((await confirm(older)).status).toBe(400);
      expect((await services.admins.get(OWNER))!.passwordHash).toBe(hashBefore);
      // The newest one works (29 minutes after the older one was made).
      expect((await confirm(newer)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'refuses a weak password naming the password, and the link still works after',
    async () => {
      const { linkFor, confirm } = await setup();
      const token = await linkFor(OWNER);
      const refusals: [string, string][] = [
        ['short', 'must be at least 12 characters'],
        [
          'password1234',
          'is too common; choose a password that is not on lists of leaked passwords',
        ],
        [
          'PharmaBridge2026',
          'is mostly the name of this site or company with digits or symbols added; choose a password that has nothing to do with PharmaBridge',
        ],
      ];
      for (const [password, problem] of refusals) {
        const response = await confirm(token, password);
        expect(response.status, password).toBe(400);
        const error = await errorOf(response);
        expect(error.fields).toEqual({ password: [problem] });
        expect(error.message).toBe(`Invalid request: password ${problem}`);
      }
      expect((await confirm(token)).status).toBe(200);
    },
    SLOW,
  );

  it('refuses a malformed body with 400 naming the field', async () => {
    const { json } = await testApp();
    const good = { token: 'a'.repeat(43), password: NEW_PASSWORD };
    const cases: [unknown, string[]][] = [
      [{ ...good, token: 'not a token!' }, ['token']],
      [{ ...good, token: '' }, ['token']],
      [{ password: NEW_PASSWORD }, ['token']],
      [{ token: good.token }, ['password']],
      [{ ...good, password: 12 }, ['password']],
      [{ ...good, email: OWNER }, ['email']],
    ];
    for (const [body, fields] of cases) {
      const response = await json('POST', '/api/auth/password-reset/confirm', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(fields);
    }
    // Well-formed but unknown: the same 400 as a used link.
    const unknown = await json('POST', '/api/auth/password-reset/confirm', good);
    expect(unknown.status).toBe(400);
    expect(Object.keys((await errorOf(unknown)).fields ?? {})).toEqual(['token']);
  });

  it(
    'does nothing for a disabled account, even with a link made before it was disabled',
    async () => {
      const { linkFor, confirm, services, owner, json } = await setup();
      const viaRoute = await linkFor(COLLEAGUE);
      // Disabled by a colleague through the API: the link is voided at once.
      const disable = await json(
        'POST',
        `/api/account/admins/${encodeURIComponent(COLLEAGUE)}/disable`,
        undefined,
        { cookie: owner.cookie },
      );
      expect(disable.status).toBe(204);
      expect((await confirm(viaRoute)).status).toBe(400);

      // Disabled without that clean-up (a race): the transaction itself refuses.
      await services.admins.enable(COLLEAGUE);
      const raced = await linkFor(COLLEAGUE);
      expect(await services.admins.disable(COLLEAGUE, OWNER)).toBe('disabled');
      const hashBefore = (await services.admins.get(COLLEAGUE))!.passwordHash;
      expect((await confirm(raced)).status).toBe(400);
      expect((await services.admins.get(COLLEAGUE))!.passwordHash).toBe(hashBefore);
    },
    SLOW,
  );
});

describe("an administrator's link for a colleague", () => {
  it(
    'is answered once (201), works, is audited and is not mailed',
    async () => {
      const { json, owner, confirm, mails, audit, login, services } = await setup();
      const path = `/api/account/admins/${encodeURIComponent(COLLEAGUE)}/password-reset`;
      const made = await json('POST', path, undefined, {
        cookie: owner.cookie,
        origin: services.config.siteUrl,
      });
      expect(made.status).toBe(201);
      const link = (await made.json()) as ResetLink;
      expect(link.url).toMatch(
        new RegExp(`^${services.config.siteUrl}/admin/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
      );
      expect(link.expiresAt).toBe(new Date(services.now().getTime() + 30 * 60_000).toISOString());
      expect(mails()).toEqual([]);
      const token = new URL(link.url).searchParams.get('token')!;
      expect((await confirm(token)).status).toBe(200);
      expect((await login(COLLEAGUE, NEW_PASSWORD)).status).toBe(200);
      expect((await audit()).find((entry) => entry.action === 'password-reset-link')).toMatchObject(
        {
          actor: OWNER,
          summary: `Made a password reset link for ${COLLEAGUE} (valid for 30 minutes, shown once)`,
        },
      );
    },
    SLOW,
  );

  it('is refused for oneself, a disabled or unknown account, without a session or the permission', async () => {
    const { json, owner, colleague, services } = await setup();
    const issue = (email: string, cookie?: string) =>
      json(
        'POST',
        `/api/account/admins/${encodeURIComponent(email)}/password-reset`,
        undefined,
        cookie ? { cookie } : {},
      );
    const self = await issue(OWNER, owner.cookie);
    expect(self.status).toBe(409);
    expect((await errorOf(self)).message).toBe(
      'A reset link is for another administrator; change your own password in the Password section',
    );
    expect((await issue('nobody@pharmabridge.test', owner.cookie)).status).toBe(404);
    expect((await issue(COLLEAGUE)).status).toBe(401);
    // An editor manages no accounts.
    const forbidden = await issue(OWNER, colleague.cookie);
    expect(forbidden.status).toBe(403);
    expect((await errorOf(forbidden)).permission).toBe('accounts');
    expect(await services.admins.disable(COLLEAGUE, OWNER)).toBe('disabled');
    const disabled = await issue(COLLEAGUE, owner.cookie);
    expect(disabled.status).toBe(409);
    expect((await errorOf(disabled)).message).toBe(
      `${COLLEAGUE} is disabled; enable the account first`,
    );
  });
});
