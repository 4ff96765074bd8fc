// Configuration, parsed once from the environment. Nothing else in the project reads
// process.env: handlers and scripts receive a typed Config. Every default is chosen so
// `npm start` needs no configuration at all.
import * as z from 'zod';
import { emailListSchema } from './shared/email-list.ts';
import { secretProblem } from './webhooks/signing.ts';

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().default('127.0.0.1'),
    /** Where the embedded engines keep their data (DynamoDB Local files, uploaded objects). */
    DATA_DIR: z.string().default('.data'),
    /** Built static site served by the local server. */
    DIST_DIR: z.string().default('dist'),
    TABLE_NAME: z
      .string()
      .regex(/^[a-zA-Z0-9_.-]{3,255}$/, 'must be a valid DynamoDB table name')
      .default('pharmabridge'),
    /** An already running DynamoDB (Local) endpoint; when set, `npm start` starts no engine. */
    DYNAMODB_ENDPOINT: optionalString.pipe(z.url().optional()),
    /**
     * With DYNAMODB_ENDPOINT: the access key to use. DynamoDB Local keeps each key's data
     * apart; `npm start` passes its per-install key (DATA_DIR/dynamodb-local.key) to the
     * site build this way. Default: local.
     */
    DYNAMODB_LOCAL_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,128}$/, 'must be letters and digits only')
        .optional(),
    ),
    /** Setting a region (with credentials from the usual AWS chain) selects real AWS. */
    AWS_REGION: optionalString,
    /** Port of the embedded DynamoDB Local; 0 picks a free one. */
    DYNAMODB_LOCAL_PORT: port.default(0),
    /** Public origin of the site, used for canonical URLs, the sitemap and Origin checks. */
    SITE_URL: optionalString.pipe(z.url().optional()),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /**
     * AWS only: the X-Origin-Verify value CloudFront adds to API requests. Set, requests
     * without it (direct calls to the API Gateway endpoint) are refused with 403.
     */
    ORIGIN_VERIFY_SECRET: optionalString,
    /** First administrator, created at start-up when no administrator exists yet. */
    ADMIN_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    /** Password of the first administrator: at least 12 characters, not a common one. */
    ADMIN_PASSWORD: optionalString,
    /** Hours an admin session lasts after sign-in. */
    SESSION_TTL_HOURS: z.coerce.number().min(0.01).max(720).default(12),
    /** Minutes the one-time setup link printed at first run stays valid. */
    SETUP_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
    /**
     * Sign-in throttling (docs/decisions/0039-sign-in-throttling.md). Failed sign-ins allowed
     * per (account, client IP) pair in each 15-minute window.
     */
    LOGIN_PAIR_LIMIT: z.coerce.number().int().min(1).default(5),
    /** Failed sign-ins allowed per client IP, whatever the account, in each 15-minute window. */
    LOGIN_IP_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Failures an account takes before its growing delay (1 s, 2 s, 4 s ...) starts. */
    LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(3),
    /** Ceiling of that delay, in seconds. */
    LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** CodeBuild project that rebuilds the site (AWS); unset, the local server rebuilds. */
    REBUILD_PROJECT: optionalString,
    /**
     * CloudFront's KeyValueStore of the site's viewer-request function (AWS): the rebuild
     * writes its redirects and experiments, the API its live-slug keys (issue 33).
     */
    REDIRECTS_KVS_ARN: optionalString,
    /** Local rebuilds: quiet time after the last edit before the build starts. */
    REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * Local rebuilds: `off` logs each rebuild request and runs none; the admin's build status
     * says automatic rebuilds are off. For tests that check edits on the run-time page
     * (docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
     */
    LOCAL_REBUILDS: z.enum(['on', 'off']).default('on'),
    /**
     * The Chromium that prints each published version for its inspection package
     * (functions/inspection/printer.ts). Unset: the first of chromium, chromium-browser,
     * google-chrome on the PATH; none found, packages say the print is missing.
     */
    CHROMIUM_PATH: optionalString,
    /** `off`: publications are not printed (the browser tests' servers that need no print). */
    INSPECTION_PRINTS: z.enum(['on', 'off']).default('on'),
    /**
     * Secret for the daily salt of the visitor hash (HMAC of the UTC date). Unset, each
     * day's salt is a random value kept in the table for two days, then forgotten.
     */
    ANALYTICS_SALT_SECRET: optionalString.pipe(z.string().min(32).optional()),
    /**
     * Local server only: how many proxies of ours stand in front of it. 0 (default): the
     * client is the socket's peer and X-Forwarded-For is ignored; N: the Nth address from
     * the right of X-Forwarded-For. (In AWS the client is CloudFront-Viewer-Address.)
     */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Conversion events counted per visitor and minute (each instance); the rest are dropped. */
    CONVERSION_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    /**
     * Conversion events counted per client address and minute (each instance; an IPv6
     * client counts by its /64), whatever the user agent; the rest are dropped. 120 is
     * some 40 visitors a minute behind one office NAT (a page view and a couple of clicks
     * each), and bounds what one address can fake (docs/decisions/0100-conversion-address-cap.md).
     */
    CONVERSION_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /**
     * Calls one API token may make per minute (Authorization: Bearer pb_..., functions/lib/auth.ts);
     * the next answer 429 with Retry-After (docs/decisions/0567-api-tokens.md).
     */
    API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /** Contact submissions accepted per client IP in each 10-minute window. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /**
     * Form auto-replies sent to one recipient domain (`example-pharma.com`) per hour, across
     * its addresses (functions/mail/auto-reply.ts). 20 is far above the leads one company
     * sends in an hour, and stops a form being used to flood a company's inboxes.
     */
    AUTO_REPLY_DOMAIN_LIMIT: z.coerce.number().int().min(1).default(20),
    /**
     * Form auto-replies sent per hour by the whole site. Reaching it logs an error that
     * raises an alarm in AWS (infra/constructs/alarms.ts): some ten times a busy hour's leads.
     */
    AUTO_REPLY_GLOBAL_LIMIT: z.coerce.number().int().min(1).default(200),
    /**
     * Who gets an e-mail for each new lead: comma-separated addresses. Unset, nobody. The
     * default until an admin saves the lead routing settings (Account area), which win.
     */
    NOTIFY_EMAIL: optionalString.pipe(emailListSchema.optional()),
    /** The sender of outgoing mail (for SES, a verified identity). */
    MAIL_FROM: z.string().trim().min(3).default('PharmaBridge Website <no-reply@pharmabridge.com>'),
    /** smtp:// or smtps:// URL (with user:password@ if the server wants them). */
    SMTP_URL: optionalString.pipe(
      z
        .url()
        .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** log (default; the message goes to the log), smtp (default when SMTP_URL is set) or ses. */
    MAIL_TRANSPORT: optionalString.pipe(z.enum(['log', 'smtp', 'ses']).optional()),
    /**
     * The team's CRM: each new lead (never spam) is POSTed there as signed JSON (Standard
     * Webhooks). https, or http on this machine's loopback only. Unset, nothing is sent.
     * With LEAD_WEBHOOK_SECRET, the default until an admin saves the lead routing settings.
     */
    LEAD_WEBHOOK_URL: optionalString.pipe(
      z
        .url()
        .refine(
          (url) => {
            const { protocol, hostname } = new URL(url);
            return (
              protocol === 'https:' ||
              (protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname))
            );
          },
          { message: 'must be an https:// URL (http:// only for localhost)' },
        )
        .optional(),
    ),
    /** The webhook's signing secret: whsec_ followed by base64 of 24 to 64 random bytes. */
    LEAD_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .superRefine((secret, ctx) => {
          const problem = secretProblem(secret);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
    ),
    /**
     * The key that encrypts the CRM webhook's secret when an admin sets it in the Account
     * area (docs/decisions/0181-webhook-secret-storage.md): 32 random bytes as base64
     * (`openssl rand -base64 32`). Unset, `npm start` keeps a key in DATA_DIR/lead-settings.key.
     */
    LEAD_SETTINGS_KEY: optionalString.pipe(
      z
        .string()
        .refine(
          (value) =>
            /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
          'must be 32 bytes as base64 (openssl rand -base64 32)',
        )
        .optional(),
    ),
    /** AWS: the KMS key (id or ARN) that encrypts the webhook secret; set by infra/. */
    LEAD_SETTINGS_KMS_KEY: optionalString,
    /** KMS's endpoint, by the AWS SDK's own variable name (tests, moto); unset, the region's. */
    AWS_ENDPOINT_URL_KMS: optionalString.pipe(z.url().optional()),
    /**
     * S3 bucket for uploaded images (set by infra/ in AWS). Unset, uploads are kept on disk
     * under DATA_DIR/objects and served by the local server.
     */
    UPLOADS_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
        .optional(),
    ),
    /**
     * The bucket with S3 Object Lock that the daily audit archive writes to (set by infra/
     * for functions/audit/lambda.ts only; docs/decisions/0554-audit-export-and-archive.md).
     */
    AUDIT_ARCHIVE_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
        .optional(),
    ),
    /** SES's endpoint, by the AWS SDK's own variable name (tests, moto); unset, the region's. */
    AWS_ENDPOINT_URL_SESV2: optionalString.pipe(z.url().optional()),
    /** An S3-compatible endpoint for UPLOADS_BUCKET (MinIO, moto); unset, AWS S3. */
    UPLOADS_ENDPOINT: optionalString.pipe(z.url().optional()),
    /** Seconds an upload URL stays valid; 604800 (7 days) is S3's maximum. */
    UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604800).default(900),
    /** Largest image accepted, in bytes (docs/requirements.md §9: 10 MiB). */
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(5 * 1024 ** 3)
      .default(10_485_760),
    /** Largest image accepted, in pixels (width × height); bigger ones are refused undecoded. */
    MEDIA_MAX_PIXELS: z.coerce.number().int().min(1).max(268_402_689).default(50_000_000),
  })
  .refine((env) => env.MAIL_TRANSPORT !== 'smtp' || env.SMTP_URL, {
    path: ['SMTP_URL'],
    message: 'is required when MAIL_TRANSPORT is smtp',
  })
  .refine((env) => env.MAIL_TRANSPORT !== 'ses' || env.AWS_REGION, {
    path: ['AWS_REGION'],
    message: 'is required when MAIL_TRANSPORT is ses (the region of the sender identity)',
  })
  .refine((env) => !env.LEAD_WEBHOOK_URL || env.LEAD_WEBHOOK_SECRET, {
    path: ['LEAD_WEBHOOK_SECRET'],
    message: 'is required when LEAD_WEBHOOK_URL is set',
  })
  .refine((env) => !env.LEAD_WEBHOOK_SECRET || env.LEAD_WEBHOOK_URL, {
    path: ['LEAD_WEBHOOK_URL'],
    message: 'is required when LEAD_WEBHOOK_SECRET is set',
  });

export type Env = z.infer<typeof envSchema>;

export type StoreMode =
  /** Start DynamoDB Local as a child process with data under DATA_DIR. */
  | { kind: 'embedded' }
  /** Talk to an endpoint that is already running (DynamoDB Local started elsewhere). */
  | { kind: 'endpoint'; endpoint: string; region: string }
  /** Real AWS, with credentials from the default provider chain. */
  | { kind: 'aws'; region: string };

export interface Config {
  env: Env;
  store: StoreMode;
  siteUrl: string;
}

/**
 * Whether vitest runs this process (it sets VITEST before any module loads; the functions
 * and the local server never have it): the route kernel then checks every answer against
 * its declaration (functions/routes/support/define-route.ts).
 */
export const underVitest = (): boolean => process.env['VITEST'] !== undefined;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const store: StoreMode = env.DYNAMODB_ENDPOINT
    ? { kind: 'endpoint', endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION ?? 'local' }
    : env.AWS_REGION
      ? { kind: 'aws', region: env.AWS_REGION }
      : { kind: 'embedded' };
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '');
  return { env, store, siteUrl };
}
