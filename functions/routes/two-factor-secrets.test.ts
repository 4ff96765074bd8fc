// Two-factor (TOTP) secrets at rest (issue 33; functions/data/two-factor/store.ts): encrypted by
// the webhook secret's box (functions/webhooks/secret-box.ts) under the install key, so
// the table holds no secret in clear; secrets an earlier version stored in clear still
// sign in and are encrypted on their first use, and all at once at start-up
// (sealClearSecrets, which `npm start` and the AWS setup function run); a changed key is
// a 503 that says what to do, not a wrong code. Real app over DynamoDB Local.
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminKey } from '../data/admins.ts';
import { keys } from '../data/keys.ts';
import { TwoFactorRepository } from '../data/two-factor/repository.ts';
import { totpCodeAt, newTotpSecret } from '../core/totp.ts';
import type { Enrolment, LoginResponse } from '../shared/account.ts';
import { testApp, TEST_PASSWORD, TEST_SECRETS_KEY } from '../test/harness.ts';
import { LocalSecretBox, SECRET_PURPOSES } from '../webhooks/secret-box.ts';

const EMAIL = 'noor@example.com';
const STEP_MS = 30_000;

async function setUp(overrides: Record<string, string> = {}) {
  let now = new Date('2026-05-04T08:00:00.000Z');
  const base = await testApp(overrides, { now: () => now });
  const { cookie } = await base.signIn(EMAIL);
  const { db, tableName } = base.services;
  /** The admin item as the table holds it. */
  const stored = async (key: { pk: string; sk: string } = adminKey(EMAIL)) =>
    (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })))
      .Item ?? {};
  /** Password, then an authenticator code of `secret` now; answers the code step's status. */
  const signInWith = async (secret: string) => {
    now = new Date(now.getTime() + STEP_MS); // a fresh step: a code is single-use
    const first = (await (
      await base.json('POST', '/api/auth/login', { email: EMAIL, password: TEST_PASSWORD })
    ).json()) as LoginResponse;
    if (first.status !== 'code-required') throw new Error('expected the code step');
    return base.json('POST', '/api/auth/login/code', {
      token: first.token,
      code: totpCodeAt(secret, now),
    });
  };
  /** What an earlier version wrote: the secret in clear on the admin item. */
  const enrolInClear = async (email: string, secret: string) =>
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: adminKey(email),
        UpdateExpression: 'SET totpSecret = :secret, totpEnabledAt = :at',
        ExpressionAttributeValues: { ':secret': secret, ':at': now.toISOString() },
      }),
    );
  const send = (method: string, path: string, body?: unknown) =>
    base.json(method, path, body, { cookie });
  return { ...base, stored, signInWith, enrolInClear, send, now: () => now };
}

describe('two-factor secrets at rest', () => {
  it('stores the enrolment and the enrolled secret encrypted, and signs in with codes of the secret', async () => {
    const t = await setUp();
    const started = await t.send('POST', '/api/account/two-factor/enrolment');
    expect(started.status).toBe(201);
    const { secret } = (await started.json()) as Enrolment;
    const enrolment = await t.stored(keys.totpEnrolment(EMAIL));
    expect(enrolment['secret']).toMatch(/^local:v1:/);
    expect(JSON.stringify(enrolment)).not.toContain(secret);

    const confirmed = await t.send('POST', '/api/account/two-factor/enrolment/confirm', {
      code: totpCodeAt(secret, t.now()),
    });
    expect(confirmed.status).toBe(200);
    const admin = await t.stored();
    expect(admin['totpSecret']).toMatch(/^local:v1:/);
    expect(JSON.stringify(admin)).not.toContain(secret);
    // The install key opens it, for this purpose only (the webhook secret's does not).
    const key = Buffer.from(TEST_SECRETS_KEY, 'base64');
    expect(await new LocalSecretBox(key, SECRET_PURPOSES.totp).decrypt(admin['totpSecret'])).toBe(
      secret,
    );
    await expect(
      new LocalSecretBox(key, SECRET_PURPOSES.leadWebhook).decrypt(admin['totpSecret']),
    ).rejects.toThrow(/cannot be decrypted/);

    const signedIn = await t.signInWith(secret);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ status: 'signed-in', email: EMAIL });
    // A code of another secret is a wrong code, as before.
    expect((await t.signInWith(newTotpSecret())).status).toBe(401);
  });

  it('a secret an earlier version stored in clear still signs in, and is encrypted on that first use', async () => {
    const t = await setUp();
    const secret = newTotpSecret();
    await t.enrolInClear(EMAIL, secret);
    expect((await t.stored())['totpSecret']).toBe(secret);

    const signedIn = await t.signInWith(secret);
    expect(signedIn.status).toBe(200);
    const after = (await t.stored())['totpSecret'];
    expect(after).toMatch(/^local:v1:/);
    expect(after).not.toContain(secret);
    // And it keeps working encrypted.
    expect((await t.signInWith(secret)).status).toBe(200);
  });

  it('encrypts every clear secret and enrolment at start-up (sealClearSecrets), once', async () => {
    const t = await setUp();
    const secrets = { [EMAIL]: newTotpSecret(), 'rami@example.com': newTotpSecret() };
    await t.services.admins.create('rami@example.com', 'x');
    for (const [email, secret] of Object.entries(secrets)) await t.enrolInClear(email, secret);
    const pending = newTotpSecret();
    await t.services.admins.create('lea@example.com', 'x');
    await t.services.db.send(
      new PutCommand({
        TableName: t.services.tableName,
        Item: { ...keys.totpEnrolment('lea@example.com'), secret: pending, expiresAt: 2e9 },
      }),
    );

    expect(await t.services.twoFactor.sealClearSecrets()).toBe(3);
    for (const [email, secret] of Object.entries(secrets)) {
      const item = await t.stored(adminKey(email));
      expect(item['totpSecret']).toMatch(/^local:v1:/);
      expect(JSON.stringify(item)).not.toContain(secret);
    }
    const enrolment = await t.stored(keys.totpEnrolment('lea@example.com'));
    expect(enrolment['secret']).toMatch(/^local:v1:/);
    expect(await t.services.twoFactor.enrolment('lea@example.com')).toMatchObject({
      secret: pending,
    });
    // Nothing left to do the second time; the secrets still sign in.
    expect(await t.services.twoFactor.sealClearSecrets()).toBe(0);
    expect((await t.signInWith(secrets[EMAIL]!)).status).toBe(200);
  });

  it('a key that changed is a 503 saying so (not a wrong code); a recovery code still works', async () => {
    const t = await setUp();
    const started = await t.send('POST', '/api/account/two-factor/enrolment');
    const { secret } = (await started.json()) as Enrolment;
    const confirmed = await t.send('POST', '/api/account/two-factor/enrolment/confirm', {
      code: totpCodeAt(secret, t.now()),
    });
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
    // The server restarted with another key (LEAD_SETTINGS_KEY changed, key file lost).
    t.services.twoFactor = new TwoFactorRepository(
      t.services.db,
      t.services.tableName,
      t.now,
      new LocalSecretBox(randomBytes(32), SECRET_PURPOSES.totp),
    );
    const refused = await t.signInWith(secret);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Authenticator codes cannot be checked: this server cannot decrypt the stored two-factor secret (its key, LEAD_SETTINGS_KEY or DATA_DIR/lead-settings.key, or the KMS key, changed). Sign in with a recovery code, or restore the key.',
    );
    const first = (await (
      await t.json('POST', '/api/auth/login', { email: EMAIL, password: TEST_PASSWORD })
    ).json()) as LoginResponse;
    if (first.status !== 'code-required') throw new Error('expected the code step');
    const recovered = await t.json('POST', '/api/auth/login/code', {
      token: first.token,
      code: recoveryCodes[0],
    });
    expect(recovered.status).toBe(200);
  });

  it('without a key to encrypt with (AWS without KMS), enrolment is refused with a sentence', async () => {
    const t = await setUp();
    t.services.twoFactor = new TwoFactorRepository(
      t.services.db,
      t.services.tableName,
      t.now,
      undefined,
    );
    const refused = await t.send('POST', '/api/account/two-factor/enrolment');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: {
        code: 'unavailable',
        message:
          'Two-factor sign-in cannot be turned on: this server has no key to encrypt its secret with (LEAD_SETTINGS_KMS_KEY or LEAD_SETTINGS_KEY); see docs/operations.md',
      },
    });
    expect(await t.stored(keys.totpEnrolment(EMAIL))).toEqual({});
  });
});
