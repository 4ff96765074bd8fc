// What the keyboard specs share: reaching a control with Tab as a user would, and reading
// the block editor's list in its order (site/islands/admin/common/editor/blocks/block-list.tsx).
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

/**
 * Presses Tab `stops` times and checks after each that the focused element is not covered by
 * a sticky bar of the page (`[data-sticky-bar]`): WCAG 2.2's 2.4.11 Focus Not Obscured. Returns
 * how many stops it checked outside the bars.
 */
export async function tabUnobscured(page: Page, stops: number): Promise<number> {
  let checked = 0;
  for (let index = 0; index < stops; index++) {
    await page.keyboard.press('Tab');
    // Focus scrolls the page (smoothly where the site says so, over as many frames as a busy
    // machine needs): read the position once it has rested.
    await settledScroll(page);
    const covered = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      const box = active.getBoundingClientRect();
      for (const bar of document.querySelectorAll('[data-sticky-bar]')) {
        if (bar.contains(active)) continue;
        const area = bar.getBoundingClientRect();
        const overlaps =
          box.bottom > area.top + 1 &&
          box.top < area.bottom - 1 &&
          box.right > area.left &&
          box.left < area.right;
        if (overlaps) return `${active.outerHTML.slice(0, 80)} under ${bar.outerHTML.slice(0, 60)}`;
      }
      return '';
    });
    if (covered === null) continue;
    expect(covered, `Tab stop ${index + 1}`).toBe('');
    checked++;
  }
  return checked;
}

/**
 * Resolves once the focused element has kept its place on screen for five frames in a row
 * (a smooth scroll, and the sticky bar's correction after it, are over), or after 600 frames.
 */
export function settledScroll(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) => {
        let last = '';
        let same = 0;
        let frames = 0;
        const step = () => {
          const box = (document.activeElement ?? document.body).getBoundingClientRect();
          const now = `${window.scrollY}:${box.top}:${box.bottom}`;
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 5 || ++frames > 600) done();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
}
