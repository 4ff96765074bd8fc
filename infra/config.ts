// Infra configuration: the only module of the CDK app that reads environment variables or
// CDK context. Everything else receives the parsed, typed `InfraConfig`.
import type { App } from 'aws-cdk-lib';
import * as z from 'zod';
import { emailListSchema } from '../functions/shared/email-list.ts';

/** Settings read from the environment; `cdk synth -c NAME=value` overrides any of them. */
export const CONFIG_KEYS = [
  'STACK_NAME',
  'SITE_DOMAIN',
  'CERTIFICATE_ARN',
  'SITE_URL',
  'ALARM_EMAIL',
  'MAIL_FROM',
  'NOTIFY_EMAIL',
  'LEAD_WEBHOOK_URL',
  'DEPLOY_REGION',
  'CDK_DEFAULT_ACCOUNT',
  'WAF',
  'AUDIT_ARCHIVE_RETENTION_DAYS',
] as const;

/**
 * Days each daily copy of the audit trail stays locked (S3 Object Lock, compliance mode):
 * seven years, a common retention for promotional material records; no one can shorten it.
 */
export const DEFAULT_AUDIT_ARCHIVE_RETENTION_DAYS = 2557;

/** Where the stack goes when DEPLOY_REGION is not set. */
export const DEFAULT_REGION = 'eu-west-1';

export type RawConfig = Partial<Record<(typeof CONFIG_KEYS)[number], unknown>>;

// An unset variable and an empty one (`SITE_URL=` in a CI file) mean the same thing.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** The address of `a@b.example` or `Name <a@b.example>`; undefined for anything else. */
export function senderAddress(value: string): string | undefined {
  const address = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const candidate = address?.[1] ?? address?.[2];
  return candidate !== undefined && z.email().safeParse(candidate).success ? candidate : undefined;
}

const isOriginOnly = (url: URL) =>
  url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';

const schema = z
  .strictObject({
    STACK_NAME: optional(
      z
        .string()
        .regex(
          /^[A-Za-z][A-Za-z0-9-]{0,127}$/,
          'must start with a letter and hold only letters, digits and hyphens (max 128)',
        ),
    )
      .transform((value) => value ?? 'PharmaBridgeWeb')
      .describe('CloudFormation stack name'),
    SITE_DOMAIN: optional(z.hostname().toLowerCase()).describe(
      'custom domain served by CloudFront, e.g. www.pharmabridge.example; needs CERTIFICATE_ARN',
    ),
    CERTIFICATE_ARN: optional(
      z
        .string()
        .regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/,
          'must be an ACM certificate ARN in us-east-1 (CloudFront only reads certificates there)',
        ),
    ).describe('ACM certificate covering SITE_DOMAIN'),
    SITE_URL: optional(
      z
        .url({ protocol: /^https?$/ })
        .refine((value) => isOriginOnly(new URL(value)), {
          message: 'must be an origin only (scheme, host, optional port), without path or query',
        })
        .transform((value) => new URL(value).origin),
    ).describe('public origin of the site; defaults to https://SITE_DOMAIN when a domain is set'),
    ALARM_EMAIL: optional(z.email()).describe('address subscribed to the alarm topic'),
    MAIL_FROM: optional(
      z
        .string()
        .trim()
        .refine((value) => senderAddress(value) !== undefined, {
          message: 'must be an e-mail address, or a name and an address: Name <a@b.example>',
        }),
    ).describe('sender of lead notifications, an SES-verified identity; needs NOTIFY_EMAIL'),
    NOTIFY_EMAIL: optional(emailListSchema).describe(
      'comma-separated addresses that get an e-mail for each new lead (through SES)',
    ),
    LEAD_WEBHOOK_URL: optional(
      z.url({ protocol: /^https$/, error: 'must be an https:// URL' }),
    ).describe(
      "the team's CRM webhook: each new lead is POSTed there, signed with a generated secret",
    ),
    // The stack needs a concrete region: the 404 page's Lambda@Edge function lives in
    // us-east-1 and CDK places it there in a companion stack only for a known region. Not
    // CDK_DEFAULT_REGION: the CLI fills that from the caller's profile (or us-east-1 when
    // there is none), so where the stack lands would depend on who runs `cdk deploy`.
    DEPLOY_REGION: optional(z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be a region'))
      .transform((value) => value ?? DEFAULT_REGION)
      .describe(`AWS region of the stack (default ${DEFAULT_REGION})`),
    // On by default: without it nothing stops one client's flood before it reaches the
    // API's own per-address limits (docs/decisions/0099-waf-rate-limits.md).
    // `cdk.json` context may hold a real boolean, the environment only text.
    WAF: optional(z.union([z.boolean(), z.stringbool()]))
      .transform((value) => value ?? true)
      .describe('AWS WAF rate-based rules on the distribution: true (default) or false'),
    AUDIT_ARCHIVE_RETENTION_DAYS: optional(
      z.coerce
        .number({ error: 'must be a whole number of days' })
        .int('must be a whole number of days')
        .min(1, 'must be at least 1 day')
        .max(36_500, 'must be at most 36500 days (100 years)'),
    )
      .transform((value) => value ?? DEFAULT_AUDIT_ARCHIVE_RETENTION_DAYS)
      .describe(
        `days each daily audit copy is locked in compliance mode (default ${DEFAULT_AUDIT_ARCHIVE_RETENTION_DAYS}); cannot be shortened once written`,
      ),
    // The account may stay open (env-agnostic): nothing in the app needs it at synth time.
    CDK_DEFAULT_ACCOUNT: optional(z.string().regex(/^\d{12}$/, 'must be a 12-digit account id')),
  })
  .superRefine((raw, ctx) => {
    if ((raw.MAIL_FROM === undefined) !== (raw.NOTIFY_EMAIL === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [raw.MAIL_FROM === undefined ? 'MAIL_FROM' : 'NOTIFY_EMAIL'],
        message: 'MAIL_FROM and NOTIFY_EMAIL must be set together',
      });
    }
    if ((raw.SITE_DOMAIN === undefined) !== (raw.CERTIFICATE_ARN === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [raw.SITE_DOMAIN === undefined ? 'SITE_DOMAIN' : 'CERTIFICATE_ARN'],
        message: 'SITE_DOMAIN and CERTIFICATE_ARN must be set together',
      });
    }
  })
  .transform((raw) => ({
    stackName: raw.STACK_NAME,
    env: { account: raw.CDK_DEFAULT_ACCOUNT, region: raw.DEPLOY_REGION },
    site: {
      domain:
        raw.SITE_DOMAIN !== undefined && raw.CERTIFICATE_ARN !== undefined
          ? { name: raw.SITE_DOMAIN, certificateArn: raw.CERTIFICATE_ARN }
          : undefined,
      /** Public origin of the site, or '' when only the generated *.cloudfront.net name exists. */
      url: raw.SITE_URL ?? (raw.SITE_DOMAIN === undefined ? '' : `https://${raw.SITE_DOMAIN}`),
    },
    alarmEmail: raw.ALARM_EMAIL,
    /** A web ACL with rate-based rules on the distribution (infra/constructs/site/waf.ts). */
    waf: raw.WAF,
    /** Days each daily audit copy is locked (infra/constructs/audit-archive.ts). */
    auditArchiveRetentionDays: raw.AUDIT_ARCHIVE_RETENTION_DAYS,
    /** Where leads are forwarded (a drainer function and a signing secret), when set. */
    leadWebhookUrl: raw.LEAD_WEBHOOK_URL,
    /** Lead notifications through SES, when both settings are given. */
    mail:
      raw.MAIL_FROM !== undefined && raw.NOTIFY_EMAIL !== undefined
        ? {
            from: raw.MAIL_FROM,
            fromAddress: senderAddress(raw.MAIL_FROM) ?? raw.MAIL_FROM,
            notify: raw.NOTIFY_EMAIL,
          }
        : undefined,
  }));

export type InfraConfig = z.output<typeof schema>;

/** Validates raw settings; throws one error naming every bad setting and why. */
export function parseConfig(raw: RawConfig): InfraConfig {
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid infra configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** Reads the settings from `process.env`, with CDK context (`-c NAME=value`) taking precedence. */
export function loadConfig(app: App): InfraConfig {
  const raw: RawConfig = {};
  for (const key of CONFIG_KEYS) {
    raw[key] = app.node.tryGetContext(key) ?? process.env[key];
  }
  return parseConfig(raw);
}
