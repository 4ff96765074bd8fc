// Forms on the page (issue 35, docs/decisions/0400-form-block.md,
// docs/decisions/0401-buttons-open-a-chosen-form.md, docs/decisions/0402-inline-errors-for-every-check.md,
// docs/decisions/0403-the-form-speaks-for-itself.md): an administrator saves a webinar
// registration form and publishes a page with it as a form block, and a hero whose button opens
// it. On the page's run-time copy (/legacy/<slug>, the prebuilt pages' markup and script), a
// visitor (a normal browser's user agent: HeadlessChrome counts as a bot) fills the block: a missing consent tick is the product's error beside the box and nothing
// is sent; ticked, the lead is stored (read back through the admin API by its fields, with the
// campaign from the URL and the consent text) and the form's own success message replaces it.
// The hero's button opens the same form in the dialog, titled by the form, which ends with the
// form's own success message. axe on the page before and after; the block editor with the block
// selected; the inbox shows both leads under the form's title and finds them by its Form filter.
// The block prerendered with its form is block-gallery.spec.ts's, on the page it publishes
// (docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
// Screenshots at 1280 and 390 px into FORM_BLOCK_SHOTS (default /tmp/shots/form-block).
import { expect, test } from 'playwright/test';
import type { FormDefinitionInput } from '../functions/shared/forms/definition.ts';
import type { LeadDetail } from '../functions/shared/leads/lead.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { ATTRIBUTION_FIELDS } from './form-fixtures.ts';
import { hydrated } from './hydration.ts';
import { expectNoAxeViolations as axe, screenshotsIn, watchViolations } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';

const SHOTS = process.env['FORM_BLOCK_SHOTS'] ?? '/tmp/shots/form-block';
const shoot = screenshotsIn(SHOTS);

/** A desktop browser's user agent: HeadlessChrome counts as a bot, whose leads are flagged. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const CONSENT = 'I agree that PharmaBridge may e-mail me about this webinar and its recording.';
const SUCCESS = 'You are registered: the joining link is on its way to your inbox.';

const registration = (title: string): FormDefinitionInput => ({
  title,
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true, autocomplete: 'name' },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true, autocomplete: 'email' },
    { name: 'company', label: 'Company', type: 'text', autocomplete: 'organization' },
    {
      name: 'area',
      label: 'Your role',
      type: 'select',
      required: true,
      options: [
        { value: 'quality', label: 'Quality' },
        { value: 'data', label: 'Data and IT' },
        { value: 'commercial', label: 'Commercial' },
      ],
    },
    ...ATTRIBUTION_FIELDS,
  ],
  consent: { required: true, text: CONSENT, privacyUrl: '/privacy' },
  submitLabel: 'Save my seat',
  successMessage: SUCCESS,
});

test('a webinar registration form as a block: consent checked beside the box, the lead stored, the form’s own words', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const formId = `webinar-${stamp}`;
  const formTitle = `Webinar registration 2027 ${stamp}`;
  const saved = await request.put(`/api/admin/forms/${formId}`, {
    data: { form: registration(formTitle) },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const template = landingTemplate();
  const title = `Webinar ${stamp}`;
  const slug = `webinar-${stamp}`;
  const layout = [
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
    { id: 'footer', type: 'footer' },
  ];
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content: { ...template, layout } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: pageId } = (await created.json()) as { id: string };

  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const visitor = await context.newPage();
  const violations = await watchViolations(visitor);
  await visitor.emulateMedia({ reducedMotion: 'reduce' });
  let posts = 0;
  visitor.on('request', (r) => {
    if (r.url().endsWith('/api/contact') && r.method() === 'POST') posts++;
  });
  await visitor.goto(`/legacy/${slug}?utm_campaign=webinar-2027&utm_source=newsletter`);
  await hydrated(visitor);
  const block = visitor.locator('#block-register');
  const form = block.getByRole('form', { name: 'Save your seat' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save my seat' })).toBeEnabled();
  await axe(visitor);
  await shoot(visitor, 'public-page');

  // The consent left unticked: the product's error beside the box, like every other field.
  await form.getByLabel('Full name').fill('Jane Doe');
  await form.getByLabel('Work e-mail').fill('jane.doe@example-pharma.com');
  await form.getByRole('combobox', { name: 'Your role' }).selectOption('quality');
  const consent = form.getByRole('checkbox', { name: /may e-mail me about this webinar/ });
  await form.getByRole('button', { name: 'Save my seat' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Please correct the highlighted fields and submit again.',
  );
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAccessibleDescription('Consent must be ticked to send this form.');
  await expect(consent).toBeFocused();
  await expect(form.locator('[data-field-error]')).toHaveCount(1);
  expect(posts).toBe(0);
  await axe(visitor);
  await form.scrollIntoViewIfNeeded();
  await shoot(visitor, 'consent-error', { fullPage: false });

  // Ticked: stored, and the form's own success message takes the form's place.
  await consent.check();
  const accepted = visitor.waitForResponse(
    (r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Save my seat' }).click();
  const response = await accepted;
  expect(response.status(), await response.text()).toBe(201);
  const { id: leadId } = (await response.json()) as { id: string };
  await expect(block.getByRole('status')).toHaveText(SUCCESS);
  await expect(block.getByText(SUCCESS)).toBeFocused();
  await expect(form).toHaveCount(0);
  await axe(visitor);
  await shoot(visitor, 'sent', { fullPage: false });

  // The lead, read back by its fields (the inbox is checked at the end).
  const detail = await request.get(`/api/admin/leads/${leadId}`);
  expect(detail.status(), await detail.text()).toBe(200);
  const { lead } = (await detail.json()) as LeadDetail;
  // (Sent from the run-time copy, the lead names the page by that address, `legacy/<slug>`; a
  // lead from the prebuilt page naming it by its slug is block-gallery.spec.ts's check.)
  expect(lead).toMatchObject({
    formId,
    name: 'Jane Doe',
    email: 'jane.doe@example-pharma.com',
    fields: { area: 'quality', campaign: 'webinar-2027' },
    consent: { given: true, text: CONSENT, privacyUrl: '/privacy' },
  });
  expect(lead.attribution).toMatchObject({ utmCampaign: 'webinar-2027', utmSource: 'newsletter' });

  // The hero's button opens the chosen form in the dialog, titled by the form, not "Request Demo".
  await visitor.locator('#top').getByRole('button', { name: 'Register' }).click();
  const dialog = visitor.getByRole('dialog', { name: formTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-form-id', formId);
  await dialog.getByLabel('Full name').fill('Sam Okafor');
  await dialog.getByLabel('Work e-mail').fill('sam.okafor@example-pharma.com');
  await dialog.getByRole('combobox', { name: 'Your role' }).selectOption('data');
  await dialog.getByRole('checkbox', { name: /may e-mail me about this webinar/ }).check();
  await axe(visitor);
  await shoot(visitor, 'dialog', { fullPage: false });
  const fromDialog = visitor.waitForResponse(
    (r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save my seat' }).click();
  expect((await fromDialog).status()).toBe(201);
  await expect(dialog.getByText(SUCCESS)).toBeVisible();
  expect(await violations()).toEqual([]);
  await context.close();

  // The block editor with the form block selected.
  await signIn(page);
  await page.goto(`/admin?edit=${pageId}&block=register`);
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  const fields = edit.getByTestId('block-form');
  await expect(fields.getByRole('combobox', { name: 'Form' })).toHaveValue(formId);
  await expect(fields.getByLabel('Headline')).toHaveValue('Save your seat');
  await axe(page);
  await shoot(page, 'block-editor', { fullPage: false });

  // The inbox: both leads under the form's own title, found by the Form filter (issue 35).
  await page.goto('/admin/leads');
  const inbox = page.getByRole('main');
  await inbox.getByLabel('Form', { exact: true }).selectOption({ label: formTitle });
  await expect(page).toHaveURL(new RegExp(`[?&]form=${formId}(&|$)`));
  const rows = inbox.getByRole('table').first().locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Jane Doe' })).toContainText(formTitle);
  await expect(rows.filter({ hasText: 'Sam Okafor' })).toContainText(formTitle);
  await axe(page);
  await shoot(page, 'inbox-by-form', { fullPage: false });
});
