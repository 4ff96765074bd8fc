// Forms as data on the public site (issue 26, docs/decisions/0166-forms-on-the-public-site.md):
// an administrator saves a custom form (a required choice list "Number of suppliers", hidden
// fields from the URL and the page, a required consent) through the API and picks it for a
// new landing page. On its run-time copy (/legacy/<slug>), a visitor opens the page's dialog (titled by the
// form, issue 35): the form's own checks stop a submission without the choice and the consent, the server's own 400s
// show beside their fields (and one on a hidden field as the form's sentence), and a complete
// one is stored. The lead keeps the choice, the campaign from the URL and the consent record,
// and the admin's Leads detail shows them. axe on the dialog with its consent box;
// screenshots of the dialog and of the contact page at 1280 and 390 px go to /tmp/shots/h5.
// The prebuilt page naming its form is block-gallery.spec.ts's
// (docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import type { FormDefinitionInput, StoredForm } from '../functions/shared/forms/definition.ts';
import type { LeadDetail } from '../functions/shared/leads/lead.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { ATTRIBUTION_FIELDS } from './form-fixtures.ts';
import { hydrated } from './hydration.ts';
import {
  expectNoAxeViolations as axe,
  expectTargetSizes,
  requestsSent,
  screenshotsIn,
} from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';

const SHOTS = '/tmp/shots/h5';
const shoot = screenshotsIn(SHOTS);

/** A desktop browser's user agent: HeadlessChrome counts as a bot, whose leads are flagged. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const CONSENT =
  'I agree that PharmaBridge may contact me about my request and keep my details for 12 months.';

const survey = (title: string): FormDefinitionInput => ({
  title,
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, autocomplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', required: true, autocomplete: 'email' },
    { name: 'company', label: 'Company', type: 'text', autocomplete: 'organization' },
    { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
    {
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      help: 'Suppliers sending you data today',
      options: [
        { value: '1-5', label: '1 to 5' },
        { value: '6-20', label: '6 to 20' },
        { value: '21+', label: 'More than 20' },
      ],
    },
    ...ATTRIBUTION_FIELDS,
  ],
  consent: { required: true, text: CONSENT, privacyUrl: '/privacy' },
  submitLabel: 'Request my demo',
  successMessage: 'Thank you! Our team will prepare a demo for your suppliers.',
});

async function signedIn(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  return request;
}

/** The dialog's controls by what a visitor reads; the dialog is titled by its form (issue 35). */
function dialogControls(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    suppliers: dialog.getByRole('combobox', { name: 'Number of suppliers' }),
    consent: dialog.getByRole('checkbox', { name: /PharmaBridge may contact me/ }),
    submit: dialog.getByRole('button', { name: 'Request my demo' }),
  };
}

test("a landing page's own form: choice list, hidden fields and consent reach the lead", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const api = await signedIn(request);
  const formId = unique('supplier-demo');
  const saved = await api.put(`/api/admin/forms/${formId}`, {
    data: { form: survey(`Supplier demo ${formId}`) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const stored = (await saved.json()) as StoredForm;
  expect(stored.revision).toBe(1);

  const slug = unique('supplier-summit');
  const created = await api.post('/api/landing-pages', {
    data: {
      title: `Forms ${slug}`,
      slug,
      isActive: true,
      content: { ...landingTemplate(), formId },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const visitor = await context.newPage();
  let posts = 0;
  visitor.on('request', (r) => {
    if (r.url().endsWith('/api/contact') && r.method() === 'POST') posts++;
  });
  await visitor.goto(`/legacy/${slug}?utm_campaign=spring-summit&utm_source=newsletter`);
  await expect(visitor.getByTestId('hero-headline')).toBeVisible();
  await hydrated(visitor);
  await visitor.locator('#top').getByRole('button', { name: 'Request Demo' }).click();
  const { dialog, suppliers, consent, submit } = dialogControls(visitor, `Supplier demo ${formId}`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(suppliers).toBeVisible();
  await expect(suppliers).toHaveValue('');
  await expect(suppliers).toHaveAccessibleDescription('Suppliers sending you data today');
  expect(await suppliers.locator('option').allTextContents()).toEqual([
    'Choose...',
    '1 to 5',
    '6 to 20',
    'More than 20',
  ]);
  await expect(consent).not.toBeChecked();
  await expect(dialog.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  // Hidden fields are not controls a visitor meets, but carry the URL's campaign and the page.
  await expect(dialog.locator('input[type="hidden"][name="campaign"]')).toHaveValue(
    'spring-summit',
  );
  await expect(dialog.locator('input[type="hidden"][name="page"]')).toHaveValue(`legacy/${slug}`);

  await axe(visitor);
  // The consent box is a 24 by 24 pixel target, on a phone too.
  await expectTargetSizes(visitor);
  await visitor.setViewportSize({ width: 390, height: 900 });
  await expectTargetSizes(visitor);
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await shoot(visitor, 'dialog-custom-form', { fullPage: false });

  // Without the choice and the consent the form's own checks stop it, each beside its field
  // (no browser bubble: docs/decisions/0402-inline-errors-for-every-check.md): nothing is sent.
  await dialog.getByLabel('Name').fill('Morgan Diaz');
  await dialog.getByLabel('Email').fill('morgan.diaz@example-pharma.com');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please correct the highlighted fields and submit again.',
  );
  await expect(dialog.getByText('Number of suppliers is required.')).toBeVisible();
  await expect(suppliers).toHaveAttribute('aria-invalid', 'true');
  await expect(suppliers).toBeFocused();
  await expect(dialog.getByText('Consent must be ticked to send this form.')).toBeVisible();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAccessibleDescription('Consent must be ticked to send this form.');
  await requestsSent(visitor);
  expect(posts).toBe(0);
  await shoot(visitor, 'dialog-custom-form-errors', { fullPage: false });

  // A phone number is checked with the server's own rule before sending (issue 33: the
  // server refused `(415) 555-0100` after Send, and took nonsense only to refuse it then).
  await suppliers.selectOption('6-20');
  await consent.check();
  const phone = dialog.getByRole('textbox', { name: 'Phone' });
  await phone.fill('call me maybe');
  await submit.click();
  const phoneError = dialog.locator('[data-field-error="phone"]');
  await expect(phoneError).toHaveText(
    'Phone must be a phone number such as (415) 555-0100 or +44 20 7946 0958, with any extension as ext. 12.',
  );
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please correct the highlighted fields and submit again.',
  );
  // The check runs before the request would be made: none was.
  expect(posts).toBe(0);
  await shoot(visitor, 'dialog-custom-form-phone-error', { fullPage: false });
  await phone.fill('(415) 555-0100');

  // The server's own check: the same fields left out on the wire are named in its 400.
  await suppliers.selectOption('6-20');
  await consent.check();
  await visitor.route('**/api/contact', async (route) => {
    const body = route.request().postDataJSON() as { fields: Record<string, unknown> };
    const fields = Object.fromEntries(
      Object.entries(body.fields).filter(([name]) => name !== 'suppliers'),
    );
    await route.continue({ postData: JSON.stringify({ ...body, fields, consent: false }) });
  });
  const refused = visitor.waitForResponse('**/api/contact');
  await submit.click();
  const refusal = await refused;
  expect(refusal.status()).toBe(400);
  const envelope = (await refusal.json()) as { error: { fields: Record<string, string[]> } };
  expect(Object.keys(envelope.error.fields).sort()).toEqual(['consent', 'fields.suppliers']);
  await expect(dialog.getByText('Number of suppliers is required.')).toBeVisible();
  await expect(dialog.getByText('Consent must be ticked to send this form.')).toBeVisible();
  await expect(suppliers).toHaveValue('6-20');
  await expect(consent).toBeChecked();

  // A refused hidden field is nothing the visitor can correct: the form's sentence says so.
  await visitor.unroute('**/api/contact');
  await visitor.route('**/api/contact', async (route) => {
    const body = route.request().postDataJSON() as { fields: Record<string, unknown> };
    const fields = { ...body.fields, campaign: 'spring\u0007summit' };
    await route.continue({ postData: JSON.stringify({ ...body, fields }) });
  });
  const hiddenRefused = visitor.waitForResponse('**/api/contact');
  await submit.click();
  expect((await hiddenRefused).status()).toBe(400);
  await expect(dialog.getByRole('alert')).toContainText(
    'We could not send your request because of a problem with this form.',
  );
  await expect(dialog.locator('[data-field-error]')).toHaveCount(0);

  // Complete: stored, with the form's own success message.
  await visitor.unroute('**/api/contact');
  const accepted = visitor.waitForResponse('**/api/contact');
  await submit.click();
  const response = await accepted;
  expect(response.status(), await response.text()).toBe(201);
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    formId,
    fields: {
      name: 'Morgan Diaz',
      email: 'morgan.diaz@example-pharma.com',
      phone: '(415) 555-0100',
      suppliers: '6-20',
      campaign: 'spring-summit',
    },
    consent: true,
    consentVersion: expect.stringMatching(/^[0-9a-f]{16}$/),
  });
  // (From the run-time copy the page is named by that address, `legacy/<slug>`; a lead from
  // the prebuilt page naming it by its slug is block-gallery.spec.ts's check.)
  const { id: leadId } = (await response.json()) as { id: string };
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you! Our team will prepare a demo for your suppliers.',
  );
  await context.close();

  // The lead keeps the choice, the hidden fields and the consent the visitor saw.
  const detail = await api.get(`/api/admin/leads/${leadId}`);
  expect(detail.status(), await detail.text()).toBe(200);
  const { lead } = (await detail.json()) as LeadDetail;
  expect(lead).toMatchObject({
    formId,
    formType: 'general',
    name: 'Morgan Diaz',
    fields: { suppliers: '6-20', campaign: 'spring-summit', phone: '(415) 555-0100' },
    // What was typed is kept; the number in E.164 beside it (issue 33).
    phones: { phone: '+14155550100' },
    consent: {
      given: true,
      text: CONSENT,
      version: sent['consentVersion'],
      privacyUrl: '/privacy',
    },
  });
  expect(lead.attribution).toMatchObject({ utmCampaign: 'spring-summit', utmSource: 'newsletter' });

  // The page's editor shows the form it picks (a choice among the forms).
  await signIn(page);
  const title = `Forms ${slug}`;
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit Landing Page' });
  // The contact form is a page setting, beside the blocks.
  await editor.getByRole('tab', { name: 'Page settings' }).click();
  const picker = editor.getByRole('combobox', { name: 'Contact form' });
  await expect(picker).toHaveValue(formId);
  await expect(picker.locator('option:checked')).toHaveText(`Supplier demo ${formId}`);
  await shoot(page, 'page-editor-form-picker', { fullPage: false });
  await editor.getByRole('button', { name: 'Close' }).first().click();

  // The admin's Leads detail shows them.
  await page.goto(`/admin/leads?lead=${leadId}`);
  const section = page.getByRole('region', { name: 'Form fields and consent' });
  await expect(section).toBeVisible();
  const row = section.getByTestId('lead-field').filter({ hasText: '6-20' });
  await expect(row).toBeVisible();
  await expect(section.getByText('Number of suppliers', { exact: true })).toBeVisible();
  await expect(
    section.getByTestId('lead-field').filter({ hasText: 'spring-summit' }),
  ).toBeVisible();
  const consentRecord = section.getByTestId('lead-consent');
  await expect(consentRecord).toContainText('Consent given');
  await expect(consentRecord).toContainText(CONSENT);
  await expect(consentRecord).toContainText(`version ${String(sent['consentVersion'])}`);
  await shoot(page, 'lead-detail-custom-form');
});

test('the contact page renders its built-in form from the definition, unchanged', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  const definitions: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/forms/')) definitions.push(pathname);
  });
  await page.goto('/contact');
  await hydrated(page);
  // After hydration the island asks whether the form changed since the build.
  await expect.poll(() => definitions).toContain('/api/forms/contact');
  const form = page.locator('form[data-form-id="contact"]');
  await expect(form.getByRole('textbox', { name: 'Company' })).toHaveAttribute('required', '');
  await expect(form.getByRole('combobox', { name: 'Inquiry type' })).toHaveValue('demo');
  await expect(form.getByRole('checkbox')).toHaveCount(0);
  await shoot(page, 'contact-page');
  await page.goto('/pilot');
  await hydrated(page);
  await expect(page.locator('form[data-form-id="pilot-request"]')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
    'Optional: which suppliers and data contracts would you like to include?',
  );
  await shoot(page, 'pilot-page');
  await context.close();
});
