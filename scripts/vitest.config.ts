// Unit, API (in-process against DynamoDB Local) and CDK tests. Browser tests live in e2e/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The site's tests that need a module graph of their own: each stubs `window`, `document`,
 * `navigator` or `fetch` around the module under test (one before React Query reads `window` at
 * load), or resets the module registry (docs/decisions/0594-site-tests-share-loaded-modules.md).
 */
const ISOLATED = [
  'site/islands/admin/analytics/realtime-polling.test.ts',
  'site/islands/admin/pages/editor-state.test.ts',
  'site/islands/landing/tracking.test.ts',
  'site/islands/use-contact-submit.test.ts',
  'site/lib/landing-data.test.ts',
  'site/scripts/site-tracking.test.ts',
];

/**
 * A group whose files run one after another in each worker with the modules it has loaded; what
 * a test stubs or spies on is undone before the next one, in whichever file it runs.
 */
const SHARED_MODULES = {
  isolate: false,
  unstubEnvs: true,
  unstubGlobals: true,
  restoreMocks: true,
} as const;

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Three groups (docs/decisions/0590-api-tests-share-loaded-modules.md,
    // docs/decisions/0594-site-tests-share-loaded-modules.md). The tests under functions/ (the
    // API, data and shared modules: most files, each importing the app, the AWS SDK and zod) and
    // those of the site, the infrastructure and the scripts run one file after another in each
    // worker with the modules it has loaded: when every file loaded them anew, about a quarter
    // of the step went to loading. Each file makes its own table and app, and none changes a
    // global that outlives a test. The rest keeps a fresh module graph per file: functions/server/
    // spawns and counts processes, and ISOLATED lists the site's tests that set browser globals
    // before a library reads them at import (React Query decides at load whether it runs on a
    // server) or reset the module registry.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: ['functions/**/*.test.ts'],
          exclude: ['functions/server/**'],
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'shared-site',
          include: ['site/**/*.test.ts', 'infra/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ISOLATED,
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['functions/server/**/*.test.ts', ...ISOLATED],
        },
      },
    ],
    globalSetup: ['functions/test/global-setup.ts'],
    // Zod parses jitless in production, server and browser alike (functions/lib/zod-jitless.ts).
    setupFiles: ['functions/lib/zod-jitless.ts'],
    // A limit for a hung test, not a speed check (speed is `npm run bench`'s): the API tests
    // sign, hash passwords and chain every audited write, and the machine is shared.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over them and over DynamoDB Local.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
