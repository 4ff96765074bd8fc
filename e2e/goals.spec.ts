// Goals, entry pages and the 404 list on the Analytics tab (issue 25): a publisher (here the
// first administrator) adds a page goal for /pricing* and an event goal by keyboard in "Manage
// goals", and a goal about one form; visits sent with a person's user agent then show in the Goals, Entry pages and Pages
// not found tables; a goal is deleted again. A goal chosen in the Goals table shows its
// tables per page and per source (kept in the URL over a reload), and a funnel is built from
// goals in "Build funnel". Axe, and screenshots at 1280 and 390 px.
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import type { Goal } from '../functions/shared/analytics.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';

const shoot = screenshotsIn('/tmp/shots/h1');
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const block = 100 + Math.floor(Math.random() * 100);
/** Where this worker's visitors come from: both tests run at once on two workers, and a
 * visitor's first source of the day is its source for the day, so an address the other test
 * used would carry that test's source. 65,000 addresses of the benchmarking range 198.18.0.0/15
 * make a shared one unlikely (the names use `block` only to tell runs apart). */
const firstAddress = Math.floor(Math.random() * 65_000);
let next = 0;
const addressOf = (index: number) => {
  const n = firstAddress + index;
  return `198.18.${n >> 8}.${n & 255}`;
};

async function send(request: APIRequestContext, data: Record<string, unknown>) {
  const sent = await request.post('/api/conversions', {
    data,
    headers: { 'user-agent': PERSON_UA, 'x-forwarded-for': addressOf(next++) },
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
  // A goal about one form, which the list names (docs/decisions/0412-form-and-file-goals.md);
  // a download goal offers the gated files.
  const formGoal = `Demo requests ${block}`;
  await dialog.getByLabel('Name').fill(formGoal);
  await dialog.getByLabel('Counts').selectOption('event');
  await dialog.getByLabel('Event').selectOption('file_download');
  await expect(dialog.getByLabel('Gated file')).toContainText('Any file download');
  await dialog.getByLabel('Event').selectOption('form_submit');
  await dialog.getByLabel('Form', { exact: true }).selectOption({ label: 'Demo request (dialog)' });
  await dialog.getByRole('button', { name: 'Add goal' }).click();
  await expect(dialog.getByTestId('goal-list')).toContainText(
    'Event: Form sent: Demo request (dialog)',
  );
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'analytics-goals-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: `Delete goal ${formGoal}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete goal' }).click();
  await expect(dialog.getByTestId('goal-list')).not.toContainText(formGoal);
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

test('a goal by page and by source, kept over a reload, and a funnel built from goals', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const host = `ref-${block}-${Date.now().toString(36)}.example`;
  // Two visitors come to /pricing from one referrer; one of them follows an outbound link.
  await send(request, {
    landingPageId: 'pricing',
    eventType: 'page_view',
    attribution: { referrerHost: host },
  });
  await send(request, {
    landingPageId: 'pricing',
    eventType: 'page_view',
    attribution: { referrerHost: host },
  });
  next--; // the same visitor (address and user agent) as the last view
  await send(request, {
    landingPageId: 'pricing',
    eventType: 'outbound_click',
    metadata: { source: 'partner.example' },
  });
  next++;

  await signIn(page);
  const made: Goal[] = [];
  const add = async (body: object) => {
    const response = await page.request.post('/api/admin/goals', { data: body });
    expect(response.status(), await response.text()).toBe(201);
    made.push((await response.json()) as Goal);
    return made.at(-1)!;
  };
  try {
    const views = await add({ name: `Pricing page ${block}`, kind: 'page', match: '/pricing' });
    const clicks = await add({
      name: `Partner clicks ${block}`,
      kind: 'event',
      match: 'outbound_click',
    });

    await page.goto('/admin/analytics');
    const choose = page.getByRole('button', { name: clicks.name, exact: true });
    await choose.click();
    await expect(choose).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]goal=${clicks.id}`));
    const breakdown = page.getByTestId('goal-breakdown');
    await expect(breakdown.getByRole('heading', { level: 4 })).toContainText(
      `${clicks.name} by page and by source`,
    );
    // A reload keeps the goal chosen.
    await page.reload();
    await expect(breakdown.getByTestId('goal-pages-table')).toContainText('/pricing');
    const source = breakdown.getByTestId('goal-sources-table').getByRole('row', { name: host });
    // One click from the referrer's two visitors: 1 conversion, 1 converter, 50%.
    await expect(source.getByRole('cell')).toHaveText(['1', '1', '50%']);
    await settled(page);
    await expectNoAxeViolations(page);
    await breakdown.scrollIntoViewIfNeeded();
    await shoot(page, 'analytics-goal-breakdown');

    // Hide: the tables go, the URL forgets the goal, focus is back on the goal's button.
    await breakdown.getByRole('button', { name: 'Hide' }).click();
    await expect(breakdown).toHaveCount(0);
    await expect(page.getByRole('button', { name: clicks.name, exact: true })).toBeFocused();
    await expect(page).not.toHaveURL(/goal=/);

    // The funnel from goals, by keyboard: one step is refused with a sentence, two are kept.
    const build = page.getByRole('button', { name: 'Build funnel' });
    await build.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Funnel from goals' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Step 1').selectOption(views.id);
    await dialog.getByRole('button', { name: 'Save funnel' }).press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('The funnel must have at least 2 steps');
    await dialog.getByLabel('Step 2').selectOption(clicks.id);
    await settled(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-funnel-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save funnel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(build).toBeFocused();
    const funnel = page.getByTestId('funnel');
    await expect(funnel).toHaveAttribute('data-funnel', 'goals');
    const steps = funnel.getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText(views.name);
    await expect(steps.nth(1)).toContainText(clicks.name);
    await expect(steps.nth(1)).toContainText(`of ${views.name}`);
    await settled(page);
    await expectNoAxeViolations(page);
    await funnel.scrollIntoViewIfNeeded();
    await shoot(page, 'analytics-goal-funnel');

    // The default funnel again.
    await build.click();
    await dialog.getByRole('button', { name: 'Use the default funnel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(funnel).toHaveAttribute('data-funnel', 'default');
  } finally {
    await page.request.put('/api/admin/goals/funnel', { data: { goalIds: [] } });
    for (const goal of made) await page.request.delete(`/api/admin/goals/${goal.id}`);
  }
});
