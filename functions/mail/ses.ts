// Amazon SES (API v2) transport, used in AWS: one SendEmail call over HTTPS, signed with
// Signature Version 4 by the few lines below instead of the SES SDK client, whose 117 KB
// would otherwise sit in the public Lambda function and be parsed on every cold start
// (docs/decisions/0088-ses-without-sdk.md). The request is the one the SDK sends; mailer.test.ts
// checks the signature against the SDK's own and sends through moto's SES. The Lambda's
// role may send only from the configured sender's identity (infra/constructs/api.ts).
import { createHash, createHmac } from 'node:crypto';
import type { Mailer, MailMessage } from './mailer.ts';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

/** Where credentials come from: the SDK's default chain in practice (mailer.ts). */
export type CredentialProvider = () => Promise<AwsCredentials>;

export interface SignableRequest {
  method: string;
  url: URL;
  /** Every header to sign, by any case; `host` is added from the URL. */
  headers: Record<string, string>;
  body: string;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as Signature Version 4 wants for path segments and query parts. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The request's headers with `authorization` (and `x-amz-date`, `x-amz-security-token`)
 * added: Signature Version 4 for a service that is not S3 (path segments encoded twice).
 */
export function signRequest(
  request: SignableRequest,
  credentials: AwsCredentials,
  scope: { region: string; service: string },
  now: Date,
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['host'] = request.url.host;
  headers['x-amz-date'] = amzDate;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const path = request.url.pathname
    .split('/')
    .map((segment) => uriEncode(uriEncode(decodeURIComponent(segment))))
    .join('/');
  const query = [...request.url.searchParams]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    path || '/',
    query,
    canonicalHeaders,
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');

  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    credentialScope,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), scope.region), scope.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** SES's answer when it refused the message, e.g. "400 MessageRejected: Email address is not verified". */
export class SesError extends Error {
  readonly status: number;
  readonly type: string;

  constructor(status: number, type: string, detail: string) {
    super(`SES refused the message (${status} ${type}): ${detail}`);
    this.name = 'SesError';
    this.status = status;
    this.type = type;
  }
}

export interface SesMailerOptions {
  region: string;
  /** The sender, e.g. `PharmaBridge Website <no-reply@pharmabridge.com>`. */
  from: string;
  credentials: CredentialProvider;
  /** SES's endpoint; tests point it at moto. Default: the region's public endpoint. */
  endpoint?: string;
  now?: () => Date;
  /** How long one call may take before it is abandoned. */
  timeoutMs?: number;
}

export class SesMailer implements Mailer {
  readonly transport = 'ses';
  private readonly options: SesMailerOptions;
  private readonly url: URL;

  constructor(options: SesMailerOptions) {
    this.options = options;
    const endpoint = options.endpoint ?? `https://email.${options.region}.amazonaws.com`;
    this.url = new URL('/v2/email/outbound-emails', endpoint);
  }

  async send(message: MailMessage): Promise<void> {
    const body = JSON.stringify({
      FromEmailAddress: this.options.from,
      Destination: { ToAddresses: message.to },
      ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    });
    const headers = signRequest(
      { method: 'POST', url: this.url, headers: { 'content-type': 'application/json' }, body },
      await this.options.credentials(),
      { region: this.options.region, service: 'ses' },
      (this.options.now ?? (() => new Date()))(),
    );
    // fetch sets Host itself from the URL, the same value that was signed.
    delete headers['host'];
    const response = await fetch(this.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const text = await response.text();
    let detail = text.slice(0, 500);
    try {
      const parsed = JSON.parse(text) as { message?: string; Message?: string };
      detail = parsed.message ?? parsed.Message ?? detail;
    } catch {
      // Not JSON (a proxy's page): the text itself says what happened.
    }
    const type = (response.headers.get('x-amzn-errortype') ?? 'Error').split(':')[0]!;
    throw new SesError(response.status, type, detail);
  }
}
