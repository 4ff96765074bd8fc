// Screenshots of a screen at 1280 and 390 px wide for a person to look at (BRIEF: every new
// or changed admin screen), `target` scrolled into view (below the fold on a phone). Written
// to a folder outside the repository; never compared by a test.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright/test';

export async function shootAtWidths(page: Page, dir: string, name: string, target: Locator) {
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
