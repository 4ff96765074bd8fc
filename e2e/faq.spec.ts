// The two FAQ pages: the static one (/resources/faq, four groups, items independent) and
// the content-driven one (/faq, one item open at a time). The not-found fallback of /faq
// is covered by site/components/faq/faq-content.test.ts.
import { expect, test, type Page } from 'playwright/test';
import { axeViolations } from './page-checks.ts';

const GROUPS = [
  'Platform & Security',
  'Integration & Implementation',
  'Pricing & Plans',
  'Data Quality & Validation',
];

async function jsonLd(page: Page): Promise<{ '@type': string; mainEntity: { name: string }[] }> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? '{}');
}

for (const path of ['/resources/faq', '/site/resources/faq']) {
  test(`${path}: four groups of three questions that open independently`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Resources FAQ: .+ \| PharmaBridge$/);
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/resources\/faq$/);

    const groups = page.getByTestId('faq-group');
    await expect(groups.getByRole('heading', { level: 2 })).toHaveText(GROUPS);
    for (let index = 0; index < GROUPS.length; index += 1) {
      await expect(groups.nth(index).locator('details')).toHaveCount(3);
    }

    const items = page.locator('main details');
    await items.nth(0).locator('summary').click();
    await items.nth(4).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(4)).toHaveAttribute('open', '');
    await expect(items.nth(0).locator('p')).toBeVisible();
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await expect(items.nth(4)).toHaveAttribute('open', '');

    // Keyboard: Enter on a focused question toggles it.
    await items.nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');

    await expect(page.getByRole('heading', { name: 'Still Have Questions?' })).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main.getByRole('link', { name: 'Request Demo' })).toHaveAttribute('href', '/demo');

    const data = await jsonLd(page);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(12);
  });
}

test('/faq: breadcrumb, back link and a single-open accordion of the landing FAQ', async ({
  page,
  request,
}) => {
  const api = await (await request.get('/api/landing-pages/default')).json();
  const faq = api.content.faq as {
    headline: string;
    subheadline: string;
    items: { question: string }[];
  };
  expect(faq.items.length).toBeGreaterThan(1);

  expect((await page.goto('/faq'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(faq.headline);
  await expect(page.locator('main')).toContainText(faq.subheadline);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByText('FAQs')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  const items = page.getByTestId('faq-accordion').locator('details');
  await expect(items.locator('summary')).toHaveText(faq.items.map((item) => item.question));
  await items.nth(0).locator('summary').click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await items.nth(1).locator('summary').click();
  await expect(items.nth(1)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open', '');
  await expect(page.locator('main details[open]')).toHaveCount(1);
  // Keyboard opens another and closes the first.
  await items.nth(2).locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await expect(page.locator('main details[open]')).toHaveCount(1);
  await items.nth(2).locator('summary').click();
  await expect(page.locator('main details[open]')).toHaveCount(0);
});

test('/faq sets its title, description, Open Graph tags and FAQPage data', async ({ page }) => {
  await page.goto('/faq');
  await expect(page).toHaveTitle(/PharmaBridge/);
  const description = await page.locator('meta[name=description]').getAttribute('content');
  expect(description?.length).toBeGreaterThan(20);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    await page.title(),
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    description!,
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/faq$/);
  const data = await jsonLd(page);
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity.length).toBe(await page.locator('main details').count());
});

test('the FAQ pages ship no JavaScript but the site-wide tracking script', async ({ page }) => {
  for (const path of ['/faq', '/resources/faq']) {
    await page.goto(path);
    await expect(
      page.locator('script:not([type="application/ld+json"]):not([src*="/SiteTracking.astro_"])'),
    ).toHaveCount(0);
  }
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test(`axe finds no violation on the FAQ and resources pages (${label})`, async ({ browser }) => {
    // Several full axe runs in one test.
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const opened: string[] = [];
    for (const path of ['/faq', '/resources/faq', '/resources/docs', '/resources/case-studies']) {
      await page.goto(path);
      // The pages as they load are checked by e2e/site-quality.spec.ts (every sitemap page
      // at both widths); here an item is opened and its answer is checked.
      const summary = page.locator('main details summary').first();
      if ((await summary.count()) === 0) continue;
      await summary.click();
      await expect(page.locator('main details[open]').first()).toBeVisible();
      opened.push(path);
      const violations = await axeViolations(page, { include: ['main details[open]'] });
      expect(violations.map((violation) => `${path} ${violation}`)).toEqual([]);
    }
    expect(opened, 'the FAQ pages have items to open').toEqual(
      expect.arrayContaining(['/faq', '/resources/faq']),
    );
    await context.close();
  });
}

test('the resources pages render at both paths with their canonical URL', async ({ page }) => {
  for (const [path, heading] of [
    ['/resources/docs', 'Documentation'],
    ['/site/resources/docs', 'Documentation'],
    ['/resources/case-studies', 'Case Studies'],
    ['/site/resources/case-studies', 'Case Studies'],
  ] as const) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      new RegExp(`${path.replace('/site', '')}$`),
    );
  }
  await page.goto('/resources/docs');
  await expect(page.getByTestId('rate-limit')).toContainText('10K requests per minute');
  await page.goto('/resources/case-studies');
  await expect(page.getByTestId('case-study')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('85%');
});
