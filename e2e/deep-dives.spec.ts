// Deep dives: every page and alias renders the shared layout with its eyebrow and
// buttons; aliases point their canonical URL at /deep-dive/...; links resolve.
import { expect, test, type Page } from 'playwright/test';

interface Expectation {
  slug: string;
  alias?: string;
  eyebrow: 'Manufacturer' | 'Supplier' | 'Platform';
  title: string;
  closing: { label: string; href: string };
}

const DEEP_DIVES: Expectation[] = [
  {
    slug: 'set-and-share-requirements',
    alias: '/foundations/set-and-share-requirements',
    eyebrow: 'Manufacturer',
    title: 'Set & Share Requirements',
    closing: { label: 'Talk to sales', href: '/contact' },
  },
  {
    slug: 'upload-validate-verify',
    alias: '/workflow/upload-validate-verify',
    eyebrow: 'Supplier',
    title: 'Upload, Validate & Verify',
    closing: { label: 'Start pilot', href: '/pilot' },
  },
  {
    slug: 'deterministic-tokenization',
    alias: '/security/deterministic-tokenization',
    eyebrow: 'Platform',
    title: 'Deterministic Tokenization',
    closing: { label: 'Request Demo', href: '/demo' },
  },
  {
    slug: 'patient-mastering-id-linking',
    alias: '/identity/patient-mastering-id-linking',
    eyebrow: 'Platform',
    title: 'Patient Mastering & ID Linking',
    closing: { label: 'Talk to sales', href: '/contact' },
  },
  {
    slug: 'deliver-and-trust',
    alias: '/delivery/deliver-and-trust',
    eyebrow: 'Manufacturer',
    title: 'Deliver & Trust',
    closing: { label: 'Book a demo', href: '/demo' },
  },
  {
    slug: 'encryption-at-rest',
    eyebrow: 'Platform',
    title: 'Encryption at Rest',
    closing: { label: 'Contact us', href: '/contact' },
  },
  {
    slug: 'secure-data-transit',
    eyebrow: 'Platform',
    title: 'Secure Data Transit',
    closing: { label: 'Contact us', href: '/contact' },
  },
  {
    slug: 'audit-logging',
    eyebrow: 'Platform',
    title: 'Audit Logging',
    closing: { label: 'Request Demo', href: '/demo' },
  },
  {
    slug: 'tenant-isolation',
    eyebrow: 'Platform',
    title: 'Tenant Isolation',
    closing: { label: 'Contact us', href: '/contact' },
  },
];

async function expectDeepDive(page: Page, path: string, dive: Expectation) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByTestId('deep-dive-eyebrow')).toHaveText(dive.eyebrow);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dive.title);
  const heroButtons = page.getByTestId('deep-dive-actions').getByRole('link');
  expect(await heroButtons.count()).toBeGreaterThanOrEqual(1);
  expect(await heroButtons.count()).toBeLessThanOrEqual(2);
  const closing = page.getByTestId('deep-dive-closing').getByRole('link');
  await expect(closing).toHaveText(dive.closing.label);
  await expect(closing).toHaveAttribute('href', dive.closing.href);
  await expect(page.getByTestId('deep-dive-media')).toBeVisible();
  await expect(page.locator('ol li')).not.toHaveCount(0);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`/deep-dive/${dive.slug}$`),
  );
}

for (const dive of DEEP_DIVES) {
  test(`/deep-dive/${dive.slug} renders the shared layout`, async ({ page }) => {
    await expectDeepDive(page, `/deep-dive/${dive.slug}`, dive);
  });
  if (dive.alias) {
    test(`${dive.alias} renders the same deep dive, canonical /deep-dive/${dive.slug}`, async ({
      page,
    }) => {
      await expectDeepDive(page, dive.alias!, dive);
    });
  }
}

test('set & share requirements links to the demo and a real spec template PDF', async ({
  page,
  request,
}) => {
  await page.goto('/deep-dive/set-and-share-requirements');
  const buttons = page.getByTestId('deep-dive-actions').getByRole('link');
  await expect(buttons.nth(0)).toHaveAttribute('href', '/demo');
  const pdfLink = buttons.nth(1);
  await expect(pdfLink).toHaveAttribute('href', '/downloads/pharmabridge-spec-template.pdf');
  await expect(pdfLink).toHaveAttribute('download', 'pharmabridge-spec-template.pdf');
  const pdf = await request.get('/downloads/pharmabridge-spec-template.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = body.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBeGreaterThanOrEqual(2);
  expect(pages.length).toBeLessThanOrEqual(4);
});

test('upload, validate & verify previews the supplier portal screenshot', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/deep-dive/upload-validate-verify');
  const image = page.getByTestId('deep-dive-media').getByRole('img');
  await expect(image).toHaveAttribute('src', '/screenshots/supplier-portal.png');
  // The loaded file: the full-size WebP on a desktop, the 800 px one on a phone.
  const loaded = () =>
    image.evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : null,
    );
  await image.scrollIntoViewIfNeeded();
  await expect.poll(loaded).toBe('/screenshots/supplier-portal.webp');
  // A fresh context: with the large file in its cache, a browser may reuse it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto('/deep-dive/upload-validate-verify');
    const phoneImage = phonePage.getByTestId('deep-dive-media').getByRole('img');
    await phoneImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        phoneImage.evaluate((img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : null,
        ),
      )
      .toBe('/screenshots/supplier-portal-800.webp');
  } finally {
    await phone.close();
  }
  for (const file of ['supplier-portal.webp', 'supplier-portal-800.webp']) {
    const webp = await request.get(`/screenshots/${file}`);
    expect(webp.headers()['content-type']).toBe('image/webp');
  }
});

test('deterministic tokenization has two questions that open independently', async ({ page }) => {
  await page.goto('/deep-dive/deterministic-tokenization');
  const items = page.getByTestId('deep-dive-faq-item');
  await expect(items).toHaveCount(2);
  await items.nth(0).locator('summary').click();
  await items.nth(1).locator('summary').click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(items.nth(1)).toHaveAttribute('open', '');
  await items.nth(0).locator('summary').click();
  await expect(items.nth(0)).not.toHaveAttribute('open', '');
  await expect(items.nth(1)).toHaveAttribute('open', '');
});

test('patient mastering lists the linking options', async ({ page }) => {
  await page.goto('/deep-dive/patient-mastering-id-linking');
  const options = page.getByTestId('deep-dive-options');
  for (const option of ['Master patient index', 'Clean rooms', 'Network tokens']) {
    await expect(options.getByRole('heading', { name: option })).toBeVisible();
  }
});

test('every internal link on the deep dives resolves, and they ship no JavaScript', async ({
  page,
  request,
}) => {
  const hrefs = new Set<string>();
  for (const dive of DEEP_DIVES) {
    await page.goto(`/deep-dive/${dive.slug}`);
    // Deep dives have no island: no JavaScript beyond their structured data and the
    // site-wide tracking script (e2e/site-tracking.spec.ts).
    await expect(
      page.locator('script:not([type="application/ld+json"]):not([src*="/SiteTracking.astro_"])'),
    ).toHaveCount(0);
    for (const href of await page
      .locator('main a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
      hrefs.add(href.split('#')[0]!);
    }
  }
  expect(hrefs.size).toBeGreaterThan(5);
  for (const href of hrefs) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

// Axe at desktop and 390 px runs on every deep dive in e2e/site-quality.spec.ts, which checks
// every page of the sitemap (the /deep-dive/... pages are listed there).
