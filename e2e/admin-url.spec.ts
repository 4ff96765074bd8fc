// Issue 22 A, the admin as a new user meets it: the tab and the lead filters live in the
// URL (reload, Back and a bookmark keep the view), dialogs give focus back to what opened
// them and close with one Escape even while a toast shows, API failures read as sentences,
// the new page's slug follows its title, and /admin before the first administrator says
// where the setup link is. Nothing here creates a page, so it runs on the pristine server.
// Screenshots at 1280 and 390 px go to /tmp/shots-G/.
import { expect, test, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots-G';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the tab and the lead filters are in the URL: reload, Back and a link keep the view', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('tab', { name: /^Leads/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await page.getByLabel('Status').selectOption('new');
  await expect(page).toHaveURL(/\/admin\/leads\?status=new$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('quinlan');
  await expect(page).toHaveURL(/\/admin\/leads\?status=new&q=quinlan$/);

  await page.reload();
  await expect(page.getByRole('tab', { name: /^Leads/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('quinlan');

  // The search refined the view in place; Back undoes the status, then leaves the tab.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: /^Leads/ })).toHaveAttribute('aria-selected', 'true');

  // A shared link opens that view.
  await page.goto('/admin/images');
  await expect(page.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/leads?status=contacted');
  await expect(page.getByLabel('Status')).toHaveValue('contacted');
  await shoot(page, 'leads-filtered');

  // The Account area returns to the tab it was opened from, filters and all.
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await page.getByRole('button', { name: /Back to the Landing Page Manager/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?status=contacted$/);
});

test('dialogs return focus to their opener and one Escape closes them over a toast', async ({
  page,
}) => {
  await signIn(page);
  const opener = page.getByRole('button', { name: 'New Page' });
  await opener.click();
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await page.keyboard.press('Escape');
  await expect(create).toHaveCount(0);
  await expect(opener).toBeFocused();

  // A refused slug: the failure toast appears while the dialog stays open, in words.
  await opener.click();
  await create.getByLabel('Title').fill('Admin area');
  await create.getByLabel('URL Slug').fill('admin');
  await create.getByRole('button', { name: 'Create Page' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Failed to create landing page');
  await expect(toast).not.toContainText(/\b[45]\d\d:/);
  await expect(create.getByText(/^The slug /)).toBeVisible();
  await shoot(page, 'create-refused');
  await page.keyboard.press('Escape');
  await expect(create).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a new page: the slug follows the title, is cleaned, and errors are sentences', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('button', { name: 'New Page' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(create.getByText('Enter a title for the page.')).toBeVisible();
  await create.getByLabel('Title').fill('Spring Sale 2026!');
  await expect(create.getByLabel('URL Slug')).toHaveValue('spring-sale-2026');
  // The error was about the empty title; typing one clears it.
  await expect(create.getByText('Enter a title for the page.')).toHaveCount(0);
  // A slug typed by hand stays the administrator's; leaving the field cleans it.
  await create.getByLabel('URL Slug').fill('Spring--Offer-');
  await expect(create.getByLabel('URL Slug')).toHaveValue('spring--offer-');
  await create.getByLabel('Title').fill('Spring Sale 2027');
  await expect(create.getByLabel('URL Slug')).toHaveValue('spring-offer');
  await shoot(page, 'create-slug');
});

test('/admin before the first administrator says where the setup link is', async ({ page }) => {
  // The test server always has an administrator (E2E_ADMIN), so the answer of "is one
  // needed?" is replaced for this page only; the setup flow itself is tested in the API tests.
  await page.route('**/api/auth/setup', (route) =>
    route.fulfill({ json: { needed: true, valid: false } }),
  );
  await page.goto('/admin');
  const hint = page.getByTestId('first-run-hint');
  await expect(hint).toContainText('No administrator exists yet.');
  await expect(hint).toContainText('npm start');
  await shoot(page, 'first-run');
});
