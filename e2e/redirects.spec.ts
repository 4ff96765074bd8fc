// Redirects (issue 23) end to end: a live page renamed through the API leaves its old address
// answering 301 and landing on the new page once the site is rebuilt; the Redirects view adds
// and deletes one, keeps its URL on reload, returns focus, and axe finds nothing on it.
// Screenshots of the view (empty, with rows) and the Add dialog with an error, at 1280 and
// 390 px, go to /tmp/shots-redirects.
import { expect, test, type Page } from 'playwright/test';
import type { RedirectDto } from '../functions/shared/redirects.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations as axe, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';

const shoot = screenshotsIn('/tmp/shots-redirects');

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openRedirects(page: Page) {
  await page.getByRole('link', { name: 'Redirects', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/redirects$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Redirects' })).toBeFocused();
}

test('a live page renamed answers its old address with 301 to the new one after the rebuild', async ({
  request,
}) => {
  // The other editing specs rebuild the same server's site: wait for the pages themselves.
  test.setTimeout(600_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const oldSlug = unique('spring');
  const newSlug = `${oldSlug}-renamed`;
  const created = await request.post('/api/landing-pages', {
    data: { title: `Redirect ${oldSlug}`, slug: oldSlug, isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const page = (await created.json()) as { id: string; revision: number };
  const renamed = await request.put(`/api/landing-pages/${page.id}`, {
    data: { slug: newSlug, revision: page.revision },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  await expect(async () => {
    const old = await request.get(`/${oldSlug}?utm_source=mail`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe(`/${newSlug}?utm_source=mail`);
  }).toPass({ timeout: 300_000 });
  const legacy = await request.get(`/legacy/${oldSlug}`, { maxRedirects: 0 });
  expect(legacy.status()).toBe(301);
  expect(legacy.headers()['location']).toBe(`/legacy/${newSlug}`);
  // Followed, the old address lands on the renamed page.
  await expect(async () => {
    const landed = await request.get(`/${oldSlug}`);
    expect(landed.status()).toBe(200);
    expect(landed.url()).toMatch(new RegExp(`/${newSlug}$`));
  }).toPass({ timeout: 300_000 });

  const listed = (await (await request.get('/api/admin/redirects')).json()) as RedirectDto[];
  expect(listed.filter((r) => r.from.endsWith(oldSlug)).map((r) => [r.from, r.to])).toEqual([
    [`/legacy/${oldSlug}`, `/legacy/${newSlug}`],
    [`/${oldSlug}`, `/${newSlug}`],
  ]);
});

test('the Redirects view: add with checks as typed, delete after a confirmation, axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await openRedirects(page);
  // A reload keeps the view.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Redirects' })).toBeVisible();
  await expect(page.getByTestId('redirects-view')).toBeVisible();

  const from = `/${unique('old-offer')}`;
  const opener = page.getByRole('button', { name: 'Add redirect' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add redirect' });
  await dialog.getByLabel('From').fill('/admin/secret');
  await dialog.getByLabel('To').fill('//evil.example');
  await dialog.getByLabel('To').blur();
  await expect(
    dialog.getByText(/^From starts with \/admin, which the site itself uses/),
  ).toBeVisible();
  await expect(
    dialog.getByText(/^To must start with a single \/ \(a path on this site\)/),
  ).toBeVisible();
  await expect(dialog).not.toContainText(/\b(400|409)\b/);
  await axe(page);
  await shoot(page, 'add-dialog-error');

  await dialog.getByLabel('From').fill(from);
  await dialog.getByLabel('To').fill('/demo');
  await dialog.getByLabel(/Temporary \(302\)/).check();
  await dialog.getByRole('button', { name: 'Add redirect' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByTestId('toast')).toContainText(`${from} now redirects to /demo`);
  const row = page.getByTestId('redirect-row').filter({ hasText: from });
  await expect(row).toContainText('302 Temporary');
  await expect(row).toContainText('Added by hand');

  // The same address again: the server's refusal, as a sentence beside the field.
  await opener.click();
  await dialog.getByLabel('From').fill(from);
  await dialog.getByLabel('To').fill('/pricing');
  await dialog.getByRole('button', { name: 'Add redirect' }).click();
  await expect(
    dialog.getByText('From already redirects to /demo; delete that redirect first.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(opener).toBeFocused();

  await axe(page);
  await expectTooltip(page.getByRole('button', { name: 'Hits' }), 'Counted by the local server');
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: `Delete the redirect from ${from}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete the redirect from ${from}?` });
  await confirm.getByRole('button', { name: 'Delete redirect' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Redirects' })).toBeFocused();

  await page.getByRole('button', { name: 'Back to pages' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('redirects-view')).toHaveCount(0);
});

/** Redirects as the view shows them, for screenshots independent of the other specs. */
const SAMPLE: RedirectDto[] = [
  {
    id: 'L2xlZ2FjeS9zcHJpbmctbGF1bmNo',
    from: '/legacy/spring-launch',
    to: '/legacy/spring-launch-2026',
    status: 301,
    reason: 'rename',
    createdAt: '2026-03-02T09:14:00.000Z',
    createdBy: 'maria.keller@pharmabridge.example',
    hits: 3,
  },
  {
    id: 'L3BpbG90LTIwMjU',
    from: '/pilot-2025',
    to: '/demo',
    status: 302,
    reason: 'unpublish',
    createdAt: '2026-02-11T16:40:00.000Z',
    createdBy: 'maria.keller@pharmabridge.example',
    hits: 0,
  },
  {
    id: 'L3NwcmluZy1sYXVuY2g',
    from: '/spring-launch',
    to: '/spring-launch-2026',
    status: 301,
    reason: 'rename',
    createdAt: '2026-03-02T09:14:00.000Z',
    createdBy: 'maria.keller@pharmabridge.example',
    hits: 1284,
  },
  {
    id: 'L3dlYmluYXI',
    from: '/webinar',
    to: 'https://events.partner-example.com/pharmabridge/specialty-pharmacy-webinar-2026?ref=site',
    status: 302,
    reason: 'manual',
    createdAt: '2026-01-20T11:05:00.000Z',
    createdBy: 'e2e-admin@pharmabridge.test',
    hits: 57,
  },
];

test('screenshots of the Redirects view, empty and with rows', async ({ page }) => {
  // Three axe runs and screenshots at two widths twice: longer than 30 s on a loaded machine.
  test.setTimeout(90_000);
  let rows: RedirectDto[] = [];
  await page.route('**/api/admin/redirects', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: rows }) : route.fallback(),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await openRedirects(page);
  await expect(page.getByTestId('redirects-empty')).toContainText('No redirects yet');
  await axe(page);
  await shoot(page, 'view-empty');

  rows = SAMPLE;
  await page.reload();
  await expect(page.getByTestId('redirect-row')).toHaveCount(SAMPLE.length);
  await axe(page);
  await shoot(page, 'view-rows');
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.getByTestId('redirect-card')).toHaveCount(SAMPLE.length);
  await axe(page);
});
