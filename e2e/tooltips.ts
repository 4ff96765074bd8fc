// Opening a tooltip in a browser spec. Radix closes a tooltip when the page scrolls under it
// (focus scrolls the trigger into view, the site scrolls smoothly, and a screen can still be
// settling its height), so one focus or hover may open a tip that closes before the check reads
// it: on a loaded machine that is a failed run. These helpers open it again until it stays.
import { expect, type Locator } from 'playwright/test';

interface TooltipOptions {
  /** How the user reaches the trigger: keyboard focus (default) or the pointer. */
  via?: 'focus' | 'hover';
  /** Compare the whole text instead of a part of it. */
  exact?: boolean;
}

/** Opens the trigger's tooltip and waits until it says `text`. */
export async function expectTooltip(
  trigger: Locator,
  text: string | RegExp,
  { via = 'focus', exact = false }: TooltipOptions = {},
): Promise<void> {
  const page = trigger.page();
  const tooltip = page.getByRole('tooltip');
  await trigger.scrollIntoViewIfNeeded();
  await expect(async () => {
    if (via === 'focus') {
      await trigger.blur();
      await trigger.focus();
    } else {
      await page.mouse.move(0, 0);
      await trigger.hover();
    }
    if (exact) await expect(tooltip).toHaveText(text, { timeout: 3000 });
    else await expect(tooltip).toContainText(text, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
