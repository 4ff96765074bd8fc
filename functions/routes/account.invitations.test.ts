// Issue 21, items 1 and 13: an invitation must not outlive the administrator who made it
// (a disabled admin's link used to create an active admin), an accepted e-mail closes its
// other invitations, and the list never shows an invitation whose e-mail already joined
// (docs/decisions/0040-admin-invitations.md, docs/decisions/0095-invitations-and-their-maker.md).
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { testApp, TEST_PASSWORD, testPasswordHash } from '../test/harness.ts';
import type { Administrators, InviteResponse } from '../shared/account.ts';

const FIRST = 'first@pharmabridge.test';
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const cookieFrom = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

async function team() {
  const harness = await testApp();
  const { cookie } = await harness.signIn(FIRST);
  const as =
    (who: string) =>
    (method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
      harness.json(method, path, payload, { cookie: who, ...headers });
  const first = as(cookie);
  /** Invites an administrator (role admin): these tests are about administrators' links. */
  const inviteAs = async (send: ReturnType<typeof as>, email: string) => {
    const created = await send('POST', '/api/account/invitations', { email, role: 'admin' });
    expect(created.status).toBe(201);
    return (await created.json()) as InviteResponse;
  };
  const accept = (token: string, name = 'New Admin') =>
    harness.json('POST', '/api/auth/invitation', { token, name, password: TEST_PASSWORD });
  const check = async (token: string) =>
    (await (await harness.json('GET', `/api/auth/setup?token=${token}`)).json()) as {
      valid: boolean;
    };
  /** A second administrator, joined through FIRST's invitation; returns its request helper. */
  const second = async (email = 'second@example.com') => {
    const { token } = await inviteAs(first, email);
    const joined = await accept(token, 'Second Admin');
    expect(joined.status).toBe(201);
    return as(cookieFrom(joined));
  };
  const listed = async () =>
    ((await (await first('GET', '/api/account/admins')).json()) as Administrators).invitations;
  return { ...harness, first, as, inviteAs, accept, check, second, listed };
}

describe('an invitation and its maker', () => {
  it('disabling an administrator withdraws their open invitations', async () => {
    const { first, inviteAs, accept, check, second, listed, services } = await team();
    const bob = await second('bob@example.com');
    const fromBob = await inviteAs(bob, 'mallory@example.com');
    const fromFirst = await inviteAs(first, 'kept@example.com');

    expect((await first('POST', '/api/account/admins/bob%40example.com/disable')).status).toBe(204);
    // Bob's link no longer works; FIRST's is untouched.
    expect((await check(fromBob.token)).valid).toBe(false);
    const refused = await accept(fromBob.token, 'Mallory');
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({ token: ['is invalid, used or expired'] });
    expect((await services.admins.get('mallory@example.com')) ?? null).toBeNull();
    expect((await listed()).map((invitation) => invitation.email)).toEqual(['kept@example.com']);
    expect((await check(fromFirst.token)).valid).toBe(true);

    const { entries } = await services.audit.list(20);
    expect(entries.find((entry) => entry.action === 'admin-disable')?.summary).toBe(
      'Disabled bob@example.com; 1 session ended; 1 open invitation withdrawn',
    );
  });

  it('an invitation whose maker is no longer active is refused at acceptance', async () => {
    // An invitation left from before withdrawal-on-disable (or one racing the disable):
    // the repository disables the maker without the route's clean-up.
    const { accept, check, second, inviteAs, services, listed } = await team();
    const bob = await second('bob@example.com');
    const { token } = await inviteAs(bob, 'mallory@example.com');
    expect(await services.admins.disable('bob@example.com', FIRST)).toBe('disabled');

    expect((await check(token)).valid).toBe(false);
    const refused = await accept(token, 'Mallory');
    expect(refused.status).toBe(400);
    expect((await services.admins.get('mallory@example.com')) ?? null).toBeNull();
    // Nor is it listed as open: it cannot be used.
    expect(await listed()).toEqual([]);
  });

  it('the repository refuses it too, not only the route (the transaction checks the maker)', async () => {
    const { second, inviteAs, services } = await team();
    const bob = await second('bob@example.com');
    const { token } = await inviteAs(bob, 'mallory@example.com');
    expect(await services.admins.disable('bob@example.com', FIRST)).toBe('disabled');
    // Straight to the repository, past the route's earlier look-up.
    const result = await services.invitations.accept(token, 'Mallory', await hashPassword('x'));
    expect(result.kind).toBe('invalid');
    expect((await services.admins.get('mallory@example.com')) ?? null).toBeNull();
  });

  it('a disabled administrator cannot make an invitation, even racing the disable', async () => {
    const { second, services } = await team();
    await second('bob@example.com');
    expect(await services.admins.disable('bob@example.com', FIRST)).toBe('disabled');
    await expect(
      services.invitations.create('late@example.com', 'bob@example.com', 3600, 'editor'),
    ).rejects.toThrow();
    expect(await services.invitations.list()).toEqual([]);
  });
});

describe('an accepted e-mail', () => {
  it('closes its other invitations', async () => {
    const { first, inviteAs, accept, check, second, listed } = await team();
    const bob = await second('bob@example.com');
    const one = await inviteAs(first, 'noor@example.com');
    const two = await inviteAs(bob, 'NOOR@example.com');
    const other = await inviteAs(first, 'sam@example.com');

    expect((await accept(two.token, 'Noor')).status).toBe(201);
    expect((await check(one.token)).valid).toBe(false);
    expect((await accept(one.token, 'Noor again')).status).toBe(400);
    expect((await listed()).map((invitation) => invitation.id)).toEqual([other.id]);
  });

  it('is not listed as invited once it is an administrator, however it joined', async () => {
    const { first, inviteAs, listed, services } = await team();
    await inviteAs(first, 'noor@example.com');
    // Joined some other way (an operator, or a race with the invitation).
    await services.admins.create('noor@example.com', testPasswordHash());
    expect(await listed()).toEqual([]);
  });
});
