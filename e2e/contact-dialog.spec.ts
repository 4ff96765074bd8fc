// The contact dialog over the landing page (docs/requirements.md §2 "Contact dialog", docs/requirements.md §10
// Forms and leads): both types from every opener, success, failure, keyboard, axe; loaded
// only on demand, and a click made while it loads is never lost.
import { expect, test, type Page, type Route } from 'playwright/test';
import { hydrated } from './hydration.ts';
import { expectNoAxeViolations, motionEnded, requestsSent } from './page-checks.ts';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_UA });

const GENERAL = 'Request Demo';
const PRICING = 'Get Pricing Information';

const OPENERS: { name: string; open: (page: Page) => Promise<void>; title: string }[] = [
  {
    name: 'nav Contact Us',
    title: GENERAL,
    open: (page) =>
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Contact Us' })
        .click(),
  },
  {
    name: 'hero primary button',
    title: GENERAL,
    open: (page) => page.locator('#top').getByRole('button', { name: 'Request Demo' }).click(),
  },
  {
    name: 'features See it in action',
    title: GENERAL,
    open: (page) => page.getByRole('button', { name: 'See it in action' }).click(),
  },
  {
    name: 'final primary button',
    title: GENERAL,
    open: (page) =>
      page
        .locator('section[aria-labelledby="final-cta-title"]')
        .getByRole('button', { name: 'Request Demo' })
        .click(),
  },
  {
    name: 'final secondary button',
    title: GENERAL,
    open: (page) =>
      page
        .locator('section[aria-labelledby="final-cta-title"]')
        .getByRole('button', { name: 'Contact Sales' })
        .click(),
  },
  {
    name: 'pricing Reach Out for Pricing',
    title: PRICING,
    open: (page) => page.getByRole('button', { name: 'Reach Out for Pricing' }).click(),
  },
];

async function ready(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('hero-headline')).toBeVisible();
  await hydrated(page);
}

for (const opener of OPENERS) {
  test(`the ${opener.name} opens the dialog titled ${opener.title}`, async ({ page }) => {
    await ready(page);
    await opener.open(page);
    const dialog = page.getByRole('dialog', { name: opener.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Company')).toBeVisible();
    await expect(dialog.getByLabel('Message')).toHaveAttribute('rows', '4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test('Escape and the close icon dismiss it; focus returns to the opener', async ({ page }) => {
  await ready(page);
  const opener = page.getByRole('button', { name: 'Reach Out for Pricing' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: PRICING });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('focus is trapped inside the dialog', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: GENERAL });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
});

test('the form requires a name and a valid email, beside each field, before anything is sent', async ({
  page,
}) => {
  await ready(page);
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact')) posted++;
  });
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: GENERAL });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // The form's own checks, never the browser's bubble (docs/decisions/0402-inline-errors-for-every-check.md).
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill('Dana Whitfield');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Email must be a valid email address.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Name is required.')).toHaveCount(0);
  await requestsSent(page);
  expect(posted).toBe(0);
});

for (const [type, opener, title, success] of [
  ['general', 'Contact Us', GENERAL, "Thank you! We'll get back to you shortly."],
  [
    'pricing',
    'Reach Out for Pricing',
    PRICING,
    "Thank you! We'll get back to you shortly with pricing information.",
  ],
] as const) {
  test(`a ${type} submission is stored, shows success, then closes and clears after 2 s`, async ({
    page,
  }) => {
    await ready(page);
    await page.getByRole('button', { name: opener }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('Name').fill('Dana Whitfield');
    await dialog.getByLabel('Email').fill('dana.whitfield@example-pharma.com');
    await dialog.getByLabel('Company').fill('Example Pharma');
    await dialog.getByLabel('Message').fill('We manage 14 specialty pharmacy suppliers.');

    // Hold the answer to see the submitting state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    const posted = page.waitForRequest('**/api/contact');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const request = await posted;
    // The form body of the dialog's built-in form (issue 26).
    expect(request.postDataJSON()).toEqual({
      formId: type === 'general' ? 'demo-request' : 'pricing-request',
      fields: {
        name: 'Dana Whitfield',
        email: 'dana.whitfield@example-pharma.com',
        company: 'Example Pharma',
        message: 'We manage 14 specialty pharmacy suppliers.',
      },
      landingPageId: 'default',
      website: '',
      // The locale of the definition shown (issue 39): the English page's.
      locale: 'en-US',
    });
    release();
    const response = await request.response();
    expect(response?.status()).toBe(201);

    await expect(dialog.getByRole('status')).toHaveText(success);
    const shownAt = Date.now();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

    await page.getByRole('button', { name: opener }).click();
    await expect(page.getByRole('dialog', { name: title }).getByLabel('Name')).toHaveValue('');
    await expect(page.getByRole('dialog', { name: title }).getByLabel('Message')).toHaveValue('');
  });
}

test('a failed submission keeps the input, shows the error and can be retried', async ({
  page,
}) => {
  await ready(page);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: GENERAL });
  await dialog.getByLabel('Name').fill('Dana Whitfield');
  await dialog.getByLabel('Email').fill('dana.whitfield@example-pharma.com');
  await dialog.getByLabel('Message').fill('Please call me back.');

  let attempts = 0;
  await page.route('**/api/contact', async (route) => {
    attempts++;
    if (attempts === 1) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'down' } }),
      });
    } else if (attempts === 2) {
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'Invalid request: name must be on one line',
            fields: { name: ['must be on one line'] },
          },
        }),
      });
    } else {
      await route.continue();
    }
  });

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('We could not send your request');
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await expect(dialog.getByLabel('Name')).toHaveValue('Dana Whitfield');
  await expect(dialog.getByLabel('Message')).toHaveValue('Please call me back.');

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please correct the highlighted fields');
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Name must be on one line.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText("Thank you! We'll get back to you shortly.");
  expect(attempts).toBe(3);
});

test('a rate-limited submission shows the server message', async ({ page }) => {
  await ready(page);
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '420' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'rate_limited',
          message: 'Too many submissions from your network; please try again in 7 minutes.',
        },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: GENERAL });
  await dialog.getByLabel('Name').fill('Dana Whitfield');
  await dialog.getByLabel('Email').fill('dana.whitfield@example-pharma.com');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Too many submissions from your network; please try again in 7 minutes.',
  );
});

for (const title of [GENERAL, PRICING]) {
  test(`axe finds no violation with the ${title} dialog open`, async ({ browser }) => {
    const context = await browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    await ready(page);
    await page
      .getByRole('button', { name: title === PRICING ? 'Reach Out for Pricing' : 'Contact Us' })
      .click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await motionEnded(page);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

test('the dialog also works on a run-time /legacy page', async ({ page }) => {
  await ready(page, '/legacy/default');
  await page.getByRole('button', { name: 'Reach Out for Pricing' }).click();
  await expect(page.getByRole('dialog', { name: PRICING })).toBeVisible();
});

/** The dialog's module (landing-behavior.ts imports it on demand). */
const DIALOG_CHUNK = /\/_astro\/dialog-host\.[\w-]+\.js$/;

/** Holds the dialog's module until `release` is called. */
async function holdDialogChunk(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(DIALOG_CHUNK, async (route: Route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, requested: () => requested };
}

test('the first page load fetches no React: the dialog loads when an opener is reached', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const atLoad = [...scripts];
  expect(atLoad.length).toBeGreaterThan(0);
  expect(atLoad.some((path) => DIALOG_CHUNK.test(path))).toBe(false);
  // React's element marker is in React itself and in every module compiled against it.
  for (const path of atLoad) {
    const source = await (await page.request.get(path)).text();
    expect(source, path).not.toMatch(/react\.(transitional\.)?element/);
  }

  // Pointing at an opener fetches the dialog, which does bring React.
  await page.locator('#top').getByRole('button', { name: 'Request Demo' }).hover();
  await expect.poll(() => scripts.some((path) => DIALOG_CHUNK.test(path))).toBe(true);
  await page.waitForLoadState('networkidle');
  const onDemand = scripts.filter((path) => !atLoad.includes(path));
  const sources = await Promise.all(
    onDemand.map(async (path) => (await page.request.get(path)).text()),
  );
  expect(sources.some((source) => /react\.transitional\.element/.test(source))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a click made before the dialog has loaded opens it once it arrives', async ({ page }) => {
  const conversions: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/conversions') {
      conversions.push((JSON.parse(request.postData() ?? '{}') as { eventType: string }).eventType);
    }
  });
  const chunk = await holdDialogChunk(page);
  await ready(page);
  await page.locator('#top').getByRole('button', { name: 'Request Demo' }).click();
  await expect.poll(chunk.requested).toBe(true);
  // The click is counted at once, while the dialog is still on its way.
  await expect.poll(() => conversions).toContain('hero_primary_cta');
  // A second click, on the pricing button, while it still loads: the latest click wins.
  const pricing = page.getByRole('button', { name: 'Reach Out for Pricing' });
  await pricing.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  chunk.release();
  const dialog = page.getByRole('dialog', { name: PRICING });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pricing).toBeFocused();
});

test('Tab reaches an opener, Enter opens the dialog, Escape closes it', async ({ page }) => {
  await ready(page);
  // The skip link first, then the brand, the three links and Contact Us.
  const contact = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Contact Us' });
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    if (await contact.evaluate((button) => button === document.activeElement)) break;
  }
  await expect(contact).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: GENERAL });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(contact).toBeFocused();
});

test('when the dialog cannot be loaded, the opener leads to the contact page', async ({ page }) => {
  await page.route(DIALOG_CHUNK, (route) => route.abort('failed'));
  await ready(page);
  await page.locator('#top').getByRole('button', { name: 'Request Demo' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('when the form cannot be loaded, the dialog says so and gives the address', async ({
  page,
}) => {
  let failing = true;
  await page.route('**/api/forms/*', (route) =>
    failing ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
  );
  await ready(page);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: GENERAL });
  await expect(dialog.getByRole('alert')).toContainText('We could not load this form');
  await expect(dialog.getByRole('link', { name: 'contact@pharmabridge.com' })).toHaveAttribute(
    'href',
    'mailto:contact@pharmabridge.com',
  );
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The next opening asks again.
  failing = false;
  await page.getByRole('button', { name: 'Contact Us' }).click();
  await expect(dialog.getByLabel('Name')).toBeFocused();
});

test("the dialog asks for its form's definition while its module loads", async ({ page }) => {
  const chunk = await holdDialogChunk(page);
  const forms: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/forms/')) forms.push(pathname);
  });
  await ready(page);
  await page.getByRole('button', { name: 'Reach Out for Pricing' }).click();
  await expect.poll(chunk.requested).toBe(true);
  await expect.poll(() => forms).toContain('/api/forms/pricing-request');
  chunk.release();
  await expect(page.getByRole('dialog', { name: PRICING }).getByLabel('Name')).toBeFocused();
});
