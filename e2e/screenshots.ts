// Screenshots for a person to look at (every new or changed screen at 1280 and 390 px wide),
// never compared by a test. Taken when the run asks for them, `E2E_SCREENSHOTS=1`
// (`E2E_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts e2e/leads.spec.ts`),
// and written to folders under /tmp, outside the repository. `npm test` takes none: nobody
// looks at a CI machine's pictures, and a run took about 350 of them
// (docs/decisions/0584-screenshots-on-request.md). A lint rule sends every screenshot
// through reviewShot.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from 'playwright/test';

/** Whether this run writes the screenshots. */
export const SCREENSHOTS = process.env['E2E_SCREENSHOTS'] === '1';

/**
 * `target.screenshot(options)` when the run takes screenshots, else nothing. A page is shot
 * whole with `fullPage`, an element as it shows.
 */
export async function reviewShot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(dirname(options.path), { recursive: true });
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

/** `target` scrolled into view (below the fold on a phone), at 1280 and 390 px wide. */
export async function shootAtWidths(page: Page, dir: string, name: string, target: Locator) {
  if (!SCREENSHOTS) return;
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await reviewShot(page, { path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
