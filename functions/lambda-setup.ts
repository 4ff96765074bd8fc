// First run in AWS, as `npm start` does locally: the `default` page, the claims of
// content/claims.json (functions/data/claims/seed.ts) and the first
// administrator (from ADMIN_EMAIL/ADMIN_PASSWORD, else a one-time setup link in this
// function's log), and two-factor secrets an earlier version stored in clear encrypted
// with the KMS key (functions/data/two-factor/store.ts). Invoked once per deployment by a CDK
// trigger (infra/constructs/api.ts), so no request ever waits for it; every step is a
// no-op once done.
import './lib/zod-jitless.ts'; // first, before any module builds a schema
import { seedDefaultPage } from './data/seed.ts';
import { ClaimsSeed, seedClaims } from './data/claims/seed.ts';
import { loadConfig } from './env.ts';
import { bootstrapAdmin } from './lib/auth.ts';
import { createServices } from './services.ts';
import { sourceStack } from './lib/stack-trace.ts';
import { dynamoTarget } from './data/dynamo.ts';

export const handler = async (): Promise<{
  defaultPage: string;
  admin: string;
  twoFactorSecretsEncrypted: number;
  claimsSeeded: number;
}> => {
  const config = loadConfig();
  const services = createServices(config, dynamoTarget(config));
  try {
    const page = await seedDefaultPage(services.pages);
    const claims = await seedClaims(new ClaimsSeed(services.db, services.tableName, services.now));
    const admin = await bootstrapAdmin(services, services.log);
    if (admin.kind === 'setup') {
      services.log.warn('no administrator yet: open the one-time setup link on the site', {
        path: `/admin/setup?token=${admin.token}`,
        expiresAt: admin.expiresAt.toISOString(),
      });
    }
    const sealed = await services.twoFactor.sealClearSecrets();
    if (!services.twoFactor.canEncrypt) {
      services.log.warn('no key for two-factor secrets: set LEAD_SETTINGS_KMS_KEY');
    }
    return {
      defaultPage: page,
      admin: admin.kind,
      twoFactorSecretsEncrypted: sealed,
      claimsSeeded: claims,
    };
  } catch (error) {
    // The deployment fails with it; the runtime's own log line has the bundle's positions.
    services.log.error('first-run setup failed', { error: sourceStack(error) });
    throw error;
  }
};
