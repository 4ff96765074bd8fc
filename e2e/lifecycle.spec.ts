// A page's lifecycle in the browser (issue 37, docs/decisions/0556-page-lifecycle.md,
// 0558-expiry-and-reminders.md): a publisher opens "Lifecycle..." on a live page's card, is
// told in sentences what is wrong (an expiry in the past, a redirect that is no address),
// sets an expiry one to two minutes ahead (the field takes whole minutes: two minutes on, cut
// to the minute) with a redirect to /demo, and the card says when it expires. The page is
// live at its run-time address /legacy/<slug>; once the server's runner (every 20 s) passes
// the expiry it answers 404 there, the redirect from its public address is stored for the next
// build (this server runs no rebuilds, LOCAL_REBUILDS=off), and the card says "Expired".
// Before the expiry the page shows its job code and the calendar lists the expiry; after it,
// the inspection package of the version visitors saw downloads from the Versions tab and
// verifies offline (functions/inspection/verify.ts, what `npm run package:verify` runs).
// Nothing waits a fixed time: each step polls for the state it needs. Screenshots at 1280 and
// 390 px into LIFE_SHOTS (not committed). Runs on the settings server (run-time, no rebuilds),
// in its one-at-a-time lane, which has room for the wait (e2e/playwright.config.ts).
import { readFile } from 'node:fs/promises';
import { request as apiRequest, expect, test } from 'playwright/test';
import { verifyPackage } from '../functions/inspection/verify.ts';
import type { RedirectDto } from '../functions/shared/redirects.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { screenshotsIn } from './page-checks.ts';
import { shootAtWidths } from './screenshots.ts';
import { as, member } from './members.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';

const SHOTS = process.env['LIFE_SHOTS'] ?? '/tmp/shots/lifecycle';
const shoot = screenshotsIn(SHOTS);

test('a publisher sets an expiry; at its time the page goes down and its address redirects', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const slug = `expiry-${Date.now().toString(36)}`;
  const title = `Expiring ${slug}`;
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content: landingTemplate() },
  });
  expect(created.status(), await created.text()).toBe(201);

  const visitor = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const legacyStatus = async () =>
    (await visitor.get(`/legacy/${slug}`, { maxRedirects: 0 })).status();
  expect(await legacyStatus()).toBe(200);

  const publisher = await as(browser, await member(request, 'publisher'));
  const card = publisher.getByTestId('page-card').filter({ hasText: title });
  const opener = card.getByRole('button', { name: `Lifecycle of ${title}` });
  await opener.click();
  const dialog = publisher.getByRole('dialog', { name: `Lifecycle: ${title}` });
  await expect(dialog).toBeVisible();
  const expires = dialog.getByLabel(/^Expires at \(optional\), in Europe\/Berlin/);
  // A time past: a sentence beside the field, nothing sent.
  await expires.fill('2020-01-01T09:00');
  await dialog.getByRole('button', { name: 'Save lifecycle' }).click();
  await expect(dialog.getByText('must be a date and time in the future')).toBeVisible();

  // Two minutes on, cut to the minute, in the browser's zone (Berlin): 1 to 2 minutes ahead.
  const local = await publisher.evaluate(() => {
    const at = new Date(Date.now() + 120_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await expires.fill(local);
  await expect(dialog.getByText(/in Europe\/Berlin is .*UTC/)).toBeVisible();
  // A redirect that is no address: the server's refusal, as a sentence beside the field.
  const redirect = dialog.getByLabel('Then send visitors to (optional)');
  await redirect.fill('ftp://example.com/old');
  await dialog.getByRole('button', { name: 'Save lifecycle' }).click();
  await expect(dialog.getByText(/Then send visitors to \(optional\):? .+/)).toBeVisible();
  await shoot(publisher, 'lifecycle-dialog-error', { fullPage: false });
  await redirect.fill('/demo');
  await shoot(publisher, 'lifecycle-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save lifecycle' }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(opener).toBeFocused();
  await expect(card.getByTestId('page-expires')).toBeVisible();
  await shoot(publisher, 'lifecycle-card');

  // Live with its job code in the small print, and on the calendar's agenda before it expires.
  const page = (await created.json()) as { id: string; publication: { jobCode: string } };
  const jobCode = page.publication.jobCode;
  const live = await publisher.context().newPage();
  await live.goto(`/legacy/${slug}`);
  await expect(live.locator('[data-job-code]')).toContainText(`${jobCode} v1 · Published`);
  await live.close();
  const today = new Date().toISOString().slice(0, 10);
  await publisher.goto(`/admin/calendar?view=agenda&date=${today}`);
  const agenda = publisher.getByTestId('calendar-agenda');
  await expect(agenda.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(agenda).toContainText('Approval expires');
  await publisher.goto('/admin');

  // Live until the expiry; the runner (every 20 s) takes it down once the time has passed.
  const stored = (await (await request.get(`/api/admin/pages/${page.id}`)).json()) as {
    lifecycle?: { expiresAt: string; redirectTo?: string; onExpiry: string };
  };
  expect(stored.lifecycle).toMatchObject({ onExpiry: 'unpublish', redirectTo: '/demo' });
  const expiresAt = Date.parse(stored.lifecycle!.expiresAt);
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(120_000);
  await expect.poll(legacyStatus, { timeout: 300_000, intervals: [5_000] }).toBe(404);
  expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  const redirects = (await (await request.get('/api/admin/redirects')).json()) as RedirectDto[];
  expect(redirects.filter((r) => r.from === `/${slug}`).map((r) => [r.to, r.status])).toEqual([
    ['/demo', 302],
  ]);
  expect((await visitor.get(`/api/landing-pages/${slug}`)).status()).toBe(404);
  // The card says so after a reload (its URL is the Pages tab's).
  await publisher.reload();
  await expect(card.getByTestId('page-expired')).toBeVisible({ timeout: 60_000 });
  await shoot(publisher, 'lifecycle-expired');
  const audit = (await (await request.get('/api/admin/audit?limit=50')).json()) as {
    entries: { action: string; summary: string }[];
  };
  expect(
    audit.entries.filter((entry) => entry.action === 'expire' && entry.summary.includes(slug)),
  ).toHaveLength(1);

  // The version visitors saw, kept when the expiry took it down: its inspection package.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = publisher.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.getByRole('tab', { name: 'Versions' }).click();
  const packageButton = edit
    .getByTestId('version')
    .getByRole('button', { name: `Download inspection package of ${jobCode} v1` })
    .first();
  await expectTooltip(packageButton, 'printed as visitors saw it');
  // Focus leaves: the tip closes (Escape would close the editor too).
  await packageButton.blur();
  await expect(publisher.getByRole('tooltip')).toHaveCount(0);
  // Below the editor on a phone: scrolled into view at each width.
  await shootAtWidths(publisher, SHOTS, 'versions-package', packageButton);
  const [download] = await Promise.all([publisher.waitForEvent('download'), packageButton.click()]);
  expect(download.suggestedFilename()).toBe(`${jobCode}-v1-inspection.zip`);
  const verdict = await verifyPackage(await readFile((await download.path())!));
  expect(verdict.problems).toEqual([]);
  expect(verdict.manifest).toMatchObject({
    jobCode: `${jobCode} v1`,
    live: false,
    page: { id: page.id, slug },
  });
  // The browser tests' servers print nothing (e2e/playwright.config.ts): the manifest says
  // why the print is missing (functions/inspection/package.test.ts tests a real print).
  expect(verdict.manifest?.print).toMatchObject({ status: 'missing' });
  expect(verdict.auditChecked).toBeGreaterThan(0);

  // The approval period on the settings screen (not changed here: the other specs publish).
  const admin = await as(browser, E2E_ADMIN);
  await admin.goto('/admin/account');
  const settings = admin.getByTestId('publishing-settings');
  await expect(settings.getByLabel('Approval period', { exact: true })).toHaveValue('0');
  await expectTooltip(
    settings.getByRole('button', { name: 'About the approval period' }),
    'within that many months',
  );
  await shoot(admin, 'settings-approval-period', { fullPage: false });
  await visitor.dispose();
});
