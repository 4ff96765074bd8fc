import { expect, test } from 'playwright/test';
import { expectNoAxeViolations } from './page-checks.ts';

test('home renders the default landing page hero from the store', async ({ page, request }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // The hero comes from the seeded `default` page (content/landing-template.json).
  const api = await (await request.get('/api/landing-pages/default')).json();
  await expect(page.getByTestId('hero-headline')).toContainText(api.content.hero.headline);
  await expect(page).toHaveTitle(/PharmaBridge/);
  // The landing page has its own navigation (docs/requirements.md §2 "Dynamic landing page").
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQs' }),
  ).toHaveAttribute('href', '/faq');
});

test('unknown paths get the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test("the 404 page's own address is a 404 too (issue 33: /404 answered 200)", async ({ page }) => {
  for (const path of ['/404', '/404.html']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  }
});

test('the API health check answers through the same server', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('static responses follow the CDN rules', async ({ request }) => {
  const home = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(home.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(home.headers()['content-encoding']).toBe('br');
  const html = await home.text();
  const asset = html.match(/\/_astro\/[^"']+\.css/)?.[0];
  expect(asset, 'a hashed stylesheet is linked').toBeTruthy();
  const css = await request.get(asset!);
  expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const again = await request.get('/', { headers: { 'if-none-match': home.headers()['etag']! } });
  expect(again.status()).toBe(304);
  // Issue 33: no other site shares a browsing context group with ours or loads our files.
  for (const response of [home, css, await request.get('/api/health')]) {
    expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers()['cross-origin-resource-policy']).toBe('same-origin');
  }
});

test('the spec template PDF is served in byte ranges (issue 33: Range was ignored)', async ({
  request,
}) => {
  const path = '/downloads/pharmabridge-spec-template.pdf';
  const whole = await request.get(path);
  expect(whole.status()).toBe(200);
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const bytes = await whole.body();
  const part = await request.get(path, { headers: { range: 'bytes=1024-2047' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 1024-2047/${bytes.length}`);
  expect((await part.body()).equals(bytes.subarray(1024, 2048))).toBe(true);
  const past = await request.get(path, { headers: { range: `bytes=${bytes.length}-` } });
  expect(past.status()).toBe(416);
  expect(past.headers()['content-range']).toBe(`bytes */${bytes.length}`);
});

for (const path of ['/', '/no-such-page']) {
  test(`axe finds no violation on ${path}`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

for (const path of ['/', '/site']) {
  test(`${path} carries Organization structured data`, async ({ page }) => {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((block) => (JSON.parse(block) as { '@type'?: string })['@type']);
    expect(types).toContain('Organization');
  });
}
