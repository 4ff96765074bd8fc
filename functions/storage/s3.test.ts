// What the S3 driver signs, checked offline: moto_server does not verify signatures, so the
// contents of presigned URLs and POST policies (signed headers, expiry, no checksum
// parameters, the exact key and size range) are asserted here. No request leaves the process.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
// The AWS SDK's own SigV4 implementation (a dependency of @aws-sdk/client-s3).
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { isMissing, S3ObjectStore } from './s3.ts';

const now = new Date('2026-03-01T10:20:30.000Z');
const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const store = new S3ObjectStore({
  bucket: 'pharmabridge-uploads',
  region: 'eu-west-1',
  credentials,
  now: () => now,
});
const key = 'pending/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b';
const options = { origin: 'https://unused.example', expiresIn: 900, maxBytes: 10_485_760 };

/** The SDK's Checksum interface over node:crypto: SHA-256, or HMAC-SHA-256 with a secret. */
class Sha256 {
  readonly #hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.#hash.digest());
  }
  reset(): void {}
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data))
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

const checksumParameter = (name: string) =>
  /checksum/i.test(name) || name.toLowerCase() === 'x-amz-sdk-checksum-algorithm';

describe('S3 driver: presigned PUT', () => {
  it('signs only the host header, for UPLOAD_URL_TTL_SECONDS, with no checksum parameters', async () => {
    const url = new URL(await store.presignPut(key, options));
    expect(url.origin).toBe('https://pharmabridge-uploads.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe(`/${key}`);
    const query = url.searchParams;
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(query.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20260301/eu-west-1/s3/aws4_request');
    expect(query.get('X-Amz-Date')).toBe('20260301T102030Z');
    expect(query.get('X-Amz-Expires')).toBe('900');
    // Content-Type unsigned: the browser may send its own; the bytes are checked at publish.
    expect(query.get('X-Amz-SignedHeaders')).toBe('host');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect([...query.keys()].filter(checksumParameter)).toEqual([]);
  });

  it('signs a part upload for its upload id and part number, without checksums', async () => {
    const url = new URL(
      await store.presignPart(key, 'upload-id-123', 7, { ...options, expiresIn: 600 }),
    );
    expect(url.searchParams.get('uploadId')).toBe('upload-id-123');
    expect(url.searchParams.get('partNumber')).toBe('7');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect([...url.searchParams.keys()].filter(checksumParameter)).toEqual([]);
  });

  it('accepts S3’s maximum lifetime (7 days)', async () => {
    const url = new URL(await store.presignPut(key, { ...options, expiresIn: 604_800 }));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('604800');
  });
});

describe('S3 driver: POST policy (what @uppy/aws-s3 6 uploads small files with)', () => {
  it('binds the exact key, 1..maxBytes and the expiry, with a SigV4 signature', async () => {
    const { url, fields } = await store.presignPost(key, options);
    expect(url).toBe('https://pharmabridge-uploads.s3.eu-west-1.amazonaws.com');
    expect(fields['key']).toBe(key);
    expect(fields['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
    expect(fields['X-Amz-Credential']).toBe('AKIDEXAMPLE/20260301/eu-west-1/s3/aws4_request');
    expect(fields['X-Amz-Date']).toBe('20260301T102030Z');
    expect(Object.keys(fields).filter(checksumParameter)).toEqual([]);
    // No field Uppy refuses (file, redirects).
    expect(Object.keys(fields).map((name) => name.toLowerCase())).not.toContain('file');

    const policy = JSON.parse(Buffer.from(fields['Policy']!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.expiration).toBe('2026-03-01T10:35:30.000Z');
    expect(policy.conditions).toEqual([
      { bucket: 'pharmabridge-uploads' },
      ['eq', '$key', key],
      ['content-length-range', 1, 10_485_760],
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      { 'x-amz-credential': 'AKIDEXAMPLE/20260301/eu-west-1/s3/aws4_request' },
      { 'x-amz-date': '20260301T102030Z' },
    ]);

    // The signature as the AWS SDK's own SigV4 signer computes it for that string.
    const signer = new SignatureV4({
      credentials,
      region: 'eu-west-1',
      service: 's3',
      sha256: Sha256,
    });
    expect(fields['X-Amz-Signature']).toBe(
      await signer.sign(fields['Policy']!, { signingDate: now }),
    );
  });

  it('carries the session token of temporary credentials (the Lambda role) in field and policy', async () => {
    const temporary = new S3ObjectStore({
      bucket: 'pharmabridge-uploads',
      region: 'eu-west-1',
      credentials: { ...credentials, sessionToken: 'session-token-xyz' },
      now: () => now,
    });
    const { fields } = await temporary.presignPost(key, options);
    expect(fields['X-Amz-Security-Token']).toBe('session-token-xyz');
    const policy = JSON.parse(Buffer.from(fields['Policy']!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual({ 'x-amz-security-token': 'session-token-xyz' });
  });

  it('posts to the endpoint path-style when one is configured (MinIO, moto)', async () => {
    const local = new S3ObjectStore({
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000/',
      credentials,
      now: () => now,
    });
    expect((await local.presignPost(key, options)).url).toBe('http://127.0.0.1:9000/uploads');
    expect(new URL(await local.presignPut(key, options)).pathname).toBe(`/uploads/${key}`);
  });
});

describe('S3 driver: missing keys', () => {
  // AWS itself, which moto does not imitate here: a role without s3:ListBucket gets 403, not
  // 404, for a key that does not exist.
  const error = (name: string, status: number) =>
    new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status } });

  it('counts 404 and the 403 of a role without ListBucket as missing, nothing else', () => {
    expect(isMissing(error('NotFound', 404))).toBe(true);
    expect(isMissing(error('NoSuchKey', 404))).toBe(true);
    expect(isMissing(error('Forbidden', 403))).toBe(true);
    expect(isMissing(error('SlowDown', 503))).toBe(false);
    expect(isMissing(new Error('socket hang up'))).toBe(false);
  });
});
