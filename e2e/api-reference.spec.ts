// The admin's API reference (/admin/api; issue 40, docs/decisions/0566-openapi-description.md):
// Scalar renders GET /api/openapi.json inside the admin, under the admin's CSP with no
// violation, loaded as its own chunk only on this view.
import { expect, test } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, watchViolations } from './page-checks.ts';
import { shootAtWidths } from './screenshots.ts';

test('the API reference renders the generated description under the admin CSP', async ({
  page,
}) => {
  // Scalar and the whole description load and render on a shared 2-core machine.
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const offSite: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== 'localhost' && url.protocol !== 'data:' && url.protocol !== 'blob:') {
      offSite.push(request.url());
    }
  });
  await signIn(page);
  const beforeView = new Set(scripts);

  await page.locator('[data-api-link]').click();
  await expect(page).toHaveURL(/\/admin\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeFocused();
  const reference = page.getByTestId('api-reference');
  // An operation of the description, by its summary (the declaration's), under its tag.
  await reference.getByRole('link', { name: 'redirects', exact: true }).click();
  await expect(
    reference.getByText('Adds a redirect; the rebuild it asks for publishes it').first(),
  ).toBeVisible();
  // Nothing that would send the document to scalar.com (its AI chat) is offered.
  await expect(reference.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);
  // The reference documents; it sends no requests with the session (record 0566).
  await expect(reference.getByRole('button', { name: /Test Request/ })).toHaveCount(0);
  // The permission the route declares is in the document the reference read.
  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-permission': unknown }>>;
  };
  expect(document.paths['/api/admin/redirects']?.['post']?.['x-permission']).toBe('publish');

  // Scalar came with this view, as chunks of its own, and from nowhere else.
  expect(scripts.filter((path) => !beforeView.has(path)).length).toBeGreaterThan(0);
  expect(offSite).toEqual([]);
  expect(await violations()).toEqual([]);

  // The admin's own chrome is accessible; Scalar's markup is its own (record 0566).
  await expectNoAxeViolations(page, { exclude: ['[data-testid="api-reference"]'] });

  await shootAtWidths(page, '/tmp/shots/openapi', 'api-reference', reference);

  // Reload keeps the view; Back returns to the Landing Page Manager.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await page.getByRole('button', { name: /Back to the Landing Page Manager/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Landing Page Manager', exact: true }),
  ).toBeVisible();
  expect(await violations()).toEqual([]);
});
