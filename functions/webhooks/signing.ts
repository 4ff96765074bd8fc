// Standard Webhooks signing (standardwebhooks.com, symmetric scheme): the receiver checks
// `webhook-signature` = "v1," + base64(HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")),
// where the key is the secret's base64-decoded bytes. Secrets are shown as "whsec_<base64>";
// the prefix is optional here, as in the reference libraries.
import { createHmac } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** The specification's bounds for a symmetric key: 24 to 64 random bytes. */
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Why a secret is unusable, or undefined when it is fine (for the config's message). */
export function secretProblem(secret: string): string | undefined {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!BASE64.test(encoded))
    return 'must be whsec_ followed by base64 (the Standard Webhooks form)';
  const bytes = Buffer.from(encoded, 'base64').length;
  if (bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
    return `must decode to ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes (it has ${bytes})`;
  }
  return undefined;
}

/** The HMAC key: the secret's decoded bytes. Validate with secretProblem first. */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The three Standard Webhooks headers for one attempt. */
export function signatureHeaders(
  key: Buffer,
  webhookId: string,
  at: Date,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  // Integer seconds; neither the id nor the timestamp may hold the '.' delimiter.
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', key)
    .update(`${webhookId}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
