// Conversion tracking (docs/requirements.md §7, docs/requirements.md §10 (tracking)): which event each button sends,
// as the API receives it, and nothing at all for visitors sending Global Privacy Control.
import { expect, test, type Page, type Request } from 'playwright/test';
import { hydrated } from './hydration.ts';
import { requestsSent } from './page-checks.ts';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_UA });

interface SentEvent {
  landingPageId: string;
  eventType: string;
  /** The page's `<html lang>`: every page of this site is en-US (issue 39, record 0574). */
  locale?: string;
  metadata?: { source: string };
}

/** Every conversion request the page sends, with the API's answer. */
function recordEvents(page: Page) {
  const events: { body: SentEvent; request: Request }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/conversions' && request.method() === 'POST') {
      events.push({ body: JSON.parse(request.postData() ?? '{}') as SentEvent, request });
    }
  });
  return events;
}

async function ready(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('hero-headline')).toBeVisible();
  await hydrated(page);
}

async function expectEvent(events: { body: SentEvent; request: Request }[], expected: SentEvent) {
  await expect
    .poll(() => events.filter((e) => e.body.eventType === expected.eventType).length)
    .toBe(1);
  const event = events.find((e) => e.body.eventType === expected.eventType)!;
  expect(event.body).toEqual(expected);
  const response = await event.request.response();
  expect(response?.status(), `the API accepted ${expected.eventType}`).toBe(202);
}

test('a page view is sent once on load, with the default page id', async ({ page }) => {
  const events = recordEvents(page);
  await ready(page);
  await expectEvent(events, { landingPageId: 'default', locale: 'en-US', eventType: 'page_view' });
  expect(await page.context().cookies()).toEqual([]);
});

const BUTTONS: { eventType: string; click: (page: Page) => Promise<void> }[] = [
  {
    eventType: 'nav_cta_click',
    click: (page) => page.getByRole('button', { name: 'Contact Us' }).click(),
  },
  {
    eventType: 'hero_primary_cta',
    click: (page) => page.locator('#top').getByRole('button', { name: 'Request Demo' }).click(),
  },
  {
    eventType: 'pricing_contact',
    click: (page) => page.getByRole('button', { name: 'Reach Out for Pricing' }).click(),
  },
  {
    eventType: 'final_cta_secondary',
    click: (page) =>
      page
        .locator('section[aria-labelledby="final-cta-title"]')
        .getByRole('button', { name: 'Contact Sales' })
        .click(),
  },
];

for (const button of BUTTONS) {
  test(`the button sends ${button.eventType}`, async ({ page }) => {
    const events = recordEvents(page);
    await ready(page);
    await button.click(page);
    await expectEvent(events, {
      landingPageId: 'default',
      locale: 'en-US',
      eventType: button.eventType,
    });
    expect(events.map((e) => e.body.eventType).sort()).toEqual(
      [button.eventType, 'page_view'].sort(),
    );
  });
}

test('the final primary button sends final_cta_primary as it opens the dialog', async ({
  page,
}) => {
  const events = recordEvents(page);
  await ready(page);
  await page
    .locator('section[aria-labelledby="final-cta-title"]')
    .getByRole('button', { name: 'Request Demo' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Request Demo' })).toBeVisible();
  await expectEvent(events, {
    landingPageId: 'default',
    locale: 'en-US',
    eventType: 'final_cta_primary',
  });
});

test('a pricing submission sends contact_form_submit with the default page id', async ({
  page,
  request,
}) => {
  const defaultPage = (await (await request.get('/api/landing-pages/default')).json()) as {
    id: string;
  };
  const events = recordEvents(page);
  await ready(page);
  await page.getByRole('button', { name: 'Reach Out for Pricing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Pricing Information' });
  await dialog.getByLabel('Name').fill('Priya Raman');
  await dialog.getByLabel('Email').fill('priya.raman@example-biotech.com');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await expectEvent(events, {
    landingPageId: defaultPage.id,
    locale: 'en-US',
    eventType: 'contact_form_submit',
    metadata: { source: 'pricing_section' },
  });
});

test('the run-time page reports its path as the page id', async ({ page }) => {
  const events = recordEvents(page);
  await ready(page, '/legacy/default');
  await expectEvent(events, {
    landingPageId: 'legacy/default',
    locale: 'en-US',
    eventType: 'page_view',
  });
});

test('a tracking failure changes nothing for the visitor', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // No beacon support, and the fallback fetch fails.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: undefined });
  });
  await page.route('**/api/conversions', (route) => route.abort('failed'));
  await ready(page);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  await expect(page.getByRole('dialog', { name: 'Request Demo' })).toBeVisible();
  await expect.poll(() => errors.some((e) => e.includes('Failed to track conversion'))).toBe(true);
});

for (const [signal, init] of [
  [
    'Global Privacy Control',
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  ],
  [
    'Do Not Track',
    () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
  ],
] as const) {
  test(`no event is sent for visitors sending ${signal}`, async ({ page }) => {
    await page.addInitScript(init);
    const events = recordEvents(page);
    await ready(page);
    // Each dialog is closed once it has opened (it loads on the first click).
    await page.getByRole('button', { name: 'Contact Us' }).click();
    await expect(page.getByRole('dialog', { name: 'Request Demo' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reach Out for Pricing' }).click();
    await expect(page.getByRole('dialog', { name: 'Get Pricing Information' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page
      .locator('section[aria-labelledby="final-cta-title"]')
      .getByRole('button', { name: 'Contact Sales' })
      .click();
    await requestsSent(page);
    expect(events).toEqual([]);
  });
}
