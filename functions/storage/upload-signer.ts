// Signatures of the local server's upload URLs (disk driver): an HMAC-SHA256 with a
// per-install secret, bound to the method, the object key, the multipart upload and part,
// the expiry and the largest body allowed, so a URL cannot be bent to another object, a
// bigger file or a later time. The secret lives in DATA_DIR/upload-signing.key (0600),
// created on first use, like DynamoDB Local's install key (functions/server/dynamo-local.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SIGNING_KEY_FILE = 'upload-signing.key';

export interface SignedUpload {
  /** GET: a private object's download (assets/...), `fileName` its attachment name. */
  method: 'PUT' | 'POST' | 'GET';
  key: string;
  uploadId?: string | undefined;
  partNumber?: number | undefined;
  /** Epoch seconds. */
  expires: number;
  maxBytes: number;
  fileName?: string | undefined;
  /** A POST form's metadata fields (canonicalMetadata), bound like the rest. */
  metadata?: string | undefined;
}

/** One text for a POST form's metadata, whatever the order of its fields. */
export const canonicalMetadata = (metadata: Readonly<Record<string, string>>): string =>
  JSON.stringify(Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export class UploadSigner {
  readonly #dataDir: string;
  #secret: Buffer | undefined;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  sign(upload: SignedUpload): string {
    return createHmac('sha256', this.secret()).update(payload(upload)).digest('base64url');
  }

  verify(upload: SignedUpload, signature: string): boolean {
    const expected = Buffer.from(this.sign(upload));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Read once; a missing file is created (0600), never overwritten: flag wx. */
  private secret(): Buffer {
    if (this.#secret) return this.#secret;
    const path = join(this.#dataDir, SIGNING_KEY_FILE);
    try {
      this.#secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(this.#dataDir, { recursive: true, mode: 0o700 });
      const fresh = randomBytes(32);
      try {
        writeFileSync(path, `${fresh.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
        this.#secret = fresh;
      } catch (raced) {
        // Another process created it first: use theirs.
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
        this.#secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
      }
    }
    if (this.#secret.length < 32) throw new Error(`${path} holds no valid key; delete it`);
    return this.#secret;
  }
}

function payload(upload: SignedUpload): string {
  return [
    'pharmabridge-upload-v1',
    upload.method,
    upload.key,
    upload.uploadId ?? '',
    upload.partNumber ?? '',
    upload.expires,
    upload.maxBytes,
    // Only downloads sign a file name; upload signatures stay as they were.
    ...(upload.fileName !== undefined ? [upload.fileName] : []),
    // Only POST forms with metadata sign it (issue 33); others stay as they were.
    ...(upload.metadata !== undefined ? [`metadata:${upload.metadata}`] : []),
  ].join('\n');
}
