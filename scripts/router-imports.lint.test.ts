// The lint rule of eslint.config.js that keeps routers apart (docs/decisions/0470-route-support.md):
// run through ESLint's own API on code placed at a router's path, so the test fails if the
// rule stops firing or starts refusing what routers may import.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const ROUTER_RULE = 'A router does not import another router';

async function refused(filePath: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(
    `import { a } from '${specifier}';\nexport const b = a;\n`,
    {
      filePath,
    },
  );
  return result!.messages.some((message) => message.message.includes(ROUTER_RULE));
}

describe('a router imports no other router', () => {
  it.each([
    ['functions/routes/contact.ts', './conversions.ts', true],
    ['functions/routes/contact.ts', './admin/forms.ts', true],
    ['functions/routes/contact.ts', './support/intake.ts', false],
    ['functions/routes/contact.ts', '../lib/auth.ts', false],
    ['functions/routes/admin/pages.ts', '../workflow.ts', true],
    ['functions/routes/admin/pages.ts', './templates.ts', true],
    ['functions/routes/admin/pages.ts', '../account/admins.ts', true],
    ['functions/routes/admin/pages.ts', '../support/changes.ts', false],
    ['functions/routes/admin/pages.ts', '../../data/landing-pages/repository.ts', false],
    // What mounts the routers, and the support modules themselves, may.
    ['functions/routes/public-routes.ts', './contact.ts', false],
    ['functions/routes/support/changes.ts', './actor.ts', false],
  ])('%s importing %s: refused %s', async (file, specifier, expected) => {
    expect(await refused(file, specifier)).toBe(expected);
  });
});
