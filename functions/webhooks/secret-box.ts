// How the secrets the table holds are kept there (docs/decisions/0181-webhook-secret-storage.md;
// docs/decisions/0340-two-factor-secrets-encrypted-at-rest.md): encrypted,
// never beside their key. Two purposes use one key: the CRM webhook's signing secret and
// the administrators' two-factor (TOTP) secrets (SECRET_PURPOSES).
//
// - AWS: a KMS key the stack creates (LEAD_SETTINGS_KMS_KEY, infra/constructs/lead-
//   webhook.ts). Encrypt and Decrypt are two signed HTTPS calls (Signature Version 4 by
//   functions/mail/ses.ts's signRequest, as the SES mail does), not the KMS SDK client:
//   the public function decrypts too and its bundle stays small. The credentials chain is
//   loaded on first use.
// - Elsewhere: AES-256-GCM with LEAD_SETTINGS_KEY (32 bytes, base64), or without it a
//   random per-install key created in DATA_DIR/lead-settings.key (0600), as DynamoDB
//   Local's key is (functions/server/dynamo-local.ts). Never in the repository, never in
//   the table.
//
// A stored value names its scheme ("local:v1:" or "kms:v1:"); both bind it to its purpose
// (GCM's additional data, KMS's encryption context), so a ciphertext of something else
// (the other purpose's, say) cannot be passed off as the secret.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../env.ts';
import type { AwsCredentials } from '../mail/ses.ts';

export interface SecretBox {
  /** 'local' (AES-256-GCM) or 'kms'. */
  readonly kind: 'local' | 'kms';
  encrypt(plaintext: string): Promise<string>;
  decrypt(stored: string): Promise<string>;
}

/**
 * What a stored secret is for: GCM's additional data and KMS's encryption context (the
 * stack's grants name them: infra/constructs/lead-webhook.ts).
 */
export const SECRET_PURPOSES = {
  leadWebhook: 'pharmabridge/lead-webhook-secret',
  totp: 'pharmabridge/totp-secret',
} as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES];

const LOCAL_PREFIX = 'local:v1:';
const KMS_PREFIX = 'kms:v1:';
/** The local install key (the name predates its second purpose, the two-factor secrets). */
export const KEY_FILE = 'lead-settings.key';

/** Whether a stored value is one of a box's ciphertexts (rather than a clear value). */
export const isSealed = (stored: string) =>
  stored.startsWith(LOCAL_PREFIX) || stored.startsWith(KMS_PREFIX);

/** AES-256-GCM with a 32-byte key; `key` is called on first use (the key file is lazy). */
export class LocalSecretBox implements SecretBox {
  readonly kind = 'local';
  private readonly key: () => Buffer;
  private readonly purpose: SecretPurpose;

  constructor(key: Buffer | (() => Buffer), purpose: SecretPurpose = SECRET_PURPOSES.leadWebhook) {
    this.key = typeof key === 'function' ? key : () => key;
    this.purpose = purpose;
  }

  async encrypt(plaintext: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv);
    cipher.setAAD(Buffer.from(this.purpose));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64'));
    return `${LOCAL_PREFIX}${parts.join('.')}`;
  }

  async decrypt(stored: string): Promise<string> {
    if (!stored.startsWith(LOCAL_PREFIX)) {
      throw new Error('the secret was encrypted with KMS, and this server has no KMS key');
    }
    const [iv, tag, data] = stored
      .slice(LOCAL_PREFIX.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64'));
    if (!iv || !tag || !data) throw new Error('the stored secret is malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.key(), iv);
    decipher.setAAD(Buffer.from(this.purpose));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        'the stored secret cannot be decrypted with this server key (LEAD_SETTINGS_KEY or DATA_DIR/lead-settings.key changed); enter the secret again',
      );
    }
  }
}

/** Reads DATA_DIR/lead-settings.key, creating it (0600) on first use. */
export function keyFile(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': two processes starting at once cannot both write a key.
      writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${path} must hold 32 bytes as base64`);
  return key;
}

export interface AwsCall {
  /** Signs and sends one KMS JSON call; answers the parsed body or throws. */
  (target: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** KMS Encrypt / Decrypt with the stack's key and the purpose as encryption context. */
export class KmsSecretBox implements SecretBox {
  readonly kind = 'kms';
  private readonly keyId: string;
  private readonly call: AwsCall;
  private readonly purpose: SecretPurpose;

  constructor(keyId: string, call: AwsCall, purpose: SecretPurpose = SECRET_PURPOSES.leadWebhook) {
    this.keyId = keyId;
    this.call = call;
    this.purpose = purpose;
  }

  async encrypt(plaintext: string): Promise<string> {
    const answer = await this.call('Encrypt', {
      KeyId: this.keyId,
      Plaintext: Buffer.from(plaintext, 'utf8').toString('base64'),
      EncryptionContext: { purpose: this.purpose },
    });
    const blob = answer['CiphertextBlob'];
    if (typeof blob !== 'string') throw new Error('KMS answered no ciphertext');
    return `${KMS_PREFIX}${blob}`;
  }

  async decrypt(stored: string): Promise<string> {
    if (!stored.startsWith(KMS_PREFIX)) {
      throw new Error('the secret was encrypted with a local key, not KMS; enter it again');
    }
    const answer = await this.call('Decrypt', {
      KeyId: this.keyId,
      CiphertextBlob: stored.slice(KMS_PREFIX.length),
      EncryptionContext: { purpose: this.purpose },
    });
    const plaintext = answer['Plaintext'];
    if (typeof plaintext !== 'string') throw new Error('KMS answered no plaintext');
    return Buffer.from(plaintext, 'base64').toString('utf8');
  }
}

/**
 * KMS's JSON protocol over HTTPS, signed with Signature Version 4. `endpoint` defaults to
 * the region's (AWS_ENDPOINT_URL_KMS, the SDK's own variable, points it elsewhere: moto).
 */
export function kmsCall(region: string, endpoint?: string): AwsCall {
  const url = new URL(endpoint ?? `https://kms.${region}.amazonaws.com/`);
  let credentials: Promise<() => Promise<AwsCredentials>> | undefined;
  return async (target, payload) => {
    credentials ??= import('@aws-sdk/credential-provider-node').then(({ defaultProvider }) =>
      defaultProvider(),
    );
    const [{ signRequest }, provider] = await Promise.all([import('../mail/ses.ts'), credentials]);
    const body = JSON.stringify(payload);
    const headers = signRequest(
      {
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `TrentService.${target}`,
        },
        body,
      },
      await provider(),
      { region, service: 'kms' },
      new Date(),
    );
    delete headers['host'];
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(5_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { message?: string; Message?: string; __type?: string };
        detail = `${parsed.__type ?? 'Error'}: ${parsed.message ?? parsed.Message ?? ''}`;
      } catch {
        // Not JSON: the text says what happened.
      }
      throw new Error(`KMS ${target} failed (${response.status} ${detail})`);
    }
    return JSON.parse(text) as Record<string, unknown>;
  };
}

/**
 * The box for this configuration and purpose, or undefined when a secret cannot be kept
 * here (in AWS without a KMS key or LEAD_SETTINGS_KEY: the functions' disk is not theirs
 * to keep a key).
 */
export function chooseSecretBox(
  config: Config,
  purpose: SecretPurpose = SECRET_PURPOSES.leadWebhook,
): SecretBox | undefined {
  const { LEAD_SETTINGS_KMS_KEY, LEAD_SETTINGS_KEY, AWS_REGION, AWS_ENDPOINT_URL_KMS, DATA_DIR } =
    config.env;
  if (LEAD_SETTINGS_KMS_KEY && AWS_REGION) {
    return new KmsSecretBox(
      LEAD_SETTINGS_KMS_KEY,
      kmsCall(AWS_REGION, AWS_ENDPOINT_URL_KMS),
      purpose,
    );
  }
  if (LEAD_SETTINGS_KEY) {
    return new LocalSecretBox(Buffer.from(LEAD_SETTINGS_KEY, 'base64'), purpose);
  }
  if (config.store.kind === 'aws') return undefined;
  let key: Buffer | undefined;
  return new LocalSecretBox(() => (key ??= keyFile(DATA_DIR)), purpose);
}

/**
 * The local install key in effect (LEAD_SETTINGS_KEY, else DATA_DIR/lead-settings.key when
 * it exists), for `npm run backup`; undefined when there is none yet (nothing was ever
 * encrypted) or the secrets are KMS's.
 */
export function localInstallKey(
  config: Config,
): { key: Buffer; from: 'environment' | 'file' } | undefined {
  const { LEAD_SETTINGS_KEY, DATA_DIR } = config.env;
  if (LEAD_SETTINGS_KEY)
    return { key: Buffer.from(LEAD_SETTINGS_KEY, 'base64'), from: 'environment' };
  if (!existsSync(join(DATA_DIR, KEY_FILE))) return undefined;
  return { key: keyFile(DATA_DIR), from: 'file' };
}
