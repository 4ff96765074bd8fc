// Every block type on one published page (scripts/block-gallery.ts, issue 27): the page as
// the static build serves it shows each block, passes axe, runs under the CSP without a
// violation (also after the video is played: its frame's origin is the only one allowed) and
// is valid HTML by the W3C Nu Html Checker. It is also where the browser tests check what only
// a build writes, which the editing specs check on the run-time page instead
// (docs/decisions/0548-browser-specs-check-edits-at-run-time.md): the content in the HTML under
// its canonical address, dynamic text's fallback in its marked span and the <title>, the form
// block prerendered with its form, the page's own form named, the gated block without its file,
// library alt text with the ThumbHash placeholder, the blocks in order without the hidden one,
// the event's .ics file with its link, and claims with their references (issue 36). Screenshots at 1280 and 390 px in
// /tmp/shots/block-gallery. Runs on the publishing server: it publishes a page.
import { expect, test } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn, watchViolations } from './page-checks.ts';
import { vnuErrors } from './vnu.ts';
import {
  galleryLayout,
  GALLERY_FORM,
  GALLERY_TITLE,
  publishBlockGallery,
  uploadGatedPdf,
} from '../scripts/block-gallery.ts';
import type { BlockInput } from '../functions/shared/blocks.ts';
import { withFallbacks } from '../functions/shared/dynamic-text.ts';
import CLAIMS_FILE from '../content/claims.json' with { type: 'json' };

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
  let asset = '';
  const path = await publishBlockGallery(
    baseURL!,
    E2E_ADMIN,
    async (client, pdf) => (asset = await uploadGatedPdf(client, pdf)),
    slug,
  );
  expect(asset).toMatch(/^\/assets\/./);

  const violations = await watchViolations(page);
  // No reveal animation: every block shows in the whole-page screenshots.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await expect(page).toHaveTitle(new RegExp(GALLERY_TITLE));
  const media = { photo: '', chart: '', logo: '', poster: '' };
  const layout = galleryLayout(media);
  const texts = layout
    .filter((block) => !block.hidden)
    .map(textOf)
    .filter((text): text is string => Boolean(text))
    .map((text) => withFallbacks(text).replace(/\*\*/g, ''));
  expect(texts.length).toBeGreaterThanOrEqual(15);
  const body = await page.locator('body').innerText();
  for (const text of texts) expect(body, text).toContain(text);
  await expect(page.locator('h1')).toHaveCount(1);

  // What only a build writes, in the prebuilt HTML itself.
  const html = await (await page.request.get(path)).text();
  // The content is in the HTML (search engines and first paint see it), at its own address.
  expect(html).toContain('Supplier Data Day 2027: contracts, checked');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`/${slug}$`),
  );
  // Dynamic text: the fallback in its marked span; the <title> and the rest only the fallback.
  expect(html).toContain(
    'Supplier Data Day for <span data-dtr="utm_term" data-dtr-max="60">supplier teams</span>:',
  );
  expect(html).toMatch(/<title>Supplier Data Day for supplier teams: [^<]*<\/title>/);
  expect(html).not.toContain('{{param:');
  // The form block prerendered with its form; the page's own form named for its dialog.
  expect(html).toContain('data-form-block="register"');
  expect(html).toContain('data-form-definition="register"');
  expect(html).toContain(`data-form-id="${GALLERY_FORM}"`);
  // The gated block names the page, never the file.
  expect(html).toContain(`data-gate="checklist" data-gate-slug="${slug}"`);
  expect(html).not.toContain(asset.split('/').at(-1)!);
  // The library's alt text on its image, with the ThumbHash placeholder under it until loaded.
  const libraryImage = page.locator('#features img[srcset]').first();
  await expect(libraryImage).toHaveAttribute('alt', 'Delivery report');
  const chart = await libraryImage.evaluate((img) =>
    img.closest('[data-media]')?.getAttribute('data-media'),
  );
  expect(chart).toMatch(/^\/objects\/uploads\//);
  expect(html).toMatch(new RegExp(`data-media="${chart}"[^>]*><img src="data:image/png;base64,`));
  // The blocks in the layout's order; the hidden one left out.
  const positions = layout
    .filter((block) => !block.hidden)
    .map((block) => html.indexOf(`id="block-${block.id}"`))
    .filter((position) => position >= 0);
  // (Blocks that are the default page's sections, the hero or pricing, keep those sections' ids.)
  expect(positions.length).toBeGreaterThanOrEqual(11);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(html).not.toContain('id="block-hidden-note"');
  expect(html).not.toContain('This block is hidden.');
  // The event's calendar file, built beside the page, and its link downloading it.
  const ics = await page.request.get(`/calendar/${slug}/agenda.ics`);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = await ics.text();
  expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(calendar).toContain('\r\nDTSTART:20270415T120000Z\r\n');
  expect(calendar).toContain('\r\nDTEND:20270415T150000Z\r\n');
  expect(calendar).toContain(`\r\nUID:agenda.${slug}@localhost\r\n`);
  expect(calendar).toContain('\r\nSUMMARY:Supplier Data Day 2027: contracts\\, checked\r\n');
  expect(calendar.replace(/\r\n /g, '')).toContain(`\r\nURL:http://localhost:3000/${slug}\r\n`);
  expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator('#block-agenda')
      .getByRole('link', { name: /^Add to calendar/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('agenda.ics');
  // Claims (issue 36): the store's approved wording with its reference numbers, linked to the
  // References list the references block places; no token left in the HTML.
  expect(html).not.toContain('{{claim:');
  expect(html).toContain(
    `<span data-claim="performance-accuracy">${CLAIMS_FILE.performance.accuracy}</span><sup`,
  );
  const sources = page.locator('#block-sources');
  await expect(sources.getByRole('heading', { level: 2 })).toHaveText('Sources');
  await expect(sources.getByRole('listitem')).toHaveCount(2);
  await expect(sources.locator('#ref-2')).toContainText(
    CLAIMS_FILE.results.manufacturers[0]!.source,
  );
  await page.locator('#block-intro').getByRole('link', { name: 'Reference 2' }).first().click();
  await expect(page).toHaveURL(/#ref-2$/);
  await expect(sources.locator('#ref-2')).toBeInViewport();

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

  expect(await vnuErrors(new Map([[path, html]]))).toEqual([]);

  // A lead sent from the prebuilt page's form block names the page by its slug (the editing
  // specs send theirs from the run-time copy, /legacy/<slug>).
  const form = page.locator('#block-register form');
  await form.getByLabel('Name').fill('Dana Whitfield');
  await form.getByLabel('Email').fill('dana.whitfield@example-pharma.com');
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/contact') && request.method() === 'POST',
  );
  await form.locator('button[type="submit"]').click();
  const lead = await sent;
  expect(lead.postDataJSON()).toMatchObject({ formId: 'demo-request', landingPageId: slug });
  expect((await lead.response())?.status()).toBe(201);
});
