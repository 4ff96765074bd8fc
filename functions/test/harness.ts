// Test harness: the real app over a fresh table in the run's DynamoDB Local.
import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import type { Logger } from '../core/logger.ts';
import { ensureTable } from '../data/table.ts';
import { createServices, type ServiceOptions } from '../services.ts';
import { forwardedForIp } from '../lib/client-ip.ts';
import { LOCAL_COOKIE } from '../lib/auth.ts';
import { seedDefaultPage } from '../data/seed.ts';
import { landingTemplate } from '../shared/template.ts';
import type { Services } from '../lib/context.ts';
import type { Role } from '../shared/roles.ts';

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  details: Record<string, unknown> | undefined;
}

export function memoryLogger(lines: LoggedLine[] = []): Logger & { lines: LoggedLine[] } {
  const add =
    (level: LoggedLine['level']) => (message: string, details?: Record<string, unknown>) => {
      lines.push({ level, message, details });
    };
  return { lines, info: add('info'), warn: add('warn'), error: add('error') };
}

/**
 * The key of the secrets the table keeps encrypted (the webhook secret, two-factor
 * secrets: functions/webhooks/secret-box.ts), one per test run, so no test writes a key
 * file into the working copy's DATA_DIR (.data).
 */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

/**
 * A fresh table and app per call. `overrides` are environment variables; `options`
 * replaces services (a fixed clock, say). Client IPs come from X-Forwarded-For.
 */
export async function testApp(
  overrides: Record<string, string> = {},
  options: Omit<ServiceOptions, 'log'> = {},
) {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  const config = loadConfig({
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: endpoint,
    LEAD_SETTINGS_KEY: TEST_SECRETS_KEY,
    ...overrides,
  });
  const log = memoryLogger();
  const services = createServices(
    config,
    { region: 'local', endpoint },
    { log, clientIp: forwardedForIp, ...options },
  );
  await ensureTable(services.db, tableName);
  const app = createApp(services);
  const json = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  /**
   * Creates an administrator (directly in the store) and a session for it, and returns
   * the Cookie header value that signs a request in.
   */
  const signIn = async (email = 'admin@pharmabridge.test', role?: Role) => {
    await services.admins.create(email, testPasswordHash(), role ? { role } : {});
    // Long enough for tests that move the clock by weeks.
    const session = await services.sessions.create(email, 400 * 86400);
    return { email, cookie: `${LOCAL_COOKIE}=${session.id}` };
  };
  return { app, services, log, json, signIn };
}

/** A person's browser (Node's own user agent, and HeadlessChrome, count as bots). */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export { TEST_PASSWORD } from './password.ts';

/**
 * TEST_PASSWORD's real argon2id hash, made once for the run by global-setup.ts (each hash
 * costs about 0.1 s of CPU): what an administrator created directly in the store gets.
 */
export const testPasswordHash = () => inject('testPasswordHash');

/**
 * testApp with a signed-in administrator: `json` sends the session cookie, `anonJson`
 * does not. Admin routes need the former.
 */
export async function adminTestApp(
  overrides: Record<string, string> = {},
  options: Omit<ServiceOptions, 'log'> = {},
) {
  const base = await testApp(overrides, options);
  const { cookie, email } = await base.signIn();
  const json = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => base.json(method, path, body, { cookie, ...headers });
  return { ...base, json, anonJson: base.json, cookie, email };
}

/**
 * The default page plus live pages with these slugs (template content), for tests of
 * events and leads, which only count pages that exist.
 */
export async function seedPages(services: Services, slugs: string[] = []) {
  await seedDefaultPage(services.pages);
  for (const slug of slugs) {
    await services.pages.create({ title: slug, slug, isActive: true, content: landingTemplate() });
  }
  return (await services.pages.list()).sort((a, b) => a.slug.localeCompare(b.slug));
}
