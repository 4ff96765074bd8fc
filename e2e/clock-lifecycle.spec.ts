// A page's lifecycle in the browser (issue 37, docs/decisions/0556-page-lifecycle.md,
// 0558-expiry-and-reminders.md): a publisher opens "Lifecycle..." on a live page's card, is
// told in sentences what is wrong (an expiry in the past, a redirect that is no address),
// sets an expiry one to two minutes ahead (the field takes whole minutes: two minutes on, cut
// to the minute) with a redirect to /demo, and the card says when it expires. Before the
// expiry the page shows its job code and the calendar lists the expiry. What happens at the
// expiry is e2e/when-due-lifecycle.spec.ts's, at the end of the settings lane, once the time
// has come (e2e/clock-handoff.ts, docs/decisions/0585-clock-specs-hand-over.md). Screenshots
// at 1280 and 390 px into LIFE_SHOTS (not committed). Runs on the settings server (run-time,
// no rebuilds), in its one-at-a-time lane (e2e/playwright.config.ts).
import { request as apiRequest, expect, test } from 'playwright/test';
import { landingTemplate } from '../functions/shared/template.ts';
import { screenshotsIn } from './page-checks.ts';
import { as, member } from './members.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { clearHandoff, handOver } from './clock-handoff.ts';
import { expectTooltip } from './tooltips.ts';

const SHOTS = process.env['LIFE_SHOTS'] ?? '/tmp/shots/lifecycle';
const shoot = screenshotsIn(SHOTS);

test('a publisher sets an expiry and a redirect in sentences, and the card and the calendar show it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  clearHandoff('lifecycle');
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

  const publisherAccount = await member(request, 'publisher');
  const publisherEmail = publisherAccount.email;
  const publisher = await as(browser, publisherAccount);
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

  // Stored as set; e2e/when-due-lifecycle.spec.ts checks what happens at the expiry.
  const stored = (await (await request.get(`/api/admin/pages/${page.id}`)).json()) as {
    lifecycle?: { expiresAt: string; redirectTo?: string; onExpiry: string };
  };
  expect(stored.lifecycle).toMatchObject({ onExpiry: 'unpublish', redirectTo: '/demo' });
  const expiresAt = Date.parse(stored.lifecycle!.expiresAt);
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(120_000);
  handOver('lifecycle', { slug, title, pageId: page.id, jobCode, expiresAt, publisherEmail });

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
