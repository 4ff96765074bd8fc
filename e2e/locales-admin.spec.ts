// The admin's localization screens (issue 39, docs/decisions/0572-admin-localization.md): an
// administrator adds German in Account, Languages (each row's URL prefix follows the list as
// edited: two German locales take their whole codes), opens a page's Languages tab, translates
// it side by side and saves the German draft, downloads its XLIFF, uploads a changed one (and
// a refused one, whose sentence names the unit), submits it for review; the locale and the
// translator view survive a reload, the page card shows the German badge, tooltips explain,
// focus returns to the opener after the dialogs. Axe on each new screen; screenshots at 1280
// and 390 px into /tmp/shots/locales/. The languages are set back to en-US at the end (the
// setting is install-wide), so this runs with the specs that change such settings.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from 'playwright/test';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots/locales';
const shoot = screenshotsIn(SHOTS);

/** One part of the screen at 1280 and 390 px (a full Account page is 4000 px and more). */
async function shootPart(part: Locator, name: string) {
  const page = part.page();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await reviewShot(part, { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function setLocales(page: Page, locales: string[]) {
  const answer = await page.request.put('/api/admin/settings', { data: { locales } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('German: added in settings, a page translated side by side, XLIFF round trip, submitted', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  await setLocales(page, ['en-US']);
  const title = `Localized ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/landing-pages', {
    data: { title, slug: normalizeSlug(title), isActive: true, startFrom: 'template' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  try {
    // Settings: Languages.
    await page.goto('/admin/account');
    const languages = page.getByTestId('languages-settings');
    await expect(languages.locator('li[data-locale="en-US"]')).toContainText('Default');
    await expect(languages.locator('li[data-locale="en-US"]')).toContainText('Addresses: /...');
    await expect(languages.getByRole('button', { name: /^Remove .*\(en-US\)$/ })).toHaveCount(0);
    await expectTooltip(languages.getByRole('button', { name: 'About languages' }), /its prefix/);

    // A language the site does not speak: a sentence, nothing added.
    await languages.getByRole('textbox', { name: 'or another code' }).fill('fr-FR');
    await languages.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(languages.getByText(/The site has no text in French/)).toBeVisible();
    await languages.getByRole('textbox', { name: 'or another code' }).fill('');

    const choose = languages.getByRole('combobox', { name: 'Add a language' });
    await choose.selectOption('de-DE');
    await languages.getByRole('button', { name: 'Add', exact: true }).click();
    const german = languages.locator('li[data-locale="de-DE"]');
    await expect(german.locator('[data-locale-prefix]')).toHaveText('Addresses: /de/...');
    // A second German locale: both take their whole code, live, before anything is saved.
    await choose.selectOption('de-AT');
    await languages.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(german.locator('[data-locale-prefix]')).toHaveText('Addresses: /de-de/...');
    await expect(languages.locator('li[data-locale="de-AT"] [data-locale-prefix]')).toHaveText(
      'Addresses: /de-at/...',
    );
    await expectNoAxeViolations(page);
    await shootPart(languages, 'settings-two-german');
    await languages.getByRole('button', { name: /^Remove .* \(de-AT\)$/ }).click();
    await expect(choose).toBeFocused();
    await expect(german.locator('[data-locale-prefix]')).toHaveText('Addresses: /de/...');
    await languages.getByRole('button', { name: 'Save languages' }).click();
    await expect(page.getByTestId('toast').getByText('Languages saved')).toBeVisible();
    await page.reload();
    await expect(
      page.getByTestId('languages-settings').locator('li[data-locale="de-DE"]'),
    ).toBeVisible();

    // The page's Languages tab, from the URL.
    await page.goto(`/admin?edit=${id}&tab=languages`);
    const editor = page.getByRole('dialog', { name: 'Edit Landing Page' });
    const panel = editor.getByTestId('languages-panel');
    await expect(panel.getByTestId('locale-status')).toHaveText('No version yet');
    await expectTooltip(
      panel.getByRole('button', { name: 'Download XLIFF' }),
      /translation vendor/,
    );
    await panel.getByRole('button', { name: 'Download XLIFF' }).blur();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shootPart(panel, 'languages-tab-empty');

    // The translator view: open, reload, still there.
    const start = panel.getByRole('button', { name: 'Start translation' });
    await start.click();
    await expect(page).toHaveURL(/[?&]locale=de-DE/);
    await expect(page).toHaveURL(/[?&]translate=1/);
    await page.reload();
    const translator = page.getByTestId('translator-view');
    await expect(
      translator.getByRole('heading', { name: 'Translate into German (Germany)' }),
    ).toBeVisible();
    const titleUnit = translator.locator('[data-unit="title"] textarea');
    await expect(titleUnit).toBeVisible();
    // The page was started from the template: its texts come with PharmaBridge's German copy
    // as unsaved suggestions (content/translations/landing-template.de.json).
    await expect(translator.getByTestId('suggestions-note')).toContainText(
      /^\d+ texts are filled in from PharmaBridge's own German \(Germany\) copy of the template/,
    );
    const headline = translator.locator('[data-unit="hero.headline"]');
    await expect(headline.locator('textarea')).toHaveValue(
      'Vertragskonforme Daten von jedem Lieferanten,',
    );
    await expect(headline.getByText('Suggested', { exact: true })).toBeVisible();
    await expect(translator.locator('[data-unit="title"]')).toContainText(title);
    await titleUnit.fill(`Lokalisiert ${title}`);
    // A second text: the first block's first unit after the title.
    const other = translator.locator('[data-unit]:not([data-unit="title"]) textarea').first();
    const otherUnit = await other
      .locator('xpath=ancestor::*[@data-unit][1]')
      .getAttribute('data-unit');
    await other.fill('Datenaustausch ohne Umwege');
    await translator
      .getByRole('textbox', { name: 'German (Germany) URL slug' })
      .fill(`lokalisiert-${id.slice(0, 6)}`);
    await expect(translator.getByText(`/de/lokalisiert-${id.slice(0, 6)}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'translator', { fullPage: false });
    await translator.getByRole('button', { name: 'Save German (Germany) draft' }).click();
    await expect(page.getByTestId('toast').getByText('German (Germany) draft saved')).toBeVisible();
    await translator.getByRole('button', { name: 'Close' }).first().click();
    await expect(translator).toBeHidden();
    await expect(page).not.toHaveURL(/translate=1/);
    const edit = panel.getByRole('button', { name: 'Edit translation' });
    await expect(edit).toBeFocused();
    await expect(panel.getByTestId('locale-status')).toHaveText('Draft');

    // Download the XLIFF: the German texts are its targets.
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download XLIFF' }).click();
    const download = await downloading;
    const document = readFileSync(await download.path(), 'utf8');
    expect(document).toContain('version="2.1"');
    expect(document).toContain('trgLang="de-DE"');
    expect(document).toContain(`Lokalisiert ${title}`);
    expect(document).toContain(`<unit id="${otherUnit}"`);

    // Upload a changed one: its count is shown.
    const changed = document.replace(`Lokalisiert ${title}`, `Übersetzt ${title}`);
    const upload = panel.getByLabel('Upload a translated XLIFF file');
    await upload.setInputFiles({
      name: 'page.de-DE.xlf',
      mimeType: 'application/xliff+xml',
      buffer: Buffer.from(changed, 'utf8'),
    });
    await expect(panel.getByTestId('xliff-result')).toHaveText(
      /^\d+ translated texts? written into the German \(Germany\) working copy\.$/,
    );
    // A refused one: the API's sentence names the unit.
    const broken = changed.replace(`<unit id="${otherUnit}"`, '<unit id="nowhere.at-all"');
    await upload.setInputFiles({
      name: 'broken.xlf',
      mimeType: 'application/xliff+xml',
      buffer: Buffer.from(broken, 'utf8'),
    });
    await expect(panel.getByTestId('xliff-result')).toHaveAttribute('role', 'alert');
    // (The unit it does not know, or the source unit now missing.)
    await expect(panel.getByTestId('xliff-result')).toHaveText(
      new RegExp(`nowhere\\.at-all|${otherUnit!.replaceAll('.', '\\.')}`),
    );

    // The translator shows the uploaded text.
    await edit.click();
    await expect(translator.locator('[data-unit="title"] textarea')).toHaveValue(
      `Übersetzt ${title}`,
    );
    await page.keyboard.press('Escape');
    await expect(translator).toBeHidden();
    await expect(edit).toBeFocused();

    // Submit for review; focus back to the panel after the dialog.
    const submit = panel.getByRole('button', { name: 'Submit for review' });
    await submit.click();
    const dialog = page.getByRole('dialog', { name: /^Submit the German \(Germany\) translation/ });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('locale-status')).toHaveText('In review');
    await expectNoAxeViolations(page);
    await shootPart(panel, 'languages-tab-in-review');

    // Its own schedule: a day ahead in the browser's time zone, shown with Cancel; focus back
    // to the opener; cancelled, it is gone (the English page's schedule is untouched).
    const scheduleButton = panel.getByRole('button', { name: 'Schedule publish...' });
    await expectTooltip(scheduleButton, /at a time you choose/);
    await scheduleButton.click();
    const when = page.getByRole('dialog', { name: 'Schedule the German (Germany) publish' });
    const tomorrow = await page.evaluate(() => {
      const at = new Date(Date.now() + 86_400_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T10:00`;
    });
    await when.getByLabel(/Date and time/).fill(tomorrow);
    await when.getByRole('button', { name: 'Schedule' }).click();
    await expect(when).toBeHidden();
    await expect(scheduleButton).toBeFocused();
    // Its tooltip, shown on focus, closes when focus moves on (axe reads the tab without it).
    await scheduleButton.evaluate((button) => (button as HTMLElement).blur());
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const scheduled = panel.getByTestId('locale-scheduled');
    await expect(scheduled).toContainText('Publish of the German (Germany) version scheduled for');
    await expectNoAxeViolations(page);
    await shootPart(panel, 'languages-tab-scheduled');
    await page.reload();
    await expect(panel.getByTestId('locale-scheduled')).toHaveCount(1);
    await panel
      .getByRole('button', { name: 'Cancel the scheduled publish of the German (Germany) version' })
      .click();
    await expect(page.getByTestId('toast').getByText('Schedule cancelled')).toBeVisible();
    await expect(panel.getByTestId('locale-scheduled')).toHaveCount(0);

    // A reload keeps the tab and the locale.
    await page.reload();
    await expect(page).toHaveURL(/[?&]tab=languages/);
    await expect(
      page.getByRole('dialog', { name: 'Edit Landing Page' }).getByTestId('locale-status'),
    ).toHaveText('In review');

    // The page card's badge.
    await page
      .getByRole('dialog', { name: 'Edit Landing Page' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const card = page.getByTestId('page-card').filter({ hasText: title });
    const badge = card.locator('[data-locale-badge="de-DE"]');
    await expect(badge).toHaveText('DE in review');
    await expectTooltip(badge, 'German (Germany): in review');
    await shootPart(card, 'page-card');

    // Live in German (published through the API, as a publisher would from this tab), then its
    // unpublish scheduled from the tab and cancelled.
    const live = await page.request.post(`/api/landing-pages/${id}/locales/de-DE/publish`, {
      data: {},
    });
    expect(live.status(), await live.text()).toBe(200);
    await page.goto(`/admin?edit=${id}&tab=languages&locale=de-DE`);
    const livePanel = page
      .getByRole('dialog', { name: 'Edit Landing Page' })
      .getByTestId('languages-panel');
    await expect(livePanel.getByTestId('locale-status')).toHaveText(/^Live at \/de\//);
    const scheduleOff = livePanel.getByRole('button', { name: 'Schedule unpublish...' });
    await expectTooltip(scheduleOff, /the English page stays live/);
    await scheduleOff.click();
    const off = page.getByRole('dialog', { name: 'Schedule the German (Germany) unpublish' });
    // A time already past is refused in the dialog, as a sentence by the field.
    await off.getByLabel(/Date and time/).fill('2020-01-01T10:00');
    await off.getByRole('button', { name: 'Schedule' }).click();
    await expect(off.getByText(/must be a date and time in the future/)).toBeVisible();
    await off.getByLabel(/Date and time/).fill(tomorrow);
    await off.getByRole('button', { name: 'Schedule' }).click();
    await expect(off).toBeHidden();
    await expect(scheduleOff).toBeFocused();
    await expect(livePanel.getByTestId('locale-scheduled')).toContainText(
      'Unpublish of the German (Germany) version scheduled for',
    );
    await livePanel
      .getByRole('button', {
        name: 'Cancel the scheduled unpublish of the German (Germany) version',
      })
      .click();
    await expect(livePanel.getByTestId('locale-scheduled')).toHaveCount(0);
    await expect(livePanel.getByTestId('locale-status')).toHaveText(/^Live at \/de\//);

    // The API's refusal, as its sentence: a second German locale would move /de/ pages.
    await page.goto('/admin/account');
    const settings = page.getByTestId('languages-settings');
    await settings.getByRole('combobox', { name: 'Add a language' }).selectOption('de-AT');
    await settings.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(settings.locator('li[data-locale="de-DE"]')).toContainText('was /de/: refused');
    await settings.getByRole('button', { name: 'Save languages' }).click();
    await expect(settings.getByRole('alert')).toContainText(
      /^The pages of de-DE would move from \/de\/ to \/de-de\//,
    );
    await settings.getByRole('button', { name: 'Undo changes' }).click();
    await expect(settings.locator('li[data-locale="de-AT"]')).toHaveCount(0);
  } finally {
    // Off the site first: a locale whose pages are live cannot be removed from the settings.
    await page.request.post(`/api/landing-pages/${id}/locales/de-DE/unpublish`, { data: {} });
    await page.request.delete(`/api/landing-pages/${id}/locales/de-DE/draft`);
    await page.request.delete(`/api/landing-pages/${id}`);
    await setLocales(page, ['en-US']);
  }
});
