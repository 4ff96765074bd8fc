// The expiry that e2e/clock-lifecycle.spec.ts set comes (issue 37,
// docs/decisions/0558-expiry-and-reminders.md): once the server's runner (every 20 s) passes
// it, the page's run-time address /legacy/<slug> answers 404, the redirect from its public
// address to /demo is stored for the next build (this server runs no rebuilds,
// LOCAL_REBUILDS=off), the card says "Expired", and the audit trail has one expiry. The
// inspection package of the version visitors saw downloads from the Versions tab and verifies
// offline (functions/inspection/verify.ts, what `npm run package:verify` runs). Last in the
// settings lane, so the other settings specs' work fills the wait (e2e/clock-handoff.ts,
// docs/decisions/0585-clock-specs-hand-over.md). Nothing waits a fixed time: each step polls
// for the state it needs. Screenshots at 1280 and 390 px into LIFE_SHOTS (not committed).
import { readFile } from 'node:fs/promises';
import { request as apiRequest, expect, test } from 'playwright/test';
import { verifyPackage } from '../functions/inspection/verify.ts';
import type { RedirectDto } from '../functions/shared/redirects.ts';
import { takeOver } from './clock-handoff.ts';
import { as, MEMBER_PASSWORD } from './members.ts';
import { screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { shootAtWidths } from './screenshots.ts';
import { expectTooltip } from './tooltips.ts';

const SHOTS = process.env['LIFE_SHOTS'] ?? '/tmp/shots/lifecycle';
const shoot = screenshotsIn(SHOTS);

test('at its expiry the page goes down, its address redirects, and the version visitors saw can be inspected', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const { slug, title, pageId, jobCode, expiresAt, publisherEmail } = takeOver('lifecycle');
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const visitor = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const legacyStatus = async () =>
    (await visitor.get(`/legacy/${slug}`, { maxRedirects: 0 })).status();

  // Live until the expiry; the runner (every 20 s) takes it down once the time has passed.
  await expect.poll(legacyStatus, { timeout: 300_000, intervals: [5_000] }).toBe(404);
  expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  const redirects = (await (await request.get('/api/admin/redirects')).json()) as RedirectDto[];
  expect(redirects.filter((r) => r.from === `/${slug}`).map((r) => [r.to, r.status])).toEqual([
    ['/demo', 302],
  ]);
  expect((await visitor.get(`/api/landing-pages/${slug}`)).status()).toBe(404);
  // The publisher's card says so (the Pages tab, opened after the expiry).
  const publisher = await as(browser, { email: publisherEmail, password: MEMBER_PASSWORD });
  const card = publisher.getByTestId('page-card').filter({ hasText: title });
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
    page: { id: pageId, slug },
  });
  // The browser tests' servers print nothing (e2e/playwright.config.ts): the manifest says
  // why the print is missing (functions/inspection/package.test.ts tests a real print).
  expect(verdict.manifest?.print).toMatchObject({ status: 'missing' });
  expect(verdict.auditChecked).toBeGreaterThan(0);
  await publisher.context().close();
  await visitor.dispose();
});
