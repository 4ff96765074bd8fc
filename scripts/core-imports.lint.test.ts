// The lint rules of eslint.config.js that keep functions/core/ the ground floor and the data
// layer off functions/lib/ (docs/decisions/0495-functions-core.md): run through ESLint's own
// API on code placed at a file's path, so the test fails if a rule stops firing, fires for
// the other floor, or starts refusing what the layer may import.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const DATA = 'functions/data/ never imports functions/lib/';
const CORE = 'functions/core/ is the ground floor';

/** Which of the two rules refuse importing `specifier` from `filePath`. */
async function refusedBy(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import { a } from '${specifier}';\nexport const b = a;\n`,
    { filePath },
  );
  const messages = result!.messages.map((message) => message.message);
  return [DATA, CORE].filter((rule) => messages.some((message) => message.includes(rule)));
}

describe('functions/data/ stays off lib/, routes/ and server/; functions/core/ imports only itself and shared/', () => {
  it.each([
    ['functions/data/goals.ts', '../lib/errors.ts', DATA],
    ['functions/data/rate-limit.ts', '../lib/client-ip.ts', DATA],
    ['functions/data/landing-pages/errors.ts', '../../lib/errors.ts', DATA],
    ['functions/data/leads/changes.ts', '../../routes/support/actor.ts', DATA],
    ['functions/data/goals.ts', '../server/http.ts', DATA],
    // Data tests too: they reach the error envelope through shared/, TOTP through core/.
    ['functions/data/workflow/review.test.ts', '../../lib/errors.ts', DATA],
    ['functions/data/rate-limit.test.ts', '../lib/totp.ts', DATA],
    ['functions/data/goals.ts', '../core/domain-errors.ts', undefined],
    ['functions/data/leads/changes.ts', '../../core/domain-errors.ts', undefined],
    ['functions/data/leads/changes.ts', '../../shared/leads.ts', undefined],
    ['functions/data/leads/changes.ts', '../keys.ts', undefined],
    ['functions/data/workflow/review.test.ts', '../../test/harness.ts', undefined],
    ['functions/data/workflow/review.test.ts', '../../core/totp.ts', undefined],
    ['functions/core/domain-errors.ts', '../lib/errors.ts', CORE],
    ['functions/core/domain-errors.ts', '../routes/support/actor.ts', CORE],
    ['functions/core/logger.ts', '../data/table.ts', CORE],
    ['functions/core/logger.ts', '../env.ts', CORE],
    ['functions/core/client-address.ts', '../../content/claims.json', CORE],
    ['functions/core/client-address.test.ts', '../test/harness.ts', CORE],
    ['functions/core/logger.ts', 'hono', CORE],
    ['functions/core/logger.ts', 'hono/utils/http-status', CORE],
    ['functions/core/logger.ts', '@hono/node-server', CORE],
    // A folder one level down: one more '../' to reach the rest.
    ['functions/core/errors/kinds.ts', '../../lib/errors.ts', CORE],
    ['functions/core/errors/kinds.ts', '../logger.ts', undefined],
    ['functions/core/errors/kinds.ts', '../../shared/roles.ts', undefined],
    ['functions/core/domain-errors.ts', '../shared/error-envelope.ts', undefined],
    ['functions/core/client-address.test.ts', './client-address.ts', undefined],
    ['functions/core/totp.ts', 'otpauth', undefined],
    ['functions/core/totp.ts', 'node:crypto', undefined],
    ['functions/core/logger.ts', 'zod', undefined],
  ])('%s importing %s: refused by %s', async (file, specifier, rule) => {
    expect(await refusedBy(file, specifier)).toEqual(rule ? [rule] : []);
  });
});
