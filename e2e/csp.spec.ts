// Every page of the sitemap, the admin and the dialogs with the Content-Security-Policy
// in force (served by the local server from the one shared definition): the browser
// must report no violation. A violation means a script, style or connection the site
// needs would be blocked for visitors (hardening issue, hole 6).
import { expect, test, type Page } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { hydrated } from './hydration.ts';
import { watchViolations } from './page-checks.ts';

const SHARDS = 4;

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

for (let shard = 0; shard < SHARDS; shard++) {
  test(`sitemap pages run under the CSP without a violation (part ${shard + 1} of ${SHARDS})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const violations = await watchViolations(page);
    const paths = (await sitemapPaths(page)).filter((_, index) => index % SHARDS === shard);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      await hydrated(page);
      expect(await violations(), path).toEqual([]);
    }
  });
}

test('the contact dialog and the slide deck run under the CSP', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await hydrated(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Contact Us' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Request Demo' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/presentation');
  await hydrated(page);
  await page.keyboard.press('ArrowRight');
  await page.goto('/logo-download');
  await hydrated(page);
  await page.goto('/legacy/default');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the admin signs in and opens its dialogs under the CSP', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/admin');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Landing Page Manager' })).toBeVisible();
  await page.getByRole('button', { name: 'New Page' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Landing Page' })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const tab of await page.getByRole('tab').all()) await tab.click();
  expect(await violations()).toEqual([]);
});
