// The site-wide tracking script (site/scripts/site-tracking.ts) in Chromium against the real
// API: one page view per marketing page, outbound clicks, the logo tool's downloads, the 404
// page's missing path, nothing for Global Privacy Control or Do Not Track, no cookie and no
// storage; the landing pages keep their own script only; the server's site routes match the
// built sitemap; and the built script stays within its 1,024 bytes gzip.
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page, type Request } from 'playwright/test';
import { SITE_ROUTES } from '../functions/shared/site-routes.ts';
import { requestsSent } from './page-checks.ts';

// HeadlessChrome is a bot to the API: a person's browser, as the other tracking specs do.
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_UA });

const SITE_SCRIPT = /\/_astro\/SiteTracking\.astro_astro_type_script_index_\d+_lang\.[\w-]+\.js$/;

interface SentEvent {
  landingPageId: string;
  eventType: string;
  /** The page's `<html lang>`: every page of this site is en-US (issue 39, record 0574). */
  locale?: string;
  metadata?: { source: string };
  attribution?: Record<string, string>;
}

const isConversion = (request: Request) =>
  new URL(request.url()).pathname === '/api/conversions' && request.method() === 'POST';

/** Every conversion request the page sends (the real server answers them). */
function recordEvents(page: Page) {
  const events: { body: SentEvent; request: Request }[] = [];
  page.on('request', (request) => {
    if (isConversion(request)) {
      events.push({ body: JSON.parse(request.postData() ?? '{}') as SentEvent, request });
    }
  });
  return events;
}

/**
 * Waits for `count` events and for every request the page has made so far to be seen (a
 * straggler counted), and returns the bodies.
 */
async function sent(page: Page, events: ReturnType<typeof recordEvents>, count: number) {
  await expect.poll(() => events.length).toBeGreaterThanOrEqual(count);
  await requestsSent(page);
  for (const { request } of events) {
    expect((await request.response())?.status(), 'the API accepted it').toBe(202);
  }
  return events.map((event) => event.body);
}

async function storageLength(page: Page) {
  return page.evaluate(() => localStorage.length + sessionStorage.length);
}

test('a marketing page sends one page view, and keeps no cookie and no storage', async ({
  page,
  context,
}) => {
  const events = recordEvents(page);
  const first = page.waitForRequest(isConversion);
  await page.goto('/pricing');
  const request = await first;
  expect(request.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await sent(page, events, 1)).toEqual([
    { landingPageId: 'pricing', locale: 'en-US', eventType: 'page_view' },
  ]);
  expect(await context.cookies()).toEqual([]);
  expect(await storageLength(page)).toBe(0);
});

test('a page view carries the visit’s campaign; nested pages keep their path', async ({ page }) => {
  const events = recordEvents(page);
  await page.goto('/product/manufacturers?utm_source=newsletter&utm_medium=email');
  expect(await sent(page, events, 1)).toEqual([
    {
      landingPageId: 'product/manufacturers',
      locale: 'en-US',
      eventType: 'page_view',
      attribution: { utmSource: 'newsletter', utmMedium: 'email' },
    },
  ]);
});

test('a copy of a page counts as its canonical page', async ({ page }) => {
  const events = recordEvents(page);
  await page.goto('/site/pricing');
  expect(await sent(page, events, 1)).toEqual([
    { landingPageId: 'pricing', locale: 'en-US', eventType: 'page_view' },
  ]);
});

test('a click on a link to another site sends outbound_click with its host', async ({ page }) => {
  // The site links to no other host today: a partner link as a page would hold it, and the
  // partner's answer (there is no network here).
  await page
    .context()
    .route('https://partner.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }),
    );
  const events = recordEvents(page);
  await page.goto('/company');
  await sent(page, events, 1);
  // In a new tab, as partner links open: this page stays, so its beacon's answer is seen.
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = 'https://partner.example/case-study?ref=pharmabridge';
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = 'Partner case study';
    document.querySelector('main')!.append(link);
  });
  await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Partner case study' }).click(),
  ]);
  expect((await sent(page, events, 2)).slice(1)).toEqual([
    {
      landingPageId: 'company',
      locale: 'en-US',
      eventType: 'outbound_click',
      metadata: { source: 'partner.example' },
    },
  ]);
});

test('the logo tool’s downloads send file_download with the file name', async ({ page }) => {
  const events = recordEvents(page);
  await page.goto('/logo-download');
  await page.locator('[data-logo-download][data-logo-ready="true"]').waitFor({ state: 'attached' });
  for (const [background, format] of [
    ['transparent', 'PNG'],
    ['white', 'SVG'],
  ] as const) {
    await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId(`logo-option-${background}`)
        .getByRole('button', { name: new RegExp(`^Download ${format}`) })
        .click(),
    ]);
  }
  expect(await sent(page, events, 3)).toEqual([
    { landingPageId: 'logo-download', locale: 'en-US', eventType: 'page_view' },
    {
      landingPageId: 'logo-download',
      locale: 'en-US',
      eventType: 'file_download',
      metadata: { source: 'pharmabridge-logo-transparent.png' },
    },
    {
      landingPageId: 'logo-download',
      locale: 'en-US',
      eventType: 'file_download',
      metadata: { source: 'pharmabridge-logo-white.svg' },
    },
  ]);
});

test('the 404 page sends not_found with the missing path and no query', async ({
  page,
  context,
}) => {
  const events = recordEvents(page);
  const response = await page.goto('/no-such-page?x=1');
  expect(response?.status()).toBe(404);
  expect(await sent(page, events, 1)).toEqual([
    {
      landingPageId: '404',
      locale: 'en-US',
      eventType: 'not_found',
      metadata: { source: '/no-such-page' },
    },
  ]);
  expect(await context.cookies()).toEqual([]);
  expect(await storageLength(page)).toBe(0);
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
  test(`nothing is sent for visitors sending ${signal}`, async ({ page }) => {
    await page.addInitScript(init);
    const events = recordEvents(page);
    await page.goto('/pricing');
    await page.goto('/no-such-page?x=1');
    await page.goto('/logo-download');
    await page
      .locator('[data-logo-download][data-logo-ready="true"]')
      .waitFor({ state: 'attached' });
    await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId('logo-option-white')
        .getByRole('button', { name: /^Download SVG/ })
        .click(),
    ]);
    await requestsSent(page);
    expect(events).toEqual([]);
  });
}

test('a landing page loads its own script only: one page view, as before', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const events = recordEvents(page);
  await page.goto('/');
  expect(await sent(page, events, 1)).toEqual([
    { landingPageId: 'default', locale: 'en-US', eventType: 'page_view' },
  ]);
  expect(scripts.filter((path) => SITE_SCRIPT.test(path))).toEqual([]);
});

/** The site script of a built page and the chunks it imports, as served (decoded). */
async function siteScriptFiles(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const entry = sources.filter((src) => SITE_SCRIPT.test(src));
  expect(entry, `${path} loads the site script once`).toHaveLength(1);
  const files = new Map<string, Buffer>();
  const queue = [...entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    const body = await (await request.get(file)).body();
    files.set(file, body);
    for (const [, chunk] of body.toString().matchAll(/\bfrom\s*["']\.\/([^"']+)["']/g)) {
      queue.push(`/_astro/${chunk}`);
    }
  }
  return files;
}

test('the built script and what it imports weigh at most 1,024 bytes gzip', async ({ request }) => {
  const files = await siteScriptFiles(request, '/pricing');
  expect(files.size, 'the script and the attribution chunk').toBeLessThanOrEqual(2);
  const gzip = [...files.values()].reduce(
    (sum, body) => sum + gzipSync(body, { level: 9 }).length,
    0,
  );
  test.info().annotations.push({ type: 'gzip bytes', description: String(gzip) });
  expect(gzip).toBeLessThanOrEqual(1024);
  // Every page of the site that sends views loads the same files.
  for (const path of ['/404', '/contact', '/deep-dive/audit-logging', '/site']) {
    expect([...(await siteScriptFiles(request, path)).keys()]).toEqual([...files.keys()]);
  }
});

test('the API’s site routes are the built sitemap’s pages plus the forms and the 404 page', async ({
  request,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    new URL(match[1]!).pathname.slice(1),
  );
  const routes = new Set<string>(SITE_ROUTES);
  for (const path of listed) {
    if (path === '' || routes.has(path)) continue;
    // Anything else the sitemap lists must be a landing page, which its own script tracks.
    const page = await request.get(`/api/landing-pages/${path}`);
    expect(page.status(), `${path}: in the sitemap, neither a site route nor a landing page`).toBe(
      200,
    );
  }
  for (const route of SITE_ROUTES) {
    if (['demo', 'contact', 'pilot', '404'].includes(route)) continue;
    expect(listed, `${route} is in the sitemap`).toContain(route);
  }
});
