// The lint rules of eslint.config.js that keep functions/core/ the ground floor and the data
// layer off functions/lib/ (docs/decisions/0495-functions-core.md): run through ESLint's own
// API on code placed at a file's path, so the test fails if a rule stops firing or starts
// refusing what the layer may import.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const DATA_RULE = 'functions/data/ never imports functions/lib/';
const CORE_RULE = 'functions/core/ is the ground floor';

/** The messages of the two rules that importing `specifier` from `filePath` raises. */
async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import { a } from '${specifier}';\nexport const b = a;\n`,
    { filePath },
  );
  return result!.messages
    .map((message) => message.message)
    .filter((message) => message.includes(DATA_RULE) || message.includes(CORE_RULE));
}

describe('functions/data/ imports nothing of functions/lib/, routes/ or server/', () => {
  it.each([
    ['functions/data/goals.ts', '../lib/errors.ts', true],
    ['functions/data/rate-limit.ts', '../lib/client-ip.ts', true],
    ['functions/data/landing-pages/errors.ts', '../../lib/errors.ts', true],
    ['functions/data/leads/changes.ts', '../../routes/support/actor.ts', true],
    ['functions/data/goals.ts', '../server/http.ts', true],
    // Tests too: they reach the error envelope through shared/, TOTP through core/.
    ['functions/data/workflow/review.test.ts', '../../lib/errors.ts', true],
    ['functions/data/rate-limit.test.ts', '../lib/totp.ts', true],
    ['functions/data/goals.ts', '../core/domain-errors.ts', false],
    ['functions/data/leads/changes.ts', '../../core/domain-errors.ts', false],
    ['functions/data/leads/changes.ts', '../../shared/leads.ts', false],
    ['functions/data/leads/changes.ts', '../keys.ts', false],
    ['functions/data/workflow/review.test.ts', '../../test/harness.ts', false],
    ['functions/data/workflow/review.test.ts', '../../core/totp.ts', false],
  ])('%s importing %s: refused %s', async (file, specifier, expected) => {
    const found = await refusals(file, specifier);
    expect(found.some((message) => message.includes(DATA_RULE))).toBe(expected);
  });
});

describe('functions/core/ imports only itself and functions/shared/', () => {
  it.each([
    ['functions/core/domain-errors.ts', '../lib/errors.ts', true],
    ['functions/core/domain-errors.ts', '../routes/support/actor.ts', true],
    ['functions/core/logger.ts', '../data/table.ts', true],
    ['functions/core/logger.ts', '../env.ts', true],
    ['functions/core/client-address.ts', '../../content/claims.json', true],
    ['functions/core/client-address.test.ts', '../test/harness.ts', true],
    ['functions/core/logger.ts', 'hono', true],
    ['functions/core/logger.ts', 'hono/utils/http-status', true],
    ['functions/core/logger.ts', '@hono/node-server', true],
    // A folder one level down: one more '../' to reach the rest.
    ['functions/core/errors/kinds.ts', '../../lib/errors.ts', true],
    ['functions/core/errors/kinds.ts', '../logger.ts', false],
    ['functions/core/errors/kinds.ts', '../../shared/roles.ts', false],
    ['functions/core/domain-errors.ts', '../shared/error-envelope.ts', false],
    ['functions/core/client-address.test.ts', './client-address.ts', false],
    ['functions/core/totp.ts', 'otpauth', false],
    ['functions/core/totp.ts', 'node:crypto', false],
    ['functions/core/logger.ts', 'zod', false],
  ])('%s importing %s: refused %s', async (file, specifier, expected) => {
    const found = await refusals(file, specifier);
    expect(found.some((message) => message.includes(CORE_RULE))).toBe(expected);
  });
});
