// AWS Lambda entry: the same Hono app, behind an API Gateway HTTP API (payload v2) that
// CloudFront serves under /api/* (infra/constructs/api.ts). Client IPs come from
// CloudFront-Viewer-Address, trustworthy because ORIGIN_VERIFY_SECRET refuses direct calls.
// hono/aws-lambda is marked deprecated in favour of @hono/aws-lambda, which the npm
// registry reachable here does not serve; the adapter is the same code.
import { handle } from 'hono/aws-lambda';
import { createApp } from './app.ts';
import { seedDefaultPage } from './data/seed.ts';
import { loadConfig } from './env.ts';
import { bootstrapAdmin } from './lib/auth.ts';
import { cloudFrontIp } from './lib/client-ip.ts';
import { createServices } from './services.ts';
import { dynamoTarget } from './data/dynamo.ts';

const config = loadConfig();
const services = createServices(config, dynamoTarget(config), { clientIp: cloudFrontIp });
export const app = createApp(services);

// First run in AWS, as `npm start` does locally: the `default` page and the first
// administrator (from ADMIN_EMAIL/ADMIN_PASSWORD, else a one-time setup link in the log).
// Once per cold start; both steps are no-ops once done. A failure is logged, not fatal:
// the public API must keep answering.
const firstRun = (async () => {
  await seedDefaultPage(services.pages);
  const admin = await bootstrapAdmin(services, services.log);
  if (admin.kind === 'setup') {
    services.log.warn('no administrator yet: open the one-time setup link on the site', {
      path: `/admin/setup?token=${admin.token}`,
      expiresAt: admin.expiresAt.toISOString(),
    });
  }
})().catch((error: unknown) =>
  services.log.error('first-run setup failed', { error: String(error) }),
);

const lambdaHandler = handle(app);
export const handler = async (...args: Parameters<typeof lambdaHandler>) => {
  await firstRun;
  return lambdaHandler(...args);
};
