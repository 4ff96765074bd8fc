// The dynamic landing page at /, /legacy and /legacy/{slug} (docs/requirements.md §2, docs/requirements.md §10
// Routes and Publishing).
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { hydrated } from './hydration.ts';
import { expectNoAxeViolations, motionEnded } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_UA });

const NOT_FOUND = 'Landing page not found. Please check the URL or try again later.';

/** Page changes need the administrator the e2e server creates at start-up. */
async function adminRequest(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  return request;
}

async function createPage(
  request: APIRequestContext,
  body: { title: string; slug: string; isActive: boolean },
) {
  const api = await adminRequest(request);
  const response = await api.post('/api/landing-pages', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; slug: string };
}

const uniqueSlug = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function sectionIds(page: Page) {
  return page
    .locator('main > section')
    .evaluateAll((sections) => sections.map((s) => s.id || s.getAttribute('aria-labelledby')));
}

test('/ shows the default page with its nine sections in order', async ({ page, request }) => {
  const api = await (await request.get('/api/landing-pages/default')).json();
  const content = api.content;
  await page.goto('/');
  await expect(page).toHaveTitle(/PharmaBridge/);

  // 1. Navigation: brand, Platform, FAQs, Pricing, Contact Us.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toContainText(content.brand.name);
  await expect(nav.getByRole('link', { name: 'Platform' })).toHaveAttribute('href', '#features');
  await expect(nav.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faq');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
  await expect(nav.getByRole('button', { name: 'Contact Us' })).toBeVisible();

  // 2-8 in order, then 9. the footer.
  expect(await sectionIds(page)).toEqual([
    'top',
    'how-it-works',
    'features',
    'supplier-features',
    'benefits',
    'pricing',
    'final-cta-title',
  ]);
  await expect(page.getByTestId('hero-headline')).toContainText(content.hero.headline);
  await expect(page.getByTestId('hero-headline')).toContainText(content.hero.highlight);
  await expect(page.getByRole('button', { name: content.hero.primaryCTA }).first()).toBeVisible();
  for (const feature of content.hero.features) {
    await expect(page.locator('#top').getByText(feature)).toBeVisible();
  }
  await expect(page.locator('#top img')).toHaveAttribute('width', '1600');

  const steps = page.locator('#how-it-works li');
  await expect(steps).toHaveCount(5);
  const expected = [
    ['Manufacturer', 'Set & Share Requirements', '/deep-dive/set-and-share-requirements'],
    ['Supplier', 'Upload, Validate & Verify', '/deep-dive/upload-validate-verify'],
    ['Platform', 'Deterministic Tokenization', '/deep-dive/deterministic-tokenization'],
    ['Platform', 'Patient Mastering & ID Linking', '/deep-dive/patient-mastering-id-linking'],
    ['Manufacturer', 'Deliver & Trust', '/deep-dive/deliver-and-trust'],
  ];
  for (const [index, [role, title, href]] of expected.entries()) {
    const step = steps.nth(index);
    await expect(step).toContainText(role!);
    await expect(step.getByRole('heading', { level: 3 })).toHaveText(title!);
    await expect(step.getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', href!);
    expect((await request.get(href!)).status(), `${href} is a real page`).toBe(200);
  }
  // Role badges: Manufacturer blue, Supplier green, Platform purple.
  await expect(steps.nth(0).getByText('Manufacturer', { exact: true })).toHaveClass(/blue/);
  await expect(steps.nth(1).getByText('Supplier', { exact: true })).toHaveClass(/green/);
  await expect(steps.nth(2).getByText('Platform', { exact: true })).toHaveClass(/purple/);

  const features = page.locator('#features');
  for (const title of [
    'Contract Management & Setup',
    'Contract-Driven Schema Enforcement',
    'Exception Management',
  ]) {
    await expect(features.getByRole('img', { name: `Screenshot: ${title}` })).toHaveAttribute(
      'loading',
      'lazy',
    );
  }
  await expect(features.locator('ul > li')).toHaveCount(3);
  await expect(features.getByRole('button', { name: 'See it in action' })).toBeVisible();

  const supplier = page.locator('#supplier-features');
  await expect(supplier).toContainText('Validated data at the source');
  await expect(supplier).toContainText('Data Restatements & Write-Back Reports');
  await expect(supplier.getByRole('link', { name: 'View supplier portal' })).toBeVisible();

  const benefits = page.locator('#benefits li');
  await expect(benefits).toHaveCount(content.benefits.items.length);
  await expect(benefits.first()).toContainText(content.benefits.card_signature);

  await expect(page.locator('#pricing h2')).toHaveText(content.pricing.headline);
  await expect(page.getByRole('button', { name: 'Reach Out for Pricing' })).toBeVisible();

  const final = page.locator('section[aria-labelledby="final-cta-title"]');
  await expect(final.getByRole('button', { name: content.finalCTA.primaryCTA })).toBeVisible();
  await expect(final.getByRole('button', { name: content.finalCTA.secondaryCTA })).toBeVisible();
  for (const text of content.finalCTA.features) await expect(final).toContainText(text);

  await expect(page.getByRole('contentinfo')).toContainText('2025');
});

test('the page runs without console errors or warnings, the dialog included', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the content is in the HTML and visible without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  await expect(page.locator('#pricing h2')).toBeVisible();
  await page.locator('#benefits').scrollIntoViewIfNeeded();
  await expect(page.locator('#benefits li').first()).toBeVisible();
  expect(await page.locator('[data-revealed]').count()).toBe(0);
  await context.close();
});

test('sections below the fold animate in once when scrolled into view', async ({ page }) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  await expect(pricing).toHaveAttribute('data-revealed', 'false');
  // The hero is on screen at load: it is never hidden.
  await expect(page.locator('#top')).not.toHaveAttribute('data-revealed', /.*/);
  await pricing.scrollIntoViewIfNeeded();
  await expect(pricing).toHaveAttribute('data-revealed', 'true');
  await expect(pricing.locator('h2')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(pricing).toHaveAttribute('data-revealed', 'true');
});

test('nothing animates for visitors who prefer reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('hero-headline')).toBeVisible();
  // Once the page's script has run (and the dialog opens), no section may have been hidden.
  await hydrated(page);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.locator('[data-revealed]').count()).toBe(0);
  await context.close();
});

test('/legacy shows the default page fetched at run time', async ({ page }) => {
  const response = await page.goto('/legacy');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('hero-headline')).toBeVisible();
  await expect(page.locator('#pricing')).toBeAttached();
});

test('/legacy/{slug} shows skeletons, then the live content of an active page', async ({
  page,
  request,
}) => {
  const slug = uniqueSlug('spring-campaign');
  await createPage(request, { title: 'Spring campaign', slug, isActive: true });
  // Hold the API answer so the loading state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/landing-pages/${slug}`, async (route) => {
    await held;
    await route.continue();
  });
  // Live at once, before any rebuild: the server asks the store (issue 33: 200, not a 404).
  expect((await page.goto(`/legacy/${slug}`))?.status()).toBe(200);
  await expect(page.getByTestId('landing-skeleton')).toBeVisible();
  release();
  // A new page has placeholder content and no supplier block (docs/requirements.md §2, §3).
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Your Platform');
  await expect(page.getByTestId('hero-headline')).toContainText('Transform Your Business');
  await expect(page.getByTestId('landing-skeleton')).toHaveCount(0);
  await expect(page.locator('#supplier-features')).toHaveCount(0);
  await expect(page.locator('#how-it-works li')).toHaveCount(5);
  // The placeholder final call to action has no primary label: only the secondary button.
  const final = page.locator('section[aria-labelledby="final-cta-title"]');
  await expect(final.getByRole('button')).toHaveCount(1);
  await expect(final.getByRole('button', { name: 'Contact Us' })).toBeVisible();
});

test('/legacy/{slug} of a missing page is a 404 that says it was not found', async ({ page }) => {
  // Issue 33: it answered 200. The shell comes with status 404 and says what the view says.
  const response = await page.goto('/legacy/no-such-landing-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
});

test('an inactive page is not shown to visitors', async ({ browser, request }) => {
  const slug = uniqueSlug('paused-campaign');
  await createPage(request, { title: 'Paused campaign', slug, isActive: false });
  // A fresh context: no administrator session, like any visitor.
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  expect((await page.goto(`/legacy/${slug}`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await expect(page.getByTestId('hero-headline')).toHaveCount(0);
  expect((await page.goto(`/${slug}`))?.status()).toBe(404);
  await context.close();
});

test('a failing API shows the not-found text instead of a broken page', async ({ page }) => {
  await page.route('**/api/landing-pages/default', (route) =>
    route.fulfill({ status: 500, body: 'upstream failure' }),
  );
  await page.goto('/legacy/default');
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
});

const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

for (const [path, size] of [
  ['/', 'desktop'],
  ['/', 'mobile'],
  ['/legacy/default', 'desktop'],
  ['/legacy/no-such-landing-page', 'desktop'],
] as const) {
  test(`axe finds no violation on ${path} (${size})`, async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: BROWSER_UA,
      ...(size === 'mobile' ? MOBILE : {}),
    });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    // Reveal every section first so contrast is checked on what visitors see: once the page's
    // script has run (it hides what is below the fold), each hidden section is scrolled to and
    // waited for until it says it is revealed (a loaded machine may skip past a section between
    // two observer reports), then the fades it started ended.
    await hydrated(page);
    const hidden = page.locator('[data-revealed="false"]');
    for (let left = await hidden.count(); left > 0; left = await hidden.count()) {
      const section = await hidden.first().elementHandle();
      await section?.scrollIntoViewIfNeeded();
      await page.waitForFunction((element) => element?.dataset['revealed'] === 'true', section);
    }
    await motionEnded(page);
    // Nothing may overflow sideways (the landing nav has to fit a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );
    if (path === '/')
      await reviewShot(page, { path: test.info().outputPath(`${size}.png`), fullPage: false });
    await expectNoAxeViolations(page);
    await context.close();
  });
}
