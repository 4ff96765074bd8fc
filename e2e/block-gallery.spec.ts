// Every block type on one published page (scripts/block-gallery.ts, issue 27): the page as
// the static build serves it shows each block, passes axe, runs under the CSP without a
// violation (also after the video is played: its frame's origin is the only one allowed) and
// is valid HTML by the W3C Nu Html Checker. Screenshots at 1280 and 390 px in
// /tmp/shots/block-gallery. Runs on the editing server: it publishes a page.
import { expect, test } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn, watchViolations } from './page-checks.ts';
import { vnuErrors } from './vnu.ts';
import {
  galleryLayout,
  GALLERY_TITLE,
  publishBlockGallery,
  uploadGatedPdf,
} from '../scripts/block-gallery.ts';
import type { BlockInput } from '../functions/shared/blocks.ts';

const shoot = screenshotsIn('/tmp/shots/block-gallery');
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

/** A text each block shows, to find it on the page (its headline, title or first heading). */
function textOf(block: BlockInput): string | undefined {
  const fields = block as unknown as Record<string, unknown>;
  for (const key of ['headline', 'title', 'name', 'caption'] as const) {
    if (typeof fields[key] === 'string') return fields[key];
  }
  if (typeof fields['markdown'] === 'string') {
    return /^#+ (.+)$/m.exec(fields['markdown'])?.[1];
  }
  return undefined;
}

test('every block type renders valid, accessible and within the CSP', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const slug = `block-gallery-${Date.now().toString(36)}`;
  const path = await publishBlockGallery(baseURL!, E2E_ADMIN, uploadGatedPdf, slug);

  const violations = await watchViolations(page);
  // No reveal animation: every block shows in the whole-page screenshots.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await expect(page).toHaveTitle(new RegExp(GALLERY_TITLE));
  const media = { photo: '', chart: '', logo: '', poster: '' };
  const texts = galleryLayout(media)
    .map(textOf)
    .filter((text): text is string => Boolean(text));
  expect(texts.length).toBeGreaterThanOrEqual(15);
  const body = await page.locator('body').innerText();
  for (const text of texts) expect(body, text).toContain(text.replace(/\*\*/g, ''));
  await expect(page.locator('h1')).toHaveCount(1);

  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'gallery');

  // The video loads from its privacy-enhanced origin only when played (the player is a stub:
  // these machines have no internet; what counts is that the CSP lets the frame load).
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title>' }),
  );
  await page.getByRole('link', { name: /^Play video/ }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toHaveCount(
    1,
  );
  expect(await violations()).toEqual([]);

  const html = await (await page.request.get(path)).text();
  expect(await vnuErrors(new Map([[path, html]]))).toEqual([]);
});
