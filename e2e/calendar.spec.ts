// The content calendar (issue 37, /admin/calendar): opened from the Pages area, a live page's
// event and a scheduled unpublish shown in the month, week and agenda views; filtered by
// type; the view, the day and the filters kept across a reload; the month grid worked by
// keyboard (arrow keys, Page Down, Enter into the day's list); an entry followed to its page's
// editor; a feed made and revoked in its dialog, focus back on its opener. Axe on each view
// and the dialog; screenshots at 1280 and 390 px in /tmp/shots/cal-shots/ (looked at, not
// compared). The browser's clock is fixed in March 2027, a month no other spec plans in, so
// the calendar opens there.
import { expect, test } from 'playwright/test';
import { blocksOf, type Block } from '../functions/shared/blocks.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';

const DIR = '/tmp/shots/cal-shots';
const shoot = screenshotsIn(DIR);

test.use({ timezoneId: 'UTC', locale: 'en-GB' });

test('the calendar shows, filters and links what is planned, and keeps its view in the URL', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const title = `Calendar page ${suffix}`;
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const content = landingTemplate();
  const layout: Block[] = blocksOf(content);
  layout.splice(layout.length - 1, 0, {
    id: 'launch-webinar',
    type: 'event',
    title: `Launch webinar ${suffix}`,
    startsAt: '2027-03-17T16:00',
    timeZone: 'Europe/Berlin',
    durationMinutes: 60,
    agenda: [],
    speakers: [],
  });
  const created = await request.post('/api/landing-pages', {
    data: { title, slug: `calendar-${suffix}`, isActive: true, content: { ...content, layout } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const scheduled = await request.post(`/api/landing-pages/${id}/unpublish`, {
    data: { at: '2027-03-24T09:00:00Z' },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(202);

  await page.clock.setFixedTime(new Date('2027-03-10T10:00:00Z'));
  await signIn(page);
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/calendar$/);
  const view = page.getByTestId('calendar-view');
  await expect(view.getByRole('heading', { name: 'Content calendar', level: 2 })).toBeFocused();
  await expect(page.getByTestId('calendar-period')).toHaveText('March 2027');
  const grid = view.getByRole('grid', { name: 'Days of March 2027' });
  const eventLink = grid.getByRole('link', {
    name: new RegExp(`^Event, .*Launch webinar ${suffix}`),
  });
  await expect(eventLink).toBeVisible();
  await expect(
    grid.getByRole('link', { name: new RegExp(`^Scheduled unpublish, 09:00: ${title}$`) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'month');

  // The keyboard: the selected day (today) is the grid's one tab stop; arrows move by day and
  // week, in the URL; Enter goes to the day's list, whose links are the day's entries.
  const today = grid.getByRole('gridcell', { selected: true });
  await today.focus();
  await expect(today).toHaveAttribute('data-day', '2027-03-10');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/date=2027-03-17/);
  await expect(grid.locator('[data-day="2027-03-17"]')).toBeFocused();
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  const dayList = view.getByTestId('calendar-day');
  await expect(dayList.getByRole('heading', { name: /^Wednesday,? 17 March 2027$/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    dayList.getByRole('link', { name: new RegExp(`Launch webinar ${suffix}`) }),
  ).toBeFocused();
  // Page Down: the next month, the same day, focus on it.
  await grid.locator('[data-day="2027-03-17"]').focus();
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('calendar-period')).toHaveText('April 2027');
  await expect(view.locator('[data-day="2027-04-17"]')).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(view.locator('[data-day="2027-03-17"]')).toBeFocused();

  // The week view, then the agenda; a reload keeps the view, the day and the filters.
  await view.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByTestId('calendar-period')).toHaveText(/^15 Mar 2027 – 21 Mar 2027$/);
  await expect(view.getByRole('grid', { name: 'Days of the week' })).toContainText(
    `Launch webinar ${suffix}`,
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'week');
  await view.getByRole('button', { name: 'Agenda', exact: true }).click();
  const agenda = view.getByTestId('calendar-agenda');
  await expect(agenda).toContainText(`Launch webinar ${suffix}`);
  await expect(agenda).toContainText(title);
  await view.getByRole('checkbox', { name: 'Event' }).uncheck();
  await expect(page).toHaveURL(
    /types=publish%2Cunpublish%2Cexpiry%2Creview-by%2Cexperiment-start%2Cexperiment-end/,
  );
  await expect(agenda).not.toContainText(`Launch webinar ${suffix}`);
  await expect(agenda.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('calendar-agenda')).toContainText(title);
  await expect(page.getByTestId('calendar-agenda')).not.toContainText(`Launch webinar ${suffix}`);
  await expect(page.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('checkbox', { name: 'Event' })).not.toBeChecked();
  await expect(page).toHaveURL(/date=2027-03-17/);
  // A filter's tooltip says what the type is, on keyboard focus too.
  await expectTooltip(
    page.getByRole('checkbox', { name: 'Approval expires' }),
    "A page's approval ends",
  );
  // Escape closes it (axe counts an open tip as content outside the landmarks).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'agenda');

  // A feed: made (its address shown once), listed, revoked; focus back on the button.
  const feedsButton = page.getByRole('button', { name: 'Calendar feeds' });
  await feedsButton.click();
  const dialog = page.getByRole('dialog', { name: 'Calendar feeds' });
  await dialog.getByRole('button', { name: 'Make feed' }).click();
  await expect(dialog).toContainText('Label is required.');
  await dialog.getByLabel('Label').fill(`Laptop ${suffix}`);
  await dialog.getByRole('button', { name: 'Make feed' }).click();
  const address = dialog.getByLabel(`Address of the feed Laptop ${suffix}`);
  await expect(address).toBeFocused();
  const url = new URL(await address.inputValue());
  const ics = await request.get(url.pathname);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain(`SUMMARY:Scheduled unpublish: ${title}`);
  await expectNoAxeViolations(page);
  await shoot(page, 'feeds', { fullPage: false });
  await dialog.getByRole('button', { name: `Revoke the feed Laptop ${suffix}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  // Revoked: the confirmation closes, the row goes and focus lands on the list's heading.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(dialog.getByTestId('feed').filter({ hasText: `Laptop ${suffix}` })).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Feeds made' })).toBeFocused();
  expect((await request.get(url.pathname)).status()).toBe(404);
  await page.keyboard.press('Escape');
  await expect(feedsButton).toBeFocused();

  // An entry leads to its page's editor.
  await page
    .getByTestId('calendar-agenda')
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?edit=${id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Landing Page' })).toBeVisible();
});

test('the calendar says, as a sentence, when it cannot be loaded', async ({ page }) => {
  // The one stand-in of this file: the shared server's data store cannot be stopped for one
  // spec, so the browser gets the API's own error envelope for a store that does not answer.
  await page.route('**/api/admin/calendar?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'unavailable', message: 'The data store is not answering' },
      }),
    }),
  );
  await signIn(page);
  await page.goto('/admin/calendar?view=agenda&date=2027-03-01');
  await expect(page.getByRole('alert')).toHaveText(
    'The calendar could not be loaded: The data store is not answering.',
  );
});
