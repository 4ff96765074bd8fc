// The contact page form (/contact, /demo): it really submits to POST /api/contact, shows
// 'Sending...' for about a second, confirms in the page and resets; server field errors
// appear under their fields. Both render their built-in form's definition (issue 26) and post
// its form body; the pilot form is `pilot-request`.
import { expect, test, type Page } from 'playwright/test';
import { hydrated } from './hydration.ts';
import { requestsSent } from './page-checks.ts';

const CONFIRMATION = "Thank you for your inquiry! We'll get back to you within 24 hours.";

async function openForm(page: Page, path: string) {
  await page.goto(path);
  // The form is a React island: wait until it is hydrated before typing.
  await hydrated(page);
  return page.locator('form');
}

/** A form control by its accessible name (the label without the required asterisk). */
const field = (page: Page, label: string) =>
  page
    .locator('form')
    .getByRole(label === 'Inquiry type' ? 'combobox' : 'textbox', { name: label, exact: true });

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await field(page, label).fill(value);
  }
}

for (const path of ['/contact', '/demo']) {
  test.describe(path, () => {
    test('page copy: hero, form heading, sidebar links and enterprise box', async ({ page }) => {
      await openForm(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
      await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^contact@/ })).toHaveAttribute(
        'href',
        /^mailto:/,
      );
      await expect(page.getByRole('link', { name: /555-0142/ })).toHaveAttribute('href', /^tel:/);
      await expect(page.getByText('San Francisco, CA')).toBeVisible();
      await expect(page.getByRole('link', { name: 'San Francisco, CA' })).toHaveCount(0);
      await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Enterprise Customers' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^enterprise@/ })).toHaveAttribute(
        'href',
        /^mailto:enterprise@/,
      );
      await expect(field(page, 'Message')).toHaveAttribute('rows', '6');
      await expect(field(page, 'Inquiry type')).toHaveValue('demo');
      const options = await field(page, 'Inquiry type').locator('option').allTextContents();
      expect(options).toEqual([
        'Request Demo',
        'Sales Inquiry',
        'Technical Support',
        'Partnership',
        'Other',
      ]);
      await expect(page.locator('input[name="website"]')).toBeHidden();
    });

    test('a valid inquiry is stored, confirmed in the page, and the form resets', async ({
      page,
    }) => {
      const form = await openForm(page, path);
      const values = {
        Name: 'Jordan Avery',
        Email: `jordan.avery+${path.slice(1)}@example-pharma.com`,
        Company: 'Example Pharma',
        Role: 'Director of Data Operations',
        Message: 'We would like to see supplier validation against our specialty data contract.',
      };
      await fill(page, values);
      await field(page, 'Inquiry type').selectOption('sales');

      const responsePromise = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/contact') && response.request().method() === 'POST',
      );
      const started = Date.now();
      const button = form.getByRole('button', { name: 'Send Message' });
      await button.click();
      const sending = form.getByRole('button', { name: 'Sending...' });
      await expect(sending).toBeVisible();
      await expect(sending).toBeDisabled();

      const response = await responsePromise;
      expect(response.status()).toBe(201);
      // The form body of the built-in form `contact` (issue 26), rendered from its definition.
      expect(response.request().postDataJSON()).toMatchObject({
        formId: 'contact',
        fields: {
          name: values.Name,
          email: values.Email,
          company: values.Company,
          role: values.Role,
          inquiryType: 'sales',
          message: values.Message,
        },
      });
      expect(await response.json()).toMatchObject({ id: expect.any(String), status: 'received' });

      await expect(page.getByRole('status')).toHaveText(CONFIRMATION);
      expect(Date.now() - started, 'the sending state lasts about a second').toBeGreaterThanOrEqual(
        950,
      );
      await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
      for (const label of Object.keys(values)) {
        await expect(field(page, label)).toHaveValue('');
      }
      await expect(field(page, 'Inquiry type')).toHaveValue('demo');
    });

    test('field errors from the server are shown under their fields and the input is kept', async ({
      page,
    }) => {
      const form = await openForm(page, path);
      // The browser and the shared schema stop such input before sending, so blank the
      // name on the wire to get the server's own 400 answer.
      await page.route('**/api/contact', async (route) => {
        const body = route.request().postDataJSON() as { fields: Record<string, unknown> };
        const fields = { ...body.fields, name: '', company: '' };
        await route.continue({ postData: JSON.stringify({ ...body, fields }) });
      });
      await fill(page, {
        Name: 'Sam Lee',
        Email: 'sam.lee@example-pharma.com',
        Company: 'Example Pharma',
        Message: 'Pricing for 12 suppliers, please.',
      });
      const responsePromise = page.waitForResponse('**/api/contact');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const response = await responsePromise;
      expect(response.status()).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
      expect(body.error.fields['fields.name']).toContain('is required');

      const nameError = form.locator('[data-field-error="name"]');
      await expect(nameError).toHaveText('Name is required.');
      await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.locator('[data-field-error="company"]')).toHaveText('Company is required.');
      await expect(page.getByRole('alert')).toContainText('Please correct the highlighted fields.');
      await expect(page.getByRole('status')).toHaveText('');
      await expect(field(page, 'Email')).toHaveValue('sam.lee@example-pharma.com');
      await expect(field(page, 'Message')).toHaveValue('Pricing for 12 suppliers, please.');
    });

    test('browser-native checks stop an empty or malformed form before sending', async ({
      page,
    }) => {
      const form = await openForm(page, path);
      let posts = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/contact')) posts++;
      });
      await form.getByRole('button', { name: 'Send Message' }).click();
      expect(
        await field(page, 'Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
      ).toBe(true);
      await fill(page, { Name: 'A', Email: 'not-an-email', Company: 'B', Message: 'C' });
      await form.getByRole('button', { name: 'Send Message' }).click();
      expect(
        await field(page, 'Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
      ).toBe(true);
      await requestsSent(page);
      expect(posts).toBe(0);
      await expect(page.getByRole('status')).toHaveText('');
    });
  });
}

test('the pilot form posts formType pilot and confirms', async ({ page }) => {
  const form = await openForm(page, '/pilot');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Own Contracts');
  await fill(page, {
    Name: 'Riley Chen',
    Email: 'riley.chen@example-bio.com',
    Company: 'Example Bio',
  });
  const responsePromise = page.waitForResponse('**/api/contact');
  await form.getByRole('button', { name: 'Start Free Trial' }).click();
  const response = await responsePromise;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    formId: 'pilot-request',
    fields: { name: 'Riley Chen', company: 'Example Bio' },
  });
  await expect(page.getByRole('status')).toContainText('30-day free trial');
  await expect(field(page, 'Name')).toHaveValue('');
});
