// Leads by locale (issue 39, docs/decisions/0575-leads-by-locale.md): with German added to the
// site's languages, a German and an English lead arrive; the Leads tab's Language filter is
// chosen by keyboard, keeps the German lead only, names the locale in the URL and the CSV
// link, and survives a reload; axe checks the tab. Once the site is English-only again, the
// filter shows only while the URL names a language. Screenshots at 1280 and 390 px go to
// /tmp/shots/ld39/. The languages are set back to en-US at the end (the setting is
// install-wide), so this runs with the specs that change such settings (playwright.config.ts).
import { expect, test, type Browser, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SHOTS = '/tmp/shots/ld39';

async function setLocales(page: Page, locales: string[]) {
  const answer = await page.request.put('/api/admin/settings', { data: { locales } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A visitor's lead through the contact API, sent from a page in `locale`. */
async function sendLead(browser: Browser, name: string, locale: string) {
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const answer = await context.request.post('/api/contact', {
    data: {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@beispiel-pharma.example`,
      company: 'Beispiel Pharma GmbH',
      message: 'Bitte um eine Demo.',
      formType: 'general',
      locale,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await context.close();
}

/** The filter form at 1280 px, and at 390 px with "More filters" unfolded. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await reviewShot(page, { path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const more = page.getByRole('button', { name: /^More filters/ });
  await more.click();
  await expect(page.getByRole('button', { name: 'Hide filters' })).toBeVisible();
  await reviewShot(page, { path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Hide filters' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the Language filter keeps the leads of one locale, in the URL and across a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await setLocales(page, ['en-US', 'de-DE']);
  try {
    await sendLead(browser, `Dora Deutsch ${id}`, 'de-DE');
    await sendLead(browser, `Erik English ${id}`, 'en-US');

    await page.goto(`/admin/leads?q=${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Leads' })).toBeVisible();
    const rows = page.getByTestId('lead-row');
    await expect(rows).toHaveCount(2);

    // Reached by keyboard from the Owner filter; its tooltip says what it filters by.
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language).toHaveValue('');
    await page.getByRole('combobox', { name: 'Owner' }).focus();
    await page.keyboard.press('Tab');
    await expect(language).toBeFocused();
    await expectTooltip(language, 'The language of the page the form was sent from');
    await expect(language.getByRole('option')).toHaveText([
      'All languages',
      'American English (en-US)',
      'German (Germany) (de-DE)',
    ]);
    await language.selectOption('de-DE');

    await expect(page).toHaveURL(/[?&]locale=de-DE(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Dora Deutsch ${id}`);
    await expect(rows.getByTestId('lead-locale-badge')).toHaveText('de-DE');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /[?&]locale=de-DE(&|$)/,
    );
    // The tip closes when focus leaves (axe would read the open tip as content outside a region).
    await language.blur();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'leads-language-filter');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('de-DE');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Dora Deutsch ${id}`);

    // English: the English lead only; "All languages" both again.
    await language.selectOption('en-US');
    await expect(page).toHaveURL(/[?&]locale=en-US(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Erik English ${id}`);
    await language.selectOption('');
    await expect(page).not.toHaveURL(/[?&]locale=/);
    await expect(rows).toHaveCount(2);
  } finally {
    await setLocales(page, ['en-US']);
  }

  // An English-only site has no Language filter, unless the URL names a language: then it
  // shows it, as no longer one of the site's.
  await page.goto(`/admin/leads?q=${id}`);
  await expect(page.getByTestId('lead-row')).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(0);
  await page.goto(`/admin/leads?q=${id}&locale=de-DE`);
  const kept = page.getByRole('combobox', { name: 'Language' });
  await expect(kept).toHaveValue('de-DE');
  await expect(kept.getByRole('option', { selected: true })).toHaveText(
    'German (Germany) (de-DE, not a site language)',
  );
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await shoot(page, 'leads-language-kept');
});
