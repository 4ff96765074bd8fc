// The webhook secret's encryption at rest (./secret-box.ts): AES-256-GCM with the server's
// key (LEAD_SETTINGS_KEY or the per-install key file), and KMS. KMS itself cannot run
// here: its box is exercised against moto_server's KMS (functions/test/moto.ts), which
// speaks the same JSON protocol but does not check signatures or IAM; the stack's key
// policy and grants are checked in infra/lead-webhook.test.ts.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../env.ts';
import { chooseSecretBox, KEY_FILE, kmsCall, KmsSecretBox, LocalSecretBox } from './secret-box.ts';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => vi.unstubAllEnvs());

describe('the local box (AES-256-GCM)', () => {
  it('round-trips, never stores the plaintext, and refuses a tampered or foreign value', async () => {
    const box = new LocalSecretBox(randomBytes(32));
    const stored = await box.encrypt(secret);
    expect(stored).toMatch(/^local:v1:/);
    expect(stored).not.toContain(secret.slice(6));
    expect(await box.decrypt(stored)).toBe(secret);
    // A fresh nonce each time.
    expect(await box.encrypt(secret)).not.toBe(stored);
    const [iv, tag, data] = stored.slice('local:v1:'.length).split('.');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0]! ^= 1;
    await expect(
      box.decrypt(`local:v1:${iv}.${tag}.${flipped.toString('base64')}`),
    ).rejects.toThrow(/cannot be decrypted with this server key/);
    await expect(new LocalSecretBox(randomBytes(32)).decrypt(stored)).rejects.toThrow(
      /LEAD_SETTINGS_KEY or DATA_DIR\/lead-settings.key changed/,
    );
    await expect(box.decrypt('kms:v1:AAAA')).rejects.toThrow(/encrypted with KMS/);
  });

  it('without LEAD_SETTINGS_KEY, keeps a per-install key file (0600) in DATA_DIR, made on first use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-lead-key-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    const box = chooseSecretBox(config)!;
    expect(box.kind).toBe('local');
    const stored = await box.encrypt(secret);
    const path = join(dir, 'data', KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toHaveLength(32);
    // A restarted server reads the same key.
    expect(await chooseSecretBox(config)!.decrypt(stored)).toBe(secret);
  });

  it('with LEAD_SETTINGS_KEY uses it; in AWS without a key there is no box', async () => {
    const key = randomBytes(32).toString('base64');
    const stored = await chooseSecretBox(loadConfig({ LEAD_SETTINGS_KEY: key }))!.encrypt(secret);
    expect(await new LocalSecretBox(Buffer.from(key, 'base64')).decrypt(stored)).toBe(secret);
    expect(chooseSecretBox(loadConfig({ AWS_REGION: 'eu-west-1' }))).toBeUndefined();
    expect(() => loadConfig({ LEAD_SETTINGS_KEY: 'too-short' })).toThrow(
      /LEAD_SETTINGS_KEY must be 32 bytes as base64/,
    );
  });
});

describe('the KMS box (against moto)', () => {
  it('encrypts with the key and the purpose as context, and decrypts', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'testing');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'testing');
    const endpoint = inject('motoEndpoint');
    const call = kmsCall('eu-west-1', endpoint);
    const created = (await call('CreateKey', { Description: 'lead settings test' })) as {
      KeyMetadata: { Arn: string };
    };
    const config = loadConfig({
      AWS_REGION: 'eu-west-1',
      LEAD_SETTINGS_KMS_KEY: created.KeyMetadata.Arn,
      AWS_ENDPOINT_URL_KMS: endpoint,
    });
    const box = chooseSecretBox(config)!;
    expect(box.kind).toBe('kms');
    const stored = await box.encrypt(secret);
    expect(stored).toMatch(/^kms:v1:/);
    expect(stored).not.toContain(secret.slice(6));
    expect(await box.decrypt(stored)).toBe(secret);
    // Another purpose's context does not open it.
    await expect(
      call('Decrypt', {
        CiphertextBlob: stored.slice('kms:v1:'.length),
        EncryptionContext: { purpose: 'something else' },
      }),
    ).rejects.toThrow(/KMS Decrypt failed/);
    await expect(
      new KmsSecretBox(created.KeyMetadata.Arn, call).decrypt('local:v1:x'),
    ).rejects.toThrow(/encrypted with a local key/);
  });
});
