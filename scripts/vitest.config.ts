// Unit, API (in-process against DynamoDB Local) and CDK tests. Browser tests live in e2e/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: [
      'functions/**/*.test.ts',
      'site/**/*.test.ts',
      'infra/**/*.test.ts',
      'scripts/**/*.test.ts',
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
