// Dynamic text replacement (issue 27, docs/decisions/0179-dynamic-text.md): a
// live page whose hero headline holds `{{param:utm_term|supplier teams}}`, on its run-time copy
// (/legacy/<slug>, the prebuilt pages' markup and script): the fallback in its marked span and
// the <title>; the URL's value replaces it as text: a script in the URL shows as its characters
// (no script element, no dialog), a long value is cut to 60 characters, no value keeps the
// fallback. axe on the page; the editor names the parameters the page uses. The prerendered
// HTML (what crawlers and visitors without JavaScript get: the fallback in its span, <title>
// and description) is block-gallery.spec.ts's, on the page it publishes
// (docs/decisions/0548-browser-specs-check-edits-at-run-time.md). Screenshots at 1280 and 390 px
// into /tmp/shots/h8.
import { expect, test, type Page } from 'playwright/test';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';

const shoot = screenshotsIn('/tmp/shots/h8');
/** A normal browser's user agent, as the other landing specs send (the page view is tracked). */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_UA });

const HEADLINE = 'Data you can trust, {{param:utm_term|supplier teams}}';
const PAYLOAD = '<script>alert(1)</script>';
const LONG = 'clinical supply teams across every region of the world and beyond it all';

/** Opens the page with `query`, once its script has run. */
async function visit(page: Page, slug: string, query = '') {
  await page.goto(`/legacy/${slug}${query}`);
  await expect(page.locator('[data-landing-ready]')).toHaveCount(1);
  return page.getByTestId('hero-headline');
}

test('a URL parameter replaces dynamic text as text, capped, with the fallback in its span', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const slug = `dtr-${Date.now().toString(36)}`;
  const title = `Dynamic text ${slug}`;
  const template = landingTemplate();
  const created = await request.post('/api/landing-pages', {
    data: {
      title,
      slug,
      isActive: true,
      content: { ...template, hero: { ...template.hero, headline: HEADLINE } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const scriptsBefore = async () => page.evaluate(() => document.querySelectorAll('script').length);

  // A script in the URL: shown as its characters, never run, no element made of it.
  const headline = await visit(page, slug);
  const plainScripts = await scriptsBefore();
  await expect(headline).toHaveText(/^Data you can trust, supplier teams /);
  // The fallback sits in its marked span, capped at 60 characters; the <title> only the fallback.
  await expect(headline.locator('[data-dtr="utm_term"]')).toHaveAttribute('data-dtr-max', '60');
  await expect(headline.locator('[data-dtr="utm_term"]')).toHaveText('supplier teams');
  await expect(page).toHaveTitle(/^Data you can trust, supplier teams /);
  const withPayload = await visit(page, slug, `?utm_term=${encodeURIComponent(PAYLOAD)}`);
  await expect(withPayload.locator('[data-dtr="utm_term"]')).toHaveText(PAYLOAD);
  await expect(withPayload).toContainText(`Data you can trust, ${PAYLOAD}`);
  await expect(withPayload.locator('script')).toHaveCount(0);
  expect(await scriptsBefore()).toBe(plainScripts);
  // A dialog blocks the page until dismissed: once a script has run in the page two frames
  // later, any dialog opened before it has been seen.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  expect(dialogs).toBe(0);
  // The <title> keeps the fallback whatever the URL says.
  await expect(page).toHaveTitle(/^Data you can trust, supplier teams /);

  // A long value is cut at a word boundary to 60 characters; a blank one keeps the fallback.
  const long = await visit(page, slug, `?utm_term=${encodeURIComponent(LONG)}`);
  await expect(long.locator('[data-dtr]')).toHaveText(
    'clinical supply teams across every region of the world and…',
  );
  const blank = await visit(page, slug, '?utm_term=%20%20&utm_source=x');
  await expect(blank.locator('[data-dtr]')).toHaveText('supplier teams');

  // The page with a replaced headline: axe, and how it looks.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const replaced = await visit(page, slug, '?utm_term=clinical+supply+teams');
  await expect(replaced).toContainText('Data you can trust, clinical supply teams');
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'dtr-page', { fullPage: false });

  // The editor names the parameters the page uses, with the syntax in a tooltip.
  await signIn(page);
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit Landing Page' });
  const line = editor.getByTestId('dynamic-text-params');
  await expect(line).toHaveText('Dynamic text: this page uses utm_term');
  await expectNoAxeViolations(page);
  // Keyboard focus opens the tooltip with the syntax.
  await expectTooltip(
    editor.getByRole('button', { name: 'About dynamic text' }),
    '{{param:utm_term|supplier teams}}',
  );
  await line.scrollIntoViewIfNeeded();
  await shoot(page, 'dtr-editor', { fullPage: false });
  // Editing the headline updates the list as the editor types.
  const field = editor.getByLabel('Headline', { exact: true }).first();
  await field.fill('Hello {{param:city|there}}, {{param:utm_term|teams}}');
  await expect(line).toHaveText('Dynamic text: this page uses city, utm_term');
});
