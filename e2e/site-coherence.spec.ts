// One coherent site (issue 15) in the browser: the three-step summaries and /how-it-works
// name the landing page's five steps; interior heroes show a product visual that a phone
// can read; every Request Demo on / opens the dialog, whose instructions go once it is
// sent; the 404 page shows the way back; and the mobile details (deep-dive table, footer
// target size) hold at 390 px.
import { expect, test, type Browser, type Locator, type Page } from 'playwright/test';
import { hydrated } from './hydration.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const FIVE_STEPS = [
  ['Set & Share Requirements', '/deep-dive/set-and-share-requirements'],
  ['Upload, Validate & Verify', '/deep-dive/upload-validate-verify'],
  ['Deterministic Tokenization', '/deep-dive/deterministic-tokenization'],
  ['Patient Mastering & ID Linking', '/deep-dive/patient-mastering-id-linking'],
  ['Deliver & Trust', '/deep-dive/deliver-and-trust'],
] as const;

/** Each element's text with its whitespace collapsed (a step number and its title). */
function texts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
}

async function phonePage(browser: Browser, path: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

for (const path of ['/site', '/product/manufacturers', '/product/suppliers']) {
  test(`${path}: the three steps link to the five steps they summarize, in order`, async ({
    page,
  }) => {
    await page.goto(path);
    const steps = page.locator('#process, #workflow').locator('ol > li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0).getByRole('heading')).toContainText(/Set /);
    await expect(steps.nth(1).getByRole('heading')).toContainText(/Validate /);
    await expect(steps.nth(2).getByRole('heading')).toContainText(/(Receive|Deliver) /);
    const links = page.locator('#process, #workflow').getByTestId('covers').getByRole('link');
    expect(await texts(links)).toEqual(FIVE_STEPS.map(([title], index) => `${index + 1} ${title}`));
    expect(
      await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href'))),
    ).toEqual(FIVE_STEPS.map(([, href]) => href));
    await expect(steps.nth(2)).toContainText('Steps 3-5 of 5');
  });
}

test('/how-it-works says which landing step each of its steps belongs to', async ({ page }) => {
  await page.goto('/how-it-works');
  const steps = page.locator('#steps ol > li');
  await expect(steps).toHaveCount(5);
  const expected = [[0], [0], [1], [1], [2, 3, 4]];
  for (const [index, covered] of expected.entries()) {
    const links = steps.nth(index).locator('p', { hasText: 'Home-page' }).getByRole('link');
    expect(await texts(links)).toEqual(covered.map((n) => `${n + 1} ${FIVE_STEPS[n]![0]}`));
  }
  // docs/requirements.md: step 2 links to the tokenization deep dive.
  await expect(
    steps.nth(1).getByRole('link', { name: 'Learn about deterministic tokenization' }),
  ).toHaveAttribute('href', '/deep-dive/deterministic-tokenization');
  const table = page.locator('#mapping table');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  expect(await texts(table.locator('tbody th'))).toEqual(
    FIVE_STEPS.map(([title], index) => `${index + 1} ${title}`),
  );
  await expect(table.locator('tbody tr').first()).toContainText(
    '1. Upload Contract Requirements; 2. Machine-Readable Rules Generated',
  );
});

const HEROES = [
  ['/product/manufacturers', 'manufacturers'],
  ['/product/suppliers', 'suppliers'],
  ['/product/platform-security', 'platform-security'],
  ['/solutions', 'solutions'],
  ['/how-it-works', 'how-it-works'],
] as const;

for (const [path, name] of HEROES) {
  test(`${path}: the hero shows its product visual beside the text, and a readable crop on a phone`, async ({
    browser,
  }) => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await desktop.newPage();
    await page.goto(path);
    const image = page.getByTestId('hero-visual').locator('img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('alt', /.{40,}/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
      `/screenshots/hero-${name}`,
    );
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const box = await image.boundingBox();
    expect(box!.x, 'the visual fills the right half').toBeGreaterThan(heading!.x + 500);
    expect(box!.width).toBeGreaterThan(500);
    await desktop.close();

    const phone = await phonePage(browser, path);
    const crop = phone.page.getByTestId('hero-visual').locator('img');
    await crop.scrollIntoViewIfNeeded();
    await expect
      .poll(() => crop.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await crop.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      natural: img.naturalWidth,
      width: img.getBoundingClientRect().width,
    }));
    expect(shown.src).toMatch(new RegExp(`/screenshots/hero-${name}-phone\\.webp$`));
    // The crop is a 380 CSS px panel rendered at 2x: shown at 90% or more of that size, its
    // 14 px text stays at least 12.6 px on the phone.
    expect(shown.width / (shown.natural / 2)).toBeGreaterThanOrEqual(0.9);
    expect(shown.width).toBeLessThanOrEqual(390);
    await phone.context.close();
  });
}

test.describe('calls to action on /', () => {
  test.use({ userAgent: BROWSER_UA });

  test('every Request Demo on / opens the contact dialog, none navigates', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Request Demo' })).toHaveCount(0);
    const buttons = page.getByRole('button', { name: 'Request Demo' });
    const count = await buttons.count();
    expect(count, 'the hero and the closing call to action').toBeGreaterThanOrEqual(2);
    for (let index = 0; index < count; index += 1) {
      await buttons.nth(index).click();
      const dialog = page.getByRole('dialog', { name: 'Request Demo' });
      await expect(dialog).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });

  test('the pricing block states the starting price and links to every plan', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await expect(pricing).toContainText('from $2,500/month');
    await expect(pricing.getByRole('link', { name: 'See All Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  test('after a successful submission the form instructions are gone', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page
      .locator('section[aria-labelledby="final-cta-title"]')
      .getByRole('button', { name: 'Request Demo' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Request Demo' });
    const instructions = 'Tell us about your data program';
    await expect(dialog).toContainText(instructions);
    await dialog.getByLabel('Name').fill('Noor Haddad');
    await dialog.getByLabel('Email').fill('noor.haddad@example-biotech.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      "Thank you! We'll get back to you shortly.",
    );
    await expect(dialog).not.toContainText(instructions);
    // The confirmation is what describes the dialog now.
    const describedBy = await dialog.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(
      "Thank you! We'll get back to you shortly.",
    );
  });
});

test('the 404 page keeps its heading and hint and links home, to the products and contact', async ({
  page,
  request,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Where to go next' }).getByRole('link');
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/',
    '/product/manufacturers',
    '/product/suppliers',
    '/product/platform-security',
    '/contact',
  ]);
  for (const href of hrefs) expect((await request.get(href!)).status(), href!).toBe(200);
});

test('at 390 px the Before and After sample stacks into cards and nothing is cut off', async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser, '/deep-dive/deterministic-tokenization');
  await expect(page.getByTestId('deep-dive-media')).toBeHidden();
  const cards = page.getByTestId('deep-dive-media-cards').locator('li');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Delivered token');
  await expect(cards.first()).toContainText('tok_8f3a…c21e');
  const overflow = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('[data-testid="deep-dive-media-cards"] dd')) {
      const box = el.getBoundingClientRect();
      if (box.right > window.innerWidth || el.scrollWidth > el.clientWidth)
        out.push(el.textContent ?? '');
    }
    return { out, page: document.documentElement.scrollWidth };
  });
  expect(overflow.out).toEqual([]);
  expect(overflow.page).toBeLessThanOrEqual(390);
  await context.close();
});

test('at 1280 px the Before and After table shows every column without scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/deep-dive/deterministic-tokenization');
  const region = page.getByTestId('deep-dive-media');
  await expect(region).toBeVisible();
  await expect(region.locator('th')).toHaveCount(3);
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

async function footerLinkHeights(page: Page): Promise<{ label: string; height: number }[]> {
  return page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => ({
        label: link.textContent?.trim() ?? '',
        height: link.getBoundingClientRect().height,
      })),
    );
}

test('footer links are at least 24 px tall at 1280 and 390 px (WCAG 2.2 target size)', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pricing');
  const desktop = await footerLinkHeights(page);
  const phone = await phonePage(browser, '/pricing');
  const mobile = await footerLinkHeights(phone.page);
  await phone.context.close();
  for (const links of [desktop, mobile]) {
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((link) => link.height < 24)).toEqual([]);
  }
});

test('the leadership grid starts with the chief executive', async ({ page }) => {
  await page.goto('/company');
  await expect(page.locator('#leadership li').first()).toContainText('Chief Executive Officer');
});
