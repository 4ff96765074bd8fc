// What the keyboard specs share: reaching a control with Tab as a user would, and reading
// the block editor's list in its order (site/islands/admin/pages/blocks/block-list.tsx).
import { expect, type Locator, type Page } from 'playwright/test';

/** Tabs forward until `target` has focus (at most `max` presses). */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let index = 0; index < max; index++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The ids of the block editor's rows, in the list's order. */
export const blockRowIds = (editor: Locator) =>
  editor
    .locator('[data-block-row]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-block-row')));
