// Localization end to end (issue 39, docs/localization.md): German is added to the site's
// locales; a page's texts go out as XLIFF 2.1, come back translated (written with the outside
// `xliff` package, as a vendor's tool would) and are imported into the German working copy; a
// reviewer signs the German version with an e-signature; it is published and, once the site is
// rebuilt, live at /de/<localized slug> with lang="de-DE" and hreflang alternates reciprocal with
// the English page; a German visitor (a normal browser's user agent: HeadlessChrome counts as a
// bot) sends the page's German form with consent, and the lead carries de-DE and the German
// consent version. Axe and the Nu checker pass on the German page.
//
// A publishing spec (its server rebuilds); German stays among the locales afterwards, as an
// installation that added it keeps it.
import { expect, test } from 'playwright/test';
import xliff2js from 'xliff/xliff2js';
import js2xliff from 'xliff/js2xliff';
import type { FormDefinitionInput } from '../functions/shared/forms/definition.ts';
import type { PublicForm } from '../functions/shared/forms/public-form.ts';
import type { LeadDetail } from '../functions/shared/leads/lead.ts';
import type { PageDetail } from '../functions/shared/translations.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { deriveLayout } from '../functions/shared/blocks.ts';
import { hydrated } from './hydration.ts';
import { member } from './members.ts';
import { expectNoAxeViolations as axe, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { vnuErrors } from './vnu.ts';

const shoot = screenshotsIn('/tmp/shots/localization');

/** A desktop browser's user agent: HeadlessChrome counts as a bot, whose leads are flagged. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const CONSENT = 'I agree that PharmaBridge may e-mail me about this webinar and its recording.';
const CONSENT_DE =
  'Ich bin damit einverstanden, dass PharmaBridge mir zu diesem Webinar und seiner Aufzeichnung E-Mails sendet.';
const SUCCESS_DE = 'Sie sind angemeldet: Der Link zur Teilnahme ist unterwegs in Ihr Postfach.';

const registration = (title: string): FormDefinitionInput => ({
  title,
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true, autocomplete: 'name' },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true, autocomplete: 'email' },
    {
      name: 'area',
      label: 'Your role',
      type: 'select',
      required: true,
      options: [
        { value: 'quality', label: 'Quality' },
        { value: 'data', label: 'Data and IT' },
      ],
    },
  ],
  consent: { required: true, text: CONSENT, privacyUrl: '/privacy' },
  submitLabel: 'Save my seat',
  successMessage: 'You are registered.',
  translations: {
    'de-DE': {
      title: 'Anmeldung zum Webinar',
      fields: {
        name: { label: 'Vollständiger Name' },
        email: { label: 'Geschäftliche E-Mail' },
        area: { label: 'Ihre Rolle', options: { quality: 'Qualität', data: 'Daten und IT' } },
      },
      consent: { text: CONSENT_DE },
      submitLabel: 'Platz sichern',
      successMessage: SUCCESS_DE,
    },
  },
});

/** The German texts the vendor returns, by unit id (the rest stays untranslated). */
const GERMAN: Record<string, string> = {
  title: 'Webinar: Lieferantendaten',
  // The page's layout renders its blocks: the hero block is layout.1, the form block layout.2.
  'layout.1.headline': 'Saubere Lieferantendaten,',
  'layout.1.highlight': 'live am 9. März',
  'layout.2.headline': 'Sichern Sie sich Ihren Platz',
};

test('German added, XLIFF out and back, signed and published at /de/, a German visitor’s lead', async ({
  browser,
  request,
}) => {
  // The other publishing specs rebuild the same server's site: wait for the pages themselves.
  test.setTimeout(900_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const locales = await request.put('/api/admin/settings', {
    data: { locales: ['en-US', 'de-DE'] },
  });
  expect(locales.status(), await locales.text()).toBe(200);

  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const formId = `l10n-webinar-${stamp}`;
  const form = await request.put(`/api/admin/forms/${formId}`, {
    data: { form: registration(`Webinar registration ${stamp}`) },
  });
  expect(form.status(), await form.text()).toBe(200);

  const template = landingTemplate();
  const slug = `supplier-data-webinar-${stamp}`;
  const germanSlug = `lieferantendaten-webinar-${stamp}`;
  const created = await request.post('/api/landing-pages', {
    data: {
      title: `Webinar: supplier data ${stamp}`,
      slug,
      isActive: true,
      content: {
        ...template,
        layout: [
          { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
          {
            id: 'hero',
            type: 'hero',
            ...template.hero,
            headline: 'Clean supplier data,',
            highlight: 'live on 9 March',
            primaryCTA: 'Register',
            formId,
          },
          { id: 'register', type: 'form', formId, headline: 'Save your seat' },
          // The hero's second button goes to #how-it-works: the checks before submitting want it.
          deriveLayout(template).find((block) => block.type === 'howItWorks'),
          { id: 'footer', type: 'footer' },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Out to the vendor and back: the outside parser reads our document, the vendor fills four
  // targets, the outside writer writes XLIFF 2.1, and the import takes it (revision 0: the
  // German version starts with it).
  const exported = await request.get(`/api/landing-pages/${id}/locales/de-DE/xliff`);
  expect(exported.status(), await exported.text()).toBe(200);
  const parsed = await xliff2js(await exported.text());
  const units = parsed.resources[id]!;
  for (const [unit, text] of Object.entries(GERMAN)) {
    expect(units[unit], unit).toBeDefined();
    units[unit]!.target = text;
  }
  const translated = await js2xliff(parsed, { targetXliffVersion: '2.1', indent: '  ' });
  const imported = await request.put(`/api/landing-pages/${id}/locales/de-DE/xliff?revision=0`, {
    data: translated,
    headers: { 'content-type': 'application/xliff+xml' },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const { units: count, workingCopy } = (await imported.json()) as {
    units: number;
    workingCopy: { revision: number; content: unknown; title: string };
  };
  expect(count).toBe(Object.keys(GERMAN).length);

  // The German address, then the review.
  const renamed = await request.put(`/api/landing-pages/${id}/locales/de-DE/draft`, {
    data: {
      title: workingCopy.title,
      slug: germanSlug,
      content: workingCopy.content,
      revision: workingCopy.revision,
    },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const submitted = await request.post(`/api/landing-pages/${id}/locales/de-DE/submit`, {
    data: { note: 'Deutsche Fassung vom Übersetzungsbüro' },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const reviewer = await member(request, 'reviewer');
  const reviewerContext = await browser.newContext();
  const signIn = await reviewerContext.request.post('/api/auth/login', { data: reviewer });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const signed = await reviewerContext.request.post(
    `/api/landing-pages/${id}/locales/de-DE/approve`,
    { data: { email: reviewer.email, password: reviewer.password, meaning: 'approved' } },
  );
  expect(signed.status(), await signed.text()).toBe(201);
  await reviewerContext.close();

  const detail = (await (await request.get(`/api/admin/pages/${id}`)).json()) as PageDetail;
  expect(detail.locales['de-DE']!.workflow!.approvals.map((a) => a.signerEmail)).toEqual([
    reviewer.email,
  ]);
  // The English page has signatures of its own: none.
  expect(detail.workflow.approvals).toEqual([]);

  const published = await request.post(`/api/landing-pages/${id}/locales/de-DE/publish`, {
    data: {},
  });
  expect(published.status(), await published.text()).toBe(200);

  // Once rebuilt: the German page at its address, the English one listing it.
  const germanPath = `/de/${germanSlug}`;
  await expect(async () => {
    const answer = await request.get(germanPath);
    expect(answer.status()).toBe(200);
  }).toPass({ timeout: 600_000, intervals: [2_000] });
  await expect(async () => {
    const english = await request.get(`/${slug}`);
    expect(english.status()).toBe(200);
    expect(await english.text()).toContain(`hreflang="de-DE"`);
  }).toPass({ timeout: 300_000, intervals: [2_000] });

  // The Nu checker on the German page as served.
  const html = await (await request.get(germanPath)).text();
  expect(await vnuErrors(new Map([[germanPath, html]]))).toEqual([]);

  const context = await browser.newContext({ userAgent: BROWSER_UA, locale: 'de-DE' });
  const visitor = await context.newPage();
  await visitor.emulateMedia({ reducedMotion: 'reduce' });
  await visitor.goto(germanPath);
  await hydrated(visitor);
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(
    'Saubere Lieferantendaten',
  );
  const origin = new URL(visitor.url()).origin;
  const alternates = await visitor
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
    );
  expect(alternates.map(([lang, href]) => [lang, new URL(href!, origin).pathname])).toEqual(
    expect.arrayContaining([
      ['en-US', `/${slug}`],
      ['de-DE', germanPath],
      ['x-default', `/${slug}`],
    ]),
  );
  // Reciprocal: the English page names the German one, and itself.
  const englishHtml = await (await request.get(`/${slug}`)).text();
  expect(englishHtml).toMatch(new RegExp(`hreflang="de-DE" href="[^"]*${germanPath}"`));
  await axe(visitor);
  await shoot(visitor, 'german-page');

  // The German form: its German words, its German consent text.
  const block = visitor.locator('#block-register');
  const german = block.getByRole('form', { name: 'Sichern Sie sich Ihren Platz' });
  await expect(german.getByRole('button', { name: 'Platz sichern' })).toBeEnabled();
  await german.getByLabel('Vollständiger Name').fill('Jana Schmidt');
  await german.getByLabel('Geschäftliche E-Mail').fill('jana.schmidt@example-pharma.de');
  await german.getByRole('combobox', { name: 'Ihre Rolle' }).selectOption('quality');
  await german.getByRole('checkbox', { name: /zu diesem Webinar/ }).check();
  const accepted = visitor.waitForResponse(
    (r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST',
  );
  await german.getByRole('button', { name: 'Platz sichern' }).click();
  const response = await accepted;
  expect(response.status(), await response.text()).toBe(201);
  const { id: leadId } = (await response.json()) as { id: string };
  await expect(block.getByText(SUCCESS_DE)).toBeVisible();
  await axe(visitor);
  await context.close();

  const [lead, germanForm, englishForm] = await Promise.all([
    request.get(`/api/admin/leads/${leadId}`).then(async (r) => (await r.json()) as LeadDetail),
    request
      .get(`/api/forms/${formId}?locale=de-DE`)
      .then(async (r) => (await r.json()) as PublicForm),
    request.get(`/api/forms/${formId}`).then(async (r) => (await r.json()) as PublicForm),
  ]);
  expect(lead.lead).toMatchObject({
    formId,
    locale: 'de-DE',
    consent: { given: true, text: CONSENT_DE },
  });
  expect(germanForm.consent?.version).toBeTruthy();
  expect(germanForm.consent?.version).not.toBe(englishForm.consent?.version);
  expect((lead.lead.consent as { version?: string }).version).toBe(germanForm.consent?.version);
});
