// Forms per locale in the form editor (issue 39, docs/decisions/0570-forms-per-locale.md): with
// German among the site's locales, an administrator opens a form, types German texts in the
// Translations section beside the English ones (a choice list's option, the consent text, the
// submit label), sees a refusal beside its box as a sentence, saves, and the public definition
// in German (GET /api/forms/:id?locale=de-DE) has them, with a consent version of its own.
// Axe, the section's tooltip, and screenshots at 1280 and 390 px in /tmp/shots/l10n-forms.
//
// It sets the `locales` setting, so it runs on the settings server, one spec at a time (the
// `settings` project in playwright.config.ts), and puts the setting and the form back when done.
import { expect, test, type Locator, type Page } from 'playwright/test';
import type { PublicForm } from '../functions/shared/forms/public-form.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations as axe } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots/l10n-forms';
const FORM = 'l10n-webinar';

const definition = {
  title: 'Webinar registration (l10n)',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true },
    {
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      options: [
        { value: '1-10', label: '1 to 10' },
        { value: '50+', label: 'More than 50' },
      ],
    },
  ],
  consent: { required: true, text: 'I agree that PharmaBridge may contact me.', privacyUrl: '' },
  submitLabel: 'Register',
  successMessage: 'You are registered.',
};

async function shootAt(page: Page, name: string, target: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await target.evaluate((element) =>
      element.scrollIntoView({ block: 'start', behavior: 'instant' }),
    );
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('translating a form into German in the editor reaches the German public definition', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  try {
    expect(
      (
        await page.request.put('/api/admin/settings', { data: { locales: ['en-US', 'de-DE'] } })
      ).status(),
    ).toBe(200);
    await page.request.delete(`/api/admin/forms/${FORM}`);
    expect(
      (await page.request.put(`/api/admin/forms/${FORM}`, { data: { form: definition } })).status(),
    ).toBe(200);

    await page.goto(`/admin/forms?form=${FORM}`);
    const section = page.getByRole('region', { name: 'Translations' });
    await expect(section).toBeVisible();
    const translations = section.getByTestId('translations');
    await expect(translations).toHaveAttribute('data-locale', 'de-DE');
    // The default text beside each box.
    await expect(translations).toContainText('I agree that PharmaBridge may contact me.');
    await expectTooltip(
      section.getByRole('button', { name: 'About translations' }),
      'An empty box is not translated',
    );

    const german = (what: string) => section.getByLabel(`${what} in German (Germany)`);
    await german('Field "name": label').fill('Vollständiger Name');
    await german('Field "suppliers": label').fill('Anzahl der Lieferanten');
    await german('Field "suppliers": option 1-10').fill('1 bis 10');
    await german('Consent text').fill('Ich bin einverstanden, dass PharmaBridge mich kontaktiert.');
    await german('Submit button').fill('Anmelden');
    await german('Field "email": label').fill('Geschäftliche E-Mail-Adresse');
    // A field with no help has no help row.
    await expect(german('Field "name": help')).toHaveCount(0);

    // An option translated without its field's label: refused beside that box, as a sentence.
    const suppliers = german('Field "suppliers": label');
    await suppliers.fill('');
    await expect(suppliers).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText(/in German \(Germany\) is required\./)).toBeVisible();
    await suppliers.fill('Anzahl der Lieferanten');
    await expect(suppliers).toHaveAttribute('aria-invalid', 'false');

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
    await axe(page);
    await shootAt(page, 'translations', section);

    const save = page.getByRole('button', { name: 'Save form' });
    await save.click();
    await expect(page.getByText('All changes saved')).toBeVisible();

    const english = (await (await page.request.get(`/api/forms/${FORM}`)).json()) as PublicForm;
    const response = await page.request.get(`/api/forms/${FORM}?locale=de-DE`);
    expect(response.status()).toBe(200);
    const form = (await response.json()) as PublicForm;
    expect(form.locale).toBe('de-DE');
    expect(form.fields.map((field) => field.label)).toEqual([
      'Vollständiger Name',
      'Geschäftliche E-Mail-Adresse',
      'Anzahl der Lieferanten',
    ]);
    expect(form.fields[2]!.options?.map((option) => option.label)).toEqual([
      '1 bis 10',
      'More than 50',
    ]);
    expect(form.submitLabel).toBe('Anmelden');
    expect(form.consent.text).toBe('Ich bin einverstanden, dass PharmaBridge mich kontaktiert.');
    expect(form.consent.version).toMatch(/^[0-9a-f]{16}$/);
    expect(form.consent.version).not.toBe(english.consent.version);

    // After a reload the URL still names the form and the German texts are there.
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Translations' })
        .getByLabel('Submit button in German (Germany)'),
    ).toHaveValue('Anmelden');
  } finally {
    await page.request.delete(`/api/admin/forms/${FORM}`).catch(() => undefined);
    await page.request
      .put('/api/admin/settings', { data: { locales: ['en-US'] } })
      .catch(() => undefined);
  }
});
