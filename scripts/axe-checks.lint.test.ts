// The browser tests run axe only through e2e/page-checks.ts, which waits for CSS transitions
// to end first (a CI run read a just-enabled Save button half-way through its fade and failed
// on color-contrast). ESLint's own API runs the rule here, so the test fails if it stops
// firing or fires on the helper itself.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

const CODE = {
  direct: `import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright/test';
export const check = (page: Page) => new AxeBuilder({ page }).analyze();
`,
  shared: `import type { Page } from 'playwright/test';
import { expectNoAxeViolations } from './page-checks.ts';
export const check = (page: Page) => expectNoAxeViolations(page, { include: ['main'] });
`,
};

async function refused(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.some((message) => message.ruleId === 'no-restricted-imports');
}

describe('axe only through e2e/page-checks.ts', () => {
  it.each([
    ['e2e/editor.spec.ts', 'direct', true],
    ['e2e/members.ts', 'direct', true],
    ['e2e/editor.spec.ts', 'shared', false],
    ['e2e/page-checks.ts', 'direct', false],
  ] as const)('%s, axe run %s: refused %s', async (file, code, expected) => {
    expect(await refused(file, CODE[code])).toBe(expected);
  });
});
