// The browser tests take screenshots only when a run asks for them (E2E_SCREENSHOTS=1,
// docs/decisions/0584-screenshots-on-request.md): every one goes through e2e/screenshots.ts.
// ESLint's own API runs the rule here, so the test fails if it stops firing or fires on the
// helper itself.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

const CALLS = {
  page: `import type { Page } from 'playwright/test';
export const shoot = (page: Page) => page.screenshot({ path: '/tmp/x.png', fullPage: true });
`,
  locator: `import type { Page } from 'playwright/test';
export const shoot = (page: Page) => page.getByTestId('x').screenshot({ path: '/tmp/x.png' });
`,
  work: `import type { Page } from 'playwright/test';
import { reviewShot } from './screenshots.ts';
export const shoot = (page: Page) => reviewShot(page, { path: '/work/wt/shots/x.png' });
`,
  helper: `import type { Page } from 'playwright/test';
import { reviewShot } from './screenshots.ts';
export const shoot = (page: Page) => reviewShot(page, { path: '/tmp/x.png' });
`,
};

async function refused(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.some((message) => message.ruleId === 'no-restricted-syntax');
}

describe('screenshots only through e2e/screenshots.ts', () => {
  it.each([
    ['e2e/leads.spec.ts', 'page', true],
    ['e2e/leads.spec.ts', 'locator', true],
    ['e2e/page-checks.ts', 'page', true],
    ['e2e/leads.spec.ts', 'work', true],
    ['e2e/leads.spec.ts', 'helper', false],
    ['e2e/screenshots.ts', 'page', false],
  ] as const)('%s, a %s call: refused %s', async (file, call, expected) => {
    expect(await refused(file, CALLS[call])).toBe(expected);
  });
});
