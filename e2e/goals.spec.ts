// Goals, entry pages and the 404 list on the Analytics tab (issue 25): a publisher (here the
// first administrator) adds a page goal for /pricing* and an event goal by keyboard in "Manage
// goals"; visits sent with a person's user agent then show in the Goals, Entry pages and Pages
// not found tables; a goal is deleted again. Axe, and screenshots at 1280 and 390 px.
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';

const shoot = screenshotsIn('/tmp/shots');
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const block = 100 + Math.floor(Math.random() * 100);
let next = 0;

async function send(request: APIRequestContext, data: Record<string, unknown>) {
  const sent = await request.post('/api/conversions', {
    data,
    headers: { 'user-agent': PERSON_UA, 'x-forwarded-for': `198.51.100.${block + next++}` },
  });
  expect(sent.status(), await sent.text()).toBe(202);
}

/**
 * Before axe: no CSS transition running, and no tooltip open (focus returning to a button
 * with a tooltip opens it, and its popper sits outside the page's landmarks).
 */
async function settled(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

test('goals are added by keyboard, counted, and shown with entry pages and missing paths', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const missing = `/gone-${Date.now().toString(36)}`;
  await send(request, { landingPageId: 'pricing', eventType: 'page_view' });
  await send(request, { landingPageId: 'pricing', eventType: 'page_view' });
  await send(request, {
    landingPageId: '404',
    eventType: 'not_found',
    metadata: { source: missing },
  });

  await signIn(page);
  await page.goto('/admin/analytics');
  const manage = page.getByRole('button', { name: 'Manage goals' });
  await expect(manage).toBeVisible();
  await manage.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Goals' });
  await expect(dialog).toBeVisible();
  const name = `Pricing views ${block}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Counts').selectOption('page');
  await dialog.getByLabel('Page path').fill('pricing');
  await dialog.getByLabel('Page path').press('Enter');
  // The API's sentence beside the field, not a status code.
  await expect(dialog).toContainText('must be a path starting with /');
  await dialog.getByLabel('Page path').fill('/pricing*');
  await dialog.getByLabel('Page path').press('Enter');
  await expect(dialog.getByTestId('goal-list')).toContainText(name);
  await expect(dialog.getByTestId('goal-list')).toContainText('Pages: /pricing*');
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'analytics-goals-dialog', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(manage).toBeFocused();

  const goals = page.getByTestId('goals-table');
  const row = goals.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // Two visitors viewed /pricing today (other specs may add more on this server).
  await expect
    .poll(async () =>
      Number((await row.getByRole('cell').nth(1).textContent())?.replace(/\D/g, '')),
    )
    .toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('entry-pages-table')).toContainText('/pricing');
  await expect(page.getByTestId('not-found-table')).toContainText(missing);
  await settled(page);
  await expectNoAxeViolations(page);
  await page.getByRole('heading', { name: 'Goals' }).scrollIntoViewIfNeeded();
  await shoot(page, 'analytics-goals');

  // Deleted again, with a question first.
  await manage.click();
  await dialog.getByRole('button', { name: `Delete goal ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete goal' }).click();
  await expect(dialog.getByTestId('goal-list')).not.toContainText(name);
  await page.keyboard.press('Escape');
  await expect(goals).not.toContainText(name);
});
