// Astro islands hydrate after the page has loaded; a click before that is lost. The landing
// pages have no island at all: their plain script marks `[data-landing]` ready instead (and
// a click there before it has loaded the dialog is kept, see e2e/contact-dialog.spec.ts).
import type { Page } from 'playwright/test';

/**
 * Resolves once every island on the page has hydrated (Astro then drops its `ssr` marker)
 * and every landing page root has its behavior started (`data-landing-ready`).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('astro-island')].every(
        (island) => !island.hasAttribute('ssr'),
      ) &&
      [...document.querySelectorAll<HTMLElement>('[data-landing]')].every(
        (root) => root.dataset['landingReady'] === 'true',
      ),
  );
}
