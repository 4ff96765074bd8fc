// Configuration, parsed once from the environment. Nothing else in the project reads
// process.env: handlers and scripts receive a typed Config. Every default is chosen so
// `npm start` needs no configuration at all.
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const envSchema = z.object({
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
  /** Setting a region (with credentials from the usual AWS chain) selects real AWS. */
  AWS_REGION: optionalString,
  /** Port of the embedded DynamoDB Local; 0 picks a free one. */
  DYNAMODB_LOCAL_PORT: port.default(0),
  /** Public origin of the site, used for canonical URLs, the sitemap and Origin checks. */
  SITE_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
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
