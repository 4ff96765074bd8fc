// The Analytics tab's Realtime panel end to end (issue 25): page views of /pricing (a site
// route) and of the default landing page `/` from distinct visitors (X-Forwarded-For, which
// the test servers trust), read in the "Right now" panel; one more visitor raises the count at
// the next poll; no poll while the browser tab is hidden, one at once on coming back. A lead
// from a Global Privacy Control visitor ends the Referrers and Devices tables as
// "Unattributed". Axe, and screenshots at 1280 and 390 px (/tmp/shots).
import { expect, test, type Page, type APIRequestContext } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, requestsSent, screenshotsIn } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';

const shoot = screenshotsIn('/tmp/shots');

/** A person's browser (HeadlessChrome counts as a bot, so visits are sent with this one). */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REALTIME_PATH = '/api/admin/analytics/realtime';
/** The panel's poll period (REALTIME_POLL_MS, site/islands/admin/analytics/realtime-polling.ts). */
const POLL_MS = 15_000;

/** A visitor of its own per call: an address of TEST-NET-3, this run's block of them. */
const block = Math.floor(Math.random() * 200);
let nextVisitor = 0;
const newAddress = () => `203.0.113.${block + nextVisitor++}`;

async function pageView(request: APIRequestContext, landingPageId: string) {
  const sent = await request.post('/api/conversions', {
    data: { landingPageId, eventType: 'page_view' },
    headers: { 'user-agent': PERSON_UA, 'x-forwarded-for': newAddress() },
  });
  expect(sent.status(), await sent.text()).toBe(202);
}

/** Hides or shows the page as a browser does when its tab is switched away and back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

test('the Realtime panel counts visitors of the last minutes, polls while visible only, and leads without a source are Unattributed', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // Three visitors of /pricing and two of the default landing page. Other specs on this
  // server may add visitors of their own, so the figures below are at least ours.
  for (let i = 0; i < 3; i++) await pageView(request, 'pricing');
  for (let i = 0; i < 2; i++) await pageView(request, 'default');
  // A lead from a visitor who sent Global Privacy Control: in the total, in no source.
  const lead = await request.post('/api/contact', {
    data: {
      name: 'Gale Privacy',
      email: `gale.${block}.${Date.now()}@privacy-pharmacy.example`,
      landingPageId: 'default',
      attribution: { referrerHost: 'news.example.com' },
    },
    headers: { 'user-agent': PERSON_UA, 'x-forwarded-for': newAddress(), 'sec-gpc': '1' },
  });
  expect(lead.status(), await lead.text()).toBeLessThan(300);

  const polls: number[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === REALTIME_PATH) polls.push(Date.now());
  });
  // The page's timers run on Playwright's clock: time flows as usual, and the test moves it
  // past a poll period instead of waiting one out.
  await page.clock.install();
  await signIn(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const panel = page.getByTestId('realtime-panel');
  await expect(panel.getByRole('heading', { name: 'Right now' })).toBeVisible();
  const count = panel.getByTestId('realtime-visitors');
  await expect(count).toHaveText(/^\d+$/);
  const first = Number(await count.textContent());
  expect(first).toBeGreaterThanOrEqual(5);
  await expect(panel).toContainText('visitors in the last 5 minutes');
  await expect(panel.getByTestId('realtime-updated')).toHaveText(
    // The admin's own clock and language (en-US here: "05:41:28 AM").
    /^Updated \d\d:\d\d:\d\d( [AP]M)?, every 15 seconds while this tab is open$/,
  );
  // Nothing is announced for the first figures.
  await expect(panel.getByTestId('realtime-announcement')).toHaveText('');

  // The top pages name /pricing and the default page `/` (with its title), and how many.
  const pages = panel.getByTestId('realtime-pages');
  const visitorsOf = async (path: string) => {
    const row = pages.getByRole('listitem').filter({ has: page.getByText(path, { exact: true }) });
    await expect(row).toHaveCount(1);
    return Number(/(\d+) visitors?$/.exec((await row.textContent())!.trim())?.[1]);
  };
  expect(await visitorsOf('/pricing')).toBeGreaterThanOrEqual(3);
  expect(await visitorsOf('/')).toBeGreaterThanOrEqual(2);
  await expect(panel.getByTestId('realtime-sources')).toContainText('Direct or unknown');

  // The count's tooltip says who is counted.
  await expectTooltip(
    panel.getByRole('button', { name: 'About visitors right now' }),
    'Global Privacy Control or Do Not Track',
  );
  await page.keyboard.press('Escape');

  // One more visitor: the next poll (every 15 s) shows them.
  const before = Number(await count.textContent());
  await pageView(request, 'pricing');
  await page.clock.runFor(POLL_MS);
  await expect.poll(async () => Number(await count.textContent())).toBeGreaterThan(before);
  await expect(panel.getByTestId('realtime-announcement')).toContainText(
    /visitors in the last 5 minutes, up from \d+\./,
  );

  // Hidden, the panel does not poll: not one request in 20 s (more than a period), every
  // timer due meanwhile run; the requests the page made until then have all been seen.
  await setVisibility(page, 'hidden');
  const hiddenAt = polls.length;
  await page.clock.runFor(20_000);
  await requestsSent(page);
  expect(polls.length - hiddenAt).toBe(0);
  // Back: the figures are more than a poll old, so they are fetched at once.
  await setVisibility(page, 'visible');
  await expect.poll(() => polls.length, { timeout: 5_000 }).toBeGreaterThan(hiddenAt);

  // The GPC visitor's lead: the last row of Referrers and of Devices.
  const lastRow = (table: string) => page.getByTestId(table).locator('tbody tr').last();
  for (const table of ['referrers-table', 'devices-table']) {
    await expect(lastRow(table).getByRole('rowheader')).toHaveText(/^Unattributed/);
    await expect(lastRow(table).getByRole('cell').first()).toHaveText('0');
    expect(Number(await lastRow(table).getByRole('cell').last().textContent())).toBeGreaterThan(0);
  }
  const about = lastRow('referrers-table').getByRole('button', {
    name: 'About unattributed leads',
  });
  await expectTooltip(about, 'asked not to be tracked');
  await page.keyboard.press('Escape');
  await about.blur();

  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'analytics-realtime');
});
