// Every served page is valid HTML by the W3C Nu Html Checker (the `vnu-jar` package, run
// on the Java the project already needs), read as a browser gets it: the sitemap's pages,
// the 404 page, the legacy landing route and the admin shell.
import { expect, test } from 'playwright/test';
import { vnuErrors } from './vnu.ts';

test('every page passes the W3C Nu Html Checker', async ({ request }) => {
  test.setTimeout(120_000);
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [
    ...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname),
    '/no-such-page',
    '/legacy/',
    '/preview',
    '/admin',
  ];
  expect(paths.length).toBeGreaterThanOrEqual(30);

  const pages = new Map<string, string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    pages.set(path, await response.text());
  }
  expect(await vnuErrors(pages)).toEqual([]);
});

test('the legacy shell has the skip link target and a heading before JavaScript runs', async ({
  request,
}) => {
  const html = await (await request.get('/legacy/')).text();
  // The skip link (BaseLayout/LandingLayout) points at #main; the server's HTML must hold it.
  expect(html).toContain('href="#main"');
  expect(html).toMatch(/<main[^>]* id="main"/);
  expect(html).toMatch(/<h1[^>]*>Loading the landing page<\/h1>/);
});
