// Shared dashboards end to end (issue 25): E2E_ADMIN shares the Analytics tab as "Agency" for
// 7 days and copies the link; a browser without cookies opens it and sees the figures
// read-only, with no admin navigation, under the CSP and axe; revoked in the admin, the link
// says so on the next load. Screenshots of the dialog and the shared page at 1280 and 390 px
// (/tmp/shots).
import { expect, test, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';

const shoot = screenshotsIn('/tmp/shots');

/** A person's browser (HeadlessChrome counts as a bot, so visits are sent with this one). */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

/** Collects CSP violations (as e2e/csp.spec.ts does). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      found.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...seen,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test('share the Analytics tab, open the link without an account, revoke it', async ({
  page,
  browser,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // A visit from a partner's newsletter, so the shared tables have rows of their own. A
  // visitor of its own (the servers trust X-Forwarded-For): a source counts at a visitor's
  // first page view of the day, and other specs' visits from this machine come first.
  const visitor = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  for (const eventType of ['page_view', 'hero_primary_cta']) {
    const sent = await request.post('/api/conversions', {
      headers: { 'user-agent': `${PERSON_UA} shares/${Date.now()}`, 'x-forwarded-for': visitor },
      data: {
        landingPageId: 'default',
        eventType,
        attribution: {
          referrerHost: 'partner.example.com',
          utmSource: 'agency',
          utmMedium: 'email',
          utmCampaign: 'shared-dashboard',
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(202);
  }

  await signIn(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Conversion Analytics' })).toBeVisible();
  const shareButton = page.getByRole('button', { name: 'Share', exact: true });
  await shareButton.click();
  const dialog = page.getByRole('dialog', { name: 'Share these figures' });
  await expect(dialog).toBeVisible();
  // The open dialog is in the URL, so a reload keeps it.
  await expect(page).toHaveURL(/\/admin\/analytics\?share=1$/);
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Label')).toBeFocused();

  // Without a label: the field says so, nothing is sent.
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText('Label is required.')).toBeVisible();
  await settled(page);
  await shoot(page, 'share-dialog-form', { fullPage: false });

  await dialog.getByLabel('Label').fill('Agency');
  await dialog.getByLabel('Expires').selectOption({ label: 'After 7 days' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const made = dialog.getByTestId('new-share');
  await expect(made).toContainText('Link for Agency made; it works until');
  await expect(made).toContainText(
    'Anyone with this link can see these figures (no names or e-mail addresses of leads) until it expires or you revoke it.',
  );
  const linkField = made.getByLabel('Shared link for Agency');
  await expect(linkField).toBeFocused();
  const url = await linkField.inputValue();
  expect(url).toMatch(/\/shared\/analytics\?token=[0-9a-f-]{36}\.[\w-]{43}$/);
  await made.getByRole('button', { name: 'Copy link' }).click();
  await expect(made.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const row = dialog.getByTestId('share').filter({ hasText: 'Agency' }).first();
  await expect(row.getByTestId('share-status')).toHaveText('Active');
  await expect(row).toContainText('Made by e2e-admin@pharmabridge.test');
  await expect(row).toContainText('Expires');

  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'share-dialog', { fullPage: false });

  // Closing returns focus to Share, and the URL forgets the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(shareButton).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/analytics$/);

  // Someone without an account opens the link (the API names it on SITE_URL; same path here).
  const outsider = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shared = await outsider.newPage();
  const violations = await watchViolations(shared);
  const apiCalls: string[] = [];
  shared.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) apiCalls.push(path);
  });
  const { pathname, search } = new URL(url);
  const response = await shared.goto(pathname + search);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(shared.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(shared.getByRole('heading', { level: 1 })).toHaveText(
    'PharmaBridge analytics, shared with Agency',
  );
  await expect(shared.getByTestId('shared-expiry')).toContainText(/^Read-only\. Expires /);
  await expect(shared.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(async () => {
    await shared.reload();
    await expect(shared.getByTestId('referrers-table')).toContainText('agency', {
      timeout: 3000,
    });
  }).toPass({ timeout: 20_000 });
  for (const name of [
    'Visitors, page views and leads per day',
    'CTA clicks by button',
    'Funnel',
    'Pages',
    'Referrers',
    'Devices',
    'Campaigns',
    'Goals',
    'Entry pages',
    'Pages not found',
  ]) {
    // Headings with a help tip have it in their name; "Pages" alone must not match "Entry pages".
    await expect(
      shared.getByRole('heading', { level: 3, name, exact: name === 'Pages' }),
    ).toBeVisible();
  }
  // The goal manager is the admin's; the shared view shows the tables only.
  await expect(shared.getByRole('button', { name: 'Manage goals' })).toHaveCount(0);
  await expect(shared.getByTestId('tile-visitors')).toHaveText(/^[1-9]/);
  await expect(shared.getByTestId('pages-table')).toBeVisible();
  await expect(shared.getByTestId('campaigns-table')).toContainText('shared-dashboard');
  await expect(shared.getByTestId('devices-table')).toContainText('Desktop');
  await expect(shared.getByTestId('chart-line').locator('canvas')).toBeVisible();
  // Read-only and nothing of the admin: no tabs, no sign-out, no CSV, no link at all.
  await expect(shared.getByRole('tablist')).toHaveCount(0);
  await expect(shared.getByRole('button', { name: /Sign out|Account|Share|Download/ })).toHaveCount(
    0,
  );
  await expect(shared.getByRole('link')).toHaveCount(0);
  expect(apiCalls.every((path) => path.startsWith('/api/shared/analytics/'))).toBe(true);

  // Another range is kept in the address over a reload.
  await shared.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(shared).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await shared.reload();
  await expect(shared.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A visit tagged utm_source counts under its tag (docs/decisions/0410-sources-by-utm-source.md).
  await expect(shared.getByTestId('referrers-table')).toContainText('agency');
  await expect(shared.getByTestId('chart-line').locator('canvas')).toBeVisible();

  await settled(shared);
  await expectNoAxeViolations(shared);
  await shoot(shared, 'shared-dashboard');
  expect(await violations()).toEqual([]);

  // Revoked in the admin (after a confirmation), the link stops working at once.
  await shareButton.click();
  const revokeRow = dialog.getByTestId('share').filter({ hasText: 'Agency' }).first();
  await revokeRow.getByRole('button', { name: 'Revoke the link for Agency' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke the link for Agency?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('The link for Agency is revoked');
  await expect(revokeRow.getByTestId('share-status')).toHaveText('Revoked');
  await expect(revokeRow).toContainText('Revoked');
  await expect(revokeRow.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  // Its Revoke button is gone, so focus moves to the link's label.
  await expect(revokeRow.locator('p[tabindex="-1"]')).toBeFocused();
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'share-dialog-revoked', { fullPage: false });

  await shared.reload();
  const today = new Date().toISOString().slice(0, 10);
  await expect(shared.getByRole('alert')).toHaveText(
    `This shared dashboard was revoked on ${today}: ask whoever sent it for a new link.`,
  );
  await expect(shared.getByRole('heading', { level: 1 })).toHaveText('PharmaBridge analytics');
  await expect(shared.getByTestId('referrers-table')).toHaveCount(0);
  await settled(shared);
  await expectNoAxeViolations(shared);
  await shoot(shared, 'shared-dashboard-revoked');

  // A link that was never made, or was cut short, is not valid.
  const forged = search.replace(/\.[\w-]{5}/, '.AAAAA');
  await shared.goto(pathname + forged);
  await expect(shared.getByRole('alert')).toContainText('This link is not valid');
  await shared.goto('/shared/analytics?token=abc');
  await expect(shared.getByRole('alert')).toContainText('This link is not valid');
  expect(await violations()).toEqual([]);
  await outsider.close();
});
