// Unit, API (in-process against DynamoDB Local) and CDK tests. Browser tests live in e2e/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Two groups (docs/decisions/0590-api-tests-share-loaded-modules.md). The tests under
    // functions/ (the API, data and shared modules: most files, each importing the app, the
    // AWS SDK and zod) run one file after another in each worker with the modules it has
    // loaded, which took about a quarter of the step when every file loaded them anew. Each
    // file makes its own table and app, and none changes a global. The rest keeps a fresh
    // module graph per file: the admin's and the site's tests set browser globals before a
    // library reads them at import (React Query decides at load whether it runs on a server),
    // and functions/server/ spawns and counts processes.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: ['functions/**/*.test.ts'],
          exclude: ['functions/server/**'],
          isolate: false,
          // What a test stubs is undone before the next one, in whichever file it runs.
          unstubEnvs: true,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'functions/server/**/*.test.ts',
            'site/**/*.test.ts',
            'infra/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
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
