// Astro islands hydrate after the page has loaded; a click before that is lost.
import type { Page } from 'playwright/test';

/** Resolves once every island on the page has hydrated (Astro then drops its `ssr` marker). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
}
