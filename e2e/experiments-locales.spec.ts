// Experiments per locale end to end (issue 39, docs/decisions/0576-experiments-per-locale.md):
// with German among the locales and a page's German version live, an administrator creates an
// experiment in German from the Experiments view (the Language choice, with its tooltip, kept
// in the URL), the variant B gets a German headline and the experiment starts (the refusals
// are functions/data/experiments/locales.test.ts's). Once rebuilt, visitors from
// different addresses get the German variants at /de/<slug> (lang="de-DE"), each the same one
// again, while the English page stays the plain page. Axe on the view; screenshots of the
// dialog, the list and the detail at 1280 and 390 px go to /tmp/shots/ex39.
//
// A publishing spec (its server rebuilds); German stays among the locales afterwards.
import { expect, test, type APIRequestContext, type Browser, type Page } from 'playwright/test';
import type { ExperimentDetail } from '../functions/shared/experiments.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations as axe, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';

const shoot = screenshotsIn('/tmp/shots/ex39');

/** A desktop browser's user agent: HeadlessChrome counts as a bot and is never counted. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const GERMAN = 'Saubere Lieferantendaten, vom ersten Upload an';
const GERMAN_B = 'Lieferanten in einer Woche angebunden';

async function visitor(browser: Browser, n: number): Promise<Page> {
  const context = await browser.newContext({
    userAgent: BROWSER_UA,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${100 + n}` },
  });
  return context.newPage();
}

/** A live page with a live German version; German configured. */
async function germanPage(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const locales = await request.put('/api/admin/settings', {
    data: { locales: ['en-US', 'de-DE'] },
  });
  expect(locales.status(), await locales.text()).toBe(200);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const slug = `ab-locale-${stamp}`;
  const title = `Locale experiment ${stamp}`;
  const content = landingTemplate();
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const germanSlug = `ab-sprache-${stamp}`;
  const saved = await request.put(`/api/landing-pages/${id}/locales/de-DE/draft`, {
    data: {
      title: `Sprachtest ${stamp}`,
      slug: germanSlug,
      content: { ...content, hero: { ...content.hero, headline: GERMAN } },
      revision: 0,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await request.post(`/api/landing-pages/${id}/locales/de-DE/publish`, {
    data: {},
  });
  expect(published.status(), await published.text()).toBe(200);
  return { id, slug, title, germanPath: `/de/${germanSlug}` };
}

test('an experiment in German is created in the admin and served at /de/<slug>', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(900_000);
  const live = await germanPage(request);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto(`/admin/experiments?page=${live.id}`);
  const filter = page.getByTestId('experiments-language');
  await expect(filter.getByLabel('Language', { exact: true })).toHaveValue('');
  // The list's language is in the URL and survives a reload.
  await filter.getByLabel('Language', { exact: true }).selectOption('de-DE');
  await expect(page).toHaveURL(new RegExp(`page=${live.id}&locale=de-DE$`));
  await page.reload();
  await expect(
    page.getByTestId('experiments-language').getByLabel('Language', { exact: true }),
  ).toHaveValue('de-DE');
  await expectTooltip(
    page.getByTestId('experiments-language').getByRole('button', { name: 'About Language' }),
    "Each language's version of the page runs its own experiments",
  );
  await page.keyboard.press('Escape');

  // New experiment: its language starts as the list's.
  await page.getByRole('button', { name: 'New experiment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New experiment' });
  const language = dialog.getByTestId('experiment-locale');
  await expect(language).toHaveValue('de-DE');
  await expect(language.locator('option[value="de-DE"]')).toHaveText(
    `German (Germany) (de-DE), ${live.germanPath}`,
  );
  await expectTooltip(
    dialog.getByRole('button', { name: 'About Language' }),
    "runs on the page's version in this language",
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Kürzere Überschrift');
  await shoot(page, 'new-dialog-language', { fullPage: false });
  await dialog.getByRole('button', { name: 'Create experiment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/experiment=[0-9a-f-]{36}&panel=variants&locale=de-DE$/);
  const experimentId = /experiment=([0-9a-f-]{36})/.exec(page.url())![1]!;
  const detail = page.getByTestId('experiment-detail');
  await expect(detail.getByTestId('experiment-detail-language')).toHaveText(
    'German (Germany) (de-DE)',
  );
  await expect(page.getByTestId('experiment-language')).toHaveText(
    'Language: German (Germany) (de-DE)',
  );
  await axe(page);
  await shoot(page, 'detail-german');

  // The variant editor's preview shows the German version as its visitors get it: the
  // document's lang and the page's own words (navigation) in German.
  await detail.getByRole('button', { name: 'Edit content of B' }).click();
  const variantEditor = page.getByRole('dialog', { name: 'Edit variant B' });
  const preview = variantEditor.frameLocator('[data-testid="live-preview"]');
  await expect(preview.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(preview.getByTestId('hero-headline')).toContainText(GERMAN);
  await expect(preview.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await shoot(page, 'variant-editor-german', { fullPage: false });
  await variantEditor.getByRole('button', { name: 'Cancel' }).click();
  await expect(variantEditor).toBeHidden();

  // B's German headline, then start (the API's own calls, as the variant editor makes them).
  const read = (await (
    await request.get(`/api/admin/experiments/${experimentId}`)
  ).json()) as ExperimentDetail;
  expect(read.variants[0]!.content.hero.headline).toBe(GERMAN);
  const b = read.variants[1]!;
  const edited = await request.put(`/api/admin/experiments/${experimentId}/variants/b`, {
    data: {
      content: { ...b.content, hero: { ...b.content.hero, headline: GERMAN_B } },
      revision: b.revision,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const started = await request.post(`/api/admin/experiments/${experimentId}/start`);
  expect(started.status(), await started.text()).toBe(200);

  // Once rebuilt: visitors of /de/<slug> get a German variant, the same one again.
  const first = await visitor(browser, 0);
  await expect(async () => {
    await first.goto(live.germanPath);
    expect(await first.locator('html').getAttribute('data-variant')).toMatch(/^[ab]$/);
  }).toPass({ timeout: 600_000, intervals: [2000] });
  const seen = new Set<string>();
  for (let n = 0; n < 24 && seen.size < 2; n++) {
    const visit = n === 0 ? first : await visitor(browser, n);
    const response = await visit.goto(live.germanPath);
    expect(response?.status()).toBe(200);
    const html = visit.locator('html');
    const variant = await html.getAttribute('data-variant');
    expect(variant).toMatch(/^[ab]$/);
    await expect(html).toHaveAttribute('lang', 'de-DE');
    await expect(html).toHaveAttribute('data-experiment', experimentId);
    await expect(visit.getByTestId('hero-headline')).toContainText(
      variant === 'b' ? GERMAN_B : GERMAN,
    );
    await visit.goto(live.germanPath);
    await expect(html).toHaveAttribute('data-variant', variant!);
    expect(new URL(visit.url()).pathname).toBe(live.germanPath);
    seen.add(variant!);
  }
  expect([...seen].sort()).toEqual(['a', 'b']);
  // The English page runs no experiment: the plain page for everyone.
  await first.goto(`/${live.slug}`);
  expect(await first.locator('html').getAttribute('data-variant')).toBeNull();
  await expect(first.locator('html')).toHaveAttribute('lang', 'en-US');

  // The list at every language shows each experiment's language.
  await page
    .getByTestId('experiments-language')
    .getByLabel('Language', { exact: true })
    .selectOption('');
  await expect(page.getByTestId('experiment-language')).toHaveText(
    'Language: German (Germany) (de-DE)',
  );
  await shoot(page, 'list-all-languages');
});
