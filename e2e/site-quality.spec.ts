// Every public page of the sitemap, checked by machine (house style: every public page is checked by machine): it answers 200, its
// links and images resolve, axe finds nothing at desktop and mobile widths, and its
// title, description, canonical and social tags are present and unique.
import { expect, test, type APIRequestContext, type Browser, type Page } from 'playwright/test';
import { axeViolations } from './page-checks.ts';

const SHARDS = 8;
const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Pages every build must list (the marketing site of issue #3). */
const REQUIRED = [
  '/site',
  '/product/manufacturers',
  '/product/suppliers',
  '/product/platform-security',
  '/solutions',
  '/how-it-works',
  '/pricing',
  '/company',
  '/contact',
  '/demo',
  '/pilot',
  '/privacy',
  '/terms',
];

/**
 * GET with one retry on a reset connection: a kept-alive socket can be closed by the
 * server's idle timeout just as the client reuses it (a transport race, not a page fault).
 */
async function get(request: APIRequestContext, url: string) {
  try {
    return await request.get(url);
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return await request.get(url);
  }
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(locs.length).toBeGreaterThan(0);
  return locs.map((loc) => new URL(loc).pathname);
}

async function pageViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map((violation) => `${page.url()} ${violation}`);
}

async function openPage(browser: Browser, path: string, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const response = await page.goto(path);
  return { context, page, status: response?.status() };
}

test('the sitemap lists the canonical pages and nothing else', async ({ request }) => {
  const paths = await sitemapPaths(request);
  for (const path of REQUIRED) expect(paths, `sitemap lists ${path}`).toContain(path);
  expect(paths).toContain('/');
  expect(new Set(paths).size, 'no duplicates').toBe(paths.length);
  for (const path of paths) {
    expect(path, 'no /site/... duplicates').not.toMatch(/^\/site\//);
    expect(path, 'no admin or legacy pages').not.toMatch(/^\/(admin|legacy|api)(\/|$)/);
    expect(path).not.toBe('/404');
  }
});

test('robots.txt allows crawling except the admin and the API, and names the sitemap', async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  expect(text).toMatch(/^Disallow: \/admin$/m);
  expect(text).toMatch(/^Disallow: \/api$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
});

test('every page has a unique title and description, an unprefixed canonical and social tags', async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of paths) {
    const response = await get(request, path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const meta = (attr: 'name' | 'property', key: string) =>
      html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1] ?? '';
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1]?.trim() ?? '';
    const description = meta('name', 'description');
    expect(title, `${path} has a title`).not.toBe('');
    expect(description.length, `${path} has a description`).toBeGreaterThan(50);
    expect(titles.get(title), `title of ${path} is unique`).toBeUndefined();
    expect(descriptions.get(description), `description of ${path} is unique`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);

    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical, `${path} has a canonical link`).toBeTruthy();
    expect(new URL(canonical!).pathname, `${path} is its own canonical`).toBe(path);
    for (const key of ['og:title', 'og:description', 'og:type', 'og:url', 'og:image']) {
      expect(meta('property', key), `${path} ${key}`).not.toBe('');
    }
    for (const key of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
      expect(meta('name', key), `${path} ${key}`).not.toBe('');
    }
  }
});

test('a /site page renders the same view with the unprefixed canonical', async ({ request }) => {
  for (const path of [
    '/site/pricing',
    '/site/company',
    '/site/contact',
    '/site/product/suppliers',
  ]) {
    const response = await get(request, path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(new URL(canonical!).pathname).toBe(path.slice('/site'.length));
  }
});

test('/site carries Organization structured data', async ({ request }) => {
  const html = await (await request.get('/site')).text();
  const json = html.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1];
  expect(json, 'a JSON-LD block').toBeTruthy();
  const data = JSON.parse(json!) as Record<string, unknown>;
  expect(data['@type']).toBe('Organization');
  expect(data['name']).toBe('PharmaBridge');
});

for (let shard = 0; shard < SHARDS; shard++) {
  test(`pages of shard ${shard + 1}/${SHARDS}: 200, no broken link or image, no axe violation`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const paths = (await sitemapPaths(request)).filter((_, index) => index % SHARDS === shard);
    const checked = new Map<string, number>();
    const violations: string[] = [];
    const broken: string[] = [];

    for (const path of paths) {
      const desktop = await openPage(browser, path);
      expect(desktop.status, path).toBe(200);
      violations.push(...(await pageViolations(desktop.page)));

      const links = await desktop.page
        .locator('a[href^="/"]')
        .evaluateAll((anchors) =>
          anchors.map((a) => (a as HTMLAnchorElement).getAttribute('href')!),
        );
      const images = await desktop.page.locator('img').evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: img.currentSrc || img.src,
          loaded: img.complete && img.naturalWidth > 0,
        })),
      );
      await desktop.context.close();

      for (const href of links) {
        const target = href.split('#')[0]!;
        if (target === '' || checked.has(target)) continue;
        const response = await get(request, target);
        checked.set(target, response.status());
        if (response.status() >= 400)
          broken.push(`${path} links to ${target}: ${response.status()}`);
      }
      for (const { src, loaded } of images) {
        // Generated images (blob:, data:) cannot be fetched again; they must have rendered.
        if (!/^https?:/.test(src)) {
          if (!loaded) broken.push(`${path} image ${src.slice(0, 40)} did not render`);
          continue;
        }
        const response = await get(request, src);
        const type = response.headers()['content-type'] ?? '';
        if (response.status() !== 200 || !type.startsWith('image/')) {
          broken.push(`${path} image ${src}: ${response.status()} ${type}`);
        }
      }

      const mobile = await openPage(browser, path, MOBILE);
      expect(mobile.status, path).toBe(200);
      violations.push(...(await pageViolations(mobile.page)).map((v) => `[390px] ${v}`));
      await mobile.context.close();
    }

    expect(broken).toEqual([]);
    expect(violations).toEqual([]);
  });
}
