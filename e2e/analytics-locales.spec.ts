// The Analytics tab's Language filter (issue 39, docs/decisions/0574-analytics-by-locale.md):
// an administrator adds German; German and English visits arrive (two German visitors
// through the public API, one English visitor in this browser on a run-time landing page,
// whose script sends its `<html lang>`); the filter appears, shows the German figures, its
// choice survives a reload (`?locale=de-DE`), its tooltip explains it, the cards that stay the
// whole site's say so. Once German is removed, the kept URL is answered with a sentence and a
// way back. A shared link (no account) has the same filter, kept in its address, and the same
// sentence once German is gone. Axe; screenshots at 1280 and 390 px into /tmp/shots/an39/. The languages are set
// back to en-US at the end (install-wide), so this runs with the specs that change settings.
import { expect, test, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

/** A person's browser: HeadlessChrome is a crawler's user agent, which counts as no one. */
const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_UA });

const GERMAN_VISITORS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

const SHOTS = '/tmp/shots/an39';
const shoot = screenshotsIn(SHOTS);

async function setLocales(page: Page, locales: string[]) {
  const answer = await page.request.put('/api/admin/settings', { data: { locales } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Presses Refresh until the tile shows `value` (the beacons land asynchronously). */
async function expectTile(page: Page, id: string, value: string) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId(`tile-${id}`)).toHaveText(value, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

test('the Language filter shows one locale’s figures and survives a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await setLocales(page, ['en-US', 'de-DE']);
  try {
    // A page of our own (the run-time page at /legacy/<slug> is served at once).
    const slug = `analytics-de-${Date.now().toString(36)}`;
    const created = await page.request.post('/api/landing-pages', {
      data: { title: `Sprachen ${slug.slice(-6)}`, slug, isActive: true },
    });
    expect(created.status(), await created.text()).toBe(201);

    // Two German visitors, as the German page's script sends them.
    for (const ua of GERMAN_VISITORS) {
      const sent = await page.request.post('/api/conversions', {
        headers: { 'user-agent': ua },
        data: { landingPageId: slug, eventType: 'page_view', locale: 'de-DE' },
      });
      expect(sent.status()).toBe(202);
    }
    // A malformed locale is refused, naming it.
    const refused = await page.request.post('/api/conversions', {
      headers: { 'user-agent': GERMAN_VISITORS[0]! },
      data: { landingPageId: slug, eventType: 'page_view', locale: 'deutsch' },
    });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('locale');

    // This browser reads the English page: its script sends `<html lang>`.
    const beacon = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/conversions' && r.method() === 'POST',
    );
    await page.goto(`/legacy/${slug}`);
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(lang).toBe('en-US');
    expect(JSON.parse((await beacon).postData() ?? '{}')).toMatchObject({
      eventType: 'page_view',
      locale: 'en-US',
    });

    await page.goto('/admin/analytics');
    const language = page.getByLabel('Language', { exact: true });
    await expect(language).toBeVisible();
    await expect(language).toHaveValue('');
    await language.selectOption('de-DE');
    await expect(page).toHaveURL(/[?&]locale=de-DE/);
    await expectTile(page, 'visitors', '2');
    await expect(page.getByTestId('range-note')).toContainText('All pages in German');
    await expect(page.getByTestId('site-wide-note').first()).toBeVisible();
    await expectTooltip(
      page.getByRole('button', { name: 'About the Language filter' }),
      'pages read in this language',
    );

    // The choice is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('de-DE');
    await expectTile(page, 'visitors', '2');
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-german');
    // The pickers alone, readable at 390 px (the whole tab is 4,500 px tall there).
    const pickers = page.locator('section[aria-labelledby="analytics-heading"] > div').first();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await reviewShot(pickers, { path: `${SHOTS}/analytics-german-filters-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // English: this browser's view is among its visitors.
    await page.getByLabel('Language', { exact: true }).selectOption('en-US');
    await expect(page).toHaveURL(/[?&]locale=en-US/);
    await expect(page.getByTestId('range-note')).toContainText('All pages in American English');
    await expect(page.getByTestId('tile-visitors')).not.toHaveText('0');

    // A shared link (no account) has the same filter, kept in its address over a reload.
    const made = await page.request.post('/api/admin/analytics/shares', {
      data: { label: 'Agentur München' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const shared = new URL(((await made.json()) as { url: string }).url);
    const sharedPath = `${shared.pathname}${shared.search}`;
    const viewer = await browser.newContext({ userAgent: BROWSER_UA });
    const visitor = await viewer.newPage();
    await visitor.goto(sharedPath);
    const sharedLanguage = visitor.getByLabel('Language', { exact: true });
    await expect(sharedLanguage).toHaveValue('');
    await sharedLanguage.selectOption('de-DE');
    await expect(visitor).toHaveURL(/[?&]locale=de-DE/);
    await expect(visitor.getByTestId('tile-visitors')).toHaveText('2');
    await expect(visitor.getByTestId('range-note')).toContainText(
      'Pages read in German (Germany): ',
    );
    await visitor.reload();
    await expect(visitor.getByLabel('Language', { exact: true })).toHaveValue('de-DE');
    await expect(visitor.getByTestId('tile-visitors')).toHaveText('2');
    await expectTooltip(
      visitor.getByRole('button', { name: 'About the Language filter' }),
      'pages read in this language',
    );
    await visitor.keyboard.press('Escape');
    await expect(visitor.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
    await expectNoAxeViolations(visitor);
    await shoot(visitor, 'shared-german', { fullPage: false });

    // A page chosen drops the language (the API does not combine them).
    await page
      .getByLabel('Page', { exact: true })
      .selectOption({ label: `Sprachen ${slug.slice(-6)} (/${slug})` });
    await expect(page).not.toHaveURL(/locale=/);
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('');

    // German removed: the kept URL is answered with a sentence and a way back.
    await setLocales(page, ['en-US']);
    await page.goto('/admin/analytics?locale=de-DE');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The site no longer has this language');
    await shoot(page, 'analytics-language-removed', { fullPage: false });
    await alert.getByRole('button', { name: 'Show all languages' }).click();
    await expect(page).not.toHaveURL(/locale=/);
    await expect(page.getByTestId('tile-visitors')).toBeVisible();
    // One language: no filter.
    await expect(page.getByLabel('Language', { exact: true })).toHaveCount(0);
    // The shared link's kept address too: the sentence, and the way back.
    await visitor.reload();
    const sharedAlert = visitor.getByRole('alert');
    await expect(sharedAlert).toContainText('The site no longer has this language');
    await shoot(visitor, 'shared-language-removed', { fullPage: false });
    await sharedAlert.getByRole('button', { name: 'Show all languages' }).click();
    await expect(visitor).not.toHaveURL(/locale=/);
    await expect(visitor.getByTestId('tile-visitors')).toBeVisible();
    await expect(visitor.getByLabel('Language', { exact: true })).toHaveCount(0);
    await viewer.close();
  } finally {
    await setLocales(page, ['en-US']);
  }
});
