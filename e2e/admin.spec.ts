// The admin's Pages tab end to end: sign-in, create, edit (JSON and sections), bad
// input, reset and delete confirmations, versions, and a save reaching the run-time page
// (editor.spec.ts follows one to the rebuilt page).
import { expect, test, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { normalizeSlug } from '../functions/shared/slug.ts';

// Creating a page opens its editor (issue 35), a heavier screen than the page list: room
// for a slow machine, never a fixed wait.
test.describe.configure({ timeout: 90_000 });

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createPage(
  page: Page,
  title: string,
  slugInput: string,
  publish = false,
  start: 'Product pitch' | 'Placeholder content' = 'Product pitch',
) {
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('URL Slug').fill(slugInput);
  await dialog.getByRole('radio', { name: new RegExp(`^${start}`) }).check();
  // New pages are drafts unless published (docs/decisions/0065-new-pages.md).
  if (publish) await dialog.getByRole('checkbox', { name: 'Publish now' }).check();
  await dialog.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page)).toHaveText(/Landing page created successfully/);
  await expect(dialog).toBeHidden();
  // The editor opens on the new page (issue 35): closed here, the tests open it from its card.
  const editor = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(editor.getByLabel('Title')).toHaveValue(title);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
}

const toast = (page: Page) => page.getByTestId('toast');
const card = (page: Page, title: string) =>
  page.getByTestId('page-card').filter({ hasText: title });

test('sign-in is required, wrong passwords are refused, and signing out ends the session', async ({
  page,
}) => {
  expect((await page.request.get('/api/landing-pages')).status()).toBe(401);
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { name: 'Sign in to the Landing Page Manager' }),
  ).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('not-the-right-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Manage your landing pages and track conversions')).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(E2E_ADMIN.email);
  await expect(page.getByRole('tab')).toHaveText(['Pages', 'Analytics', 'Images', /^Leads/]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(
    page.getByRole('heading', { name: 'Sign in to the Landing Page Manager' }),
  ).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('the Pages tab: skeletons, create with a normalised slug, edit, toggle, and exact toasts', async ({
  page,
}) => {
  // The first list is held until its loading state has been seen.
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(
    '**/api/landing-pages',
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  await signIn(page);
  await expect(page.getByTestId('page-skeleton')).toHaveCount(6);
  release();
  await expect(card(page, 'PharmaBridge home')).toBeVisible();

  const id = unique('x').slice(2);
  const title = `Spring Campaign ${id}`;
  await page.getByRole('button', { name: 'New Page' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await create.getByLabel('URL Slug').fill(`Spring Campaign ${id} 2026!`);
  await expect(create.getByLabel('URL Slug')).toHaveValue(`spring-campaign-${id}-2026-`);
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(create.getByText('Enter a title for the page.')).toBeVisible();
  // Sending cleans the slug: no trailing hyphen in the address.
  await expect(create.getByLabel('URL Slug')).toHaveValue(`spring-campaign-${id}-2026`);
  await create.getByLabel('Title').fill(title);
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page)).toHaveText(/^Landing page created successfully/);
  const created = card(page, title);
  await expect(created).toContainText(`/spring-campaign-${id}-2026`);
  await expect(created.getByTestId('page-status')).toHaveText('Draft');

  // The editor opens on the new page (issue 35).
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Title').fill(`${title} edited`);
  await edit.getByRole('switch', { name: 'Active' }).click();
  // The block forms and the JSON stay in sync.
  await edit.locator('[data-block-row="hero"] [data-control="select"]').click();
  await edit.getByLabel('Headline', { exact: true }).fill('Contract-clean data from day one');
  await edit.getByRole('tab', { name: 'JSON' }).click();
  await expect(edit.getByLabel('Content (JSON)')).toHaveValue(
    /"headline": "Contract-clean data from day one"/,
  );
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toHaveText(/^Landing page updated successfully/);
  await expect(toast(page)).toHaveAttribute('data-variant', 'default');
  const edited = card(page, `${title} edited`);
  // The switch published the draft.
  await expect(edited.getByTestId('page-status')).toHaveText(/^Live/);

  // A failure: the slug of another page.
  await edited.getByRole('button', { name: `Edit ${title} edited` }).click();
  await edit.getByLabel('URL Slug').fill('default');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Failed to update landing page');
  // A sentence, never the raw status line.
  await expect(toast(page)).toContainText("The slug 'default' is already used by another page.");
  await expect(toast(page)).not.toContainText('409');
  await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
  await expect(edit.getByText('is already used by another page')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(1);
});

test('invalid JSON and schema errors are shown and nothing is saved', async ({ page }) => {
  await signIn(page);
  const title = unique('Schema check');
  await createPage(page, title, title);
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.getByRole('tab', { name: 'JSON' }).click();
  const json = edit.getByLabel('Content (JSON)');
  const original = await json.inputValue();

  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts += 1;
  });
  await json.fill('{ "hero": ');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toContainText('Invalid JSON content');
  await expect(edit.getByRole('alert')).toContainText('line 1, column 11');
  expect(puts).toBe(0);

  const broken = JSON.parse(original) as {
    hero: Record<string, unknown>;
    brand: Record<string, unknown>;
  };
  broken.hero['headline'] = 'x'.repeat(201);
  broken.brand['slogan'] = 'unknown field';
  await json.fill(JSON.stringify(broken, null, 2));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Failed to update landing page');
  const errors = edit.getByTestId('content-errors');
  await expect(errors).toContainText('hero.headline must be at most 200 characters');
  await expect(errors).toContainText('brand.slogan is not a known field');
  // The hero block's form points at the field too.
  await edit.getByRole('tab', { name: 'Blocks' }).click();
  await edit.locator('[data-block-row="hero"] [data-control="select"]').click();
  await expect(edit.getByLabel('Headline', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  const stored = await page.request.get('/api/landing-pages');
  const pages = (await stored.json()) as { title: string; content: unknown }[];
  expect(pages.find((p) => p.title === title)?.content).toEqual(JSON.parse(original));
});

test('reset asks for confirmation; delete asks too and the page can be restored', async ({
  page,
}) => {
  await signIn(page);
  const title = unique('Reset me');
  // Placeholder content, so the reset to the template changes something to compare.
  await createPage(page, title, title, false, 'Placeholder content');

  await card(page, title)
    .getByRole('button', { name: `Reset ${title} to latest template` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Reset this page to the latest template? This will overwrite all current content.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await card(page, title)
    .getByRole('button', { name: `Reset ${title} to latest template` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page)).toHaveText(/^Landing page reset to latest template successfully/);

  // The reset kept the previous content as a version, with a diff.
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.getByRole('tab', { name: 'Versions' }).click();
  await expect(edit.getByTestId('version')).toHaveCount(1);
  await expect(edit.getByTestId('version')).toContainText('Version 1');
  await expect(edit.getByTestId('version')).toContainText('Before a reset to the template');
  await edit.getByRole('button', { name: 'Compare' }).click();
  await expect(edit.getByTestId('version-diff')).toContainText('hero.headline');
  await expect(edit.getByTestId('version-diff')).toContainText('Transform Your Business');
  // Restoring asks first and says what will change.
  await edit.getByRole('button', { name: 'Restore' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(ask).toContainText('hero.headline');
  await ask.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(toast(page)).toHaveText(/^Version restored successfully/);
  await edit.getByRole('tab', { name: 'JSON' }).click();
  await expect(edit.getByLabel('Content (JSON)')).toHaveValue(/Transform Your Business/);
  await edit.getByRole('tab', { name: 'Versions' }).click();
  await expect(edit.getByTestId('version')).toHaveCount(2);
  await edit.getByRole('button', { name: 'Close' }).click();

  await card(page, title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const del = page.getByRole('alertdialog');
  await expect(del).toContainText('Delete this page?');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toHaveText(/^Landing page deleted successfully/);
  await expect(card(page, title)).toHaveCount(0);

  await page.getByRole('button', { name: 'Deleted pages' }).click();
  await page.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(toast(page)).toHaveText(/^Landing page restored successfully/);
  await expect(card(page, title)).toBeVisible();

  await page.getByRole('button', { name: 'Audit log' }).click();
  // Other tests sign in on the same server meanwhile: find this page's entry, not the newest.
  const restored = page
    .getByTestId('audit-entry')
    .filter({ hasText: `${title} (/` })
    .filter({ hasText: 'deleted page restored' });
  await expect(restored).toHaveCount(1);
  await expect(restored).toContainText('Restored');
  await expect(restored).toContainText(E2E_ADMIN.email);
});

test('works from the keyboard alone, with live field checks in the structured editor', async ({
  page,
}) => {
  await signIn(page);
  const title = unique('Keyboard');
  await page.getByRole('button', { name: 'New Page' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(toast(page)).toHaveText(/^Landing page created successfully/);

  // The editor opens on the new page (issue 35), its title focused.
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit.getByLabel('Title')).toBeFocused();
  const headline = edit.getByLabel('Headline', { exact: true });
  await headline.fill('x'.repeat(201));
  await expect(headline).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByText('must be at most 200 characters')).toBeVisible();
  await headline.fill('Short and valid');
  await expect(headline).toHaveAttribute('aria-invalid', 'false');
  // Escape asks before dropping the edit; the keyboard answers.
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Discard changes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
});

test('the analytics button opens the Analytics tab for that page', async ({ page }) => {
  await signIn(page);
  await card(page, 'PharmaBridge home')
    .getByRole('button', { name: 'Analytics for PharmaBridge home' })
    .click();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Conversion Analytics' })).toBeVisible();
  // The page picker shows the card's page, preselected.
  await expect(page.getByLabel('Page', { exact: true }).locator('option:checked')).toHaveText(
    /PharmaBridge home/,
  );
});

test('an expired session asks to sign in again and keeps the unsaved edit', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  // The page's timers on Playwright's clock (time flows as usual until paused below).
  await page.clock.install();
  // The page's requests still under way, counted in the page (see the pause below).
  await page.addInitScript(() => {
    const counted = window as typeof window & { pendingFetches?: number };
    counted.pendingFetches = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof window.fetch>) => {
      counted.pendingFetches! += 1;
      return fetch(...args).finally(() => {
        counted.pendingFetches! -= 1;
      });
    };
  });
  await signIn(page);
  const title = unique('Keep my edit');
  await createPage(page, title, title);
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.locator('[data-block-row="final-cta"] [data-control="select"]').click();
  await edit.getByLabel('Headline', { exact: true }).fill('Questions our customers ask');
  // The editor's fresher copy of the page has arrived (Save is enabled only then): React
  // Query delivers it on a timer, which would never run on the paused clock below.
  const saveButton = edit.getByRole('button', { name: 'Save Changes' });
  await expect(saveButton).toBeEnabled();
  // While a rebuild runs (this server's other specs keep it rebuilding) the build status
  // polls every 1.5 s, and a poll without the session would ask to sign in before the save
  // does: the page's timers wait until the save has asked. (Paused a little ahead of the
  // page's time, which flows meanwhile; the timers due until then run with the session.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
  // A poll those timers sent is answered before the session ends: sent after, it would go
  // without the cookie and ask to sign in before the save does (a CI run, where the dialog
  // asking hid the editor's Save button).
  await expect
    .poll(() =>
      page.evaluate(() => (window as typeof window & { pendingFetches?: number }).pendingFetches),
    )
    .toBe(0);
  // The session ends (as at expiry): the cookie no longer matches a session.
  await context.clearCookies();
  await saveButton.click();
  const again = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(again).toBeVisible();
  await page.clock.resume();
  await again.getByLabel('Email').fill(E2E_ADMIN.email);
  await again.getByLabel('Password').fill(E2E_ADMIN.password);
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(toast(page)).toHaveText(/^Landing page updated successfully/);
  const pages = (await (await page.request.get('/api/landing-pages')).json()) as {
    title: string;
    content: { finalCTA: { headline: string } };
  }[];
  expect(pages.find((p) => p.title === title)?.content.finalCTA.headline).toBe(
    'Questions our customers ask',
  );
});

// The prebuilt page after a save, the View link's switch to it and the time from save to
// public page are checked by editor.spec.ts's block forms test, which waits for that rebuild.
test('a saved headline is on the run-time page at once, while the site rebuilds', async ({
  page,
  context,
}) => {
  // Edited while the server builds the site with the new page (the build takes a core).
  test.setTimeout(60_000);
  await signIn(page);
  const title = unique('Rebuild check');
  const slug = normalizeSlug(title);
  await createPage(page, title, slug, true);
  const visitor = await context.browser()!.newContext();
  const publicPage = await visitor.newPage();

  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  const headline = `Rebuilt headline ${Date.now()}`;
  await edit.getByLabel('Headline', { exact: true }).fill(headline);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toHaveText(/^Landing page updated successfully/);
  await expect(page.getByTestId('build-status')).toHaveAttribute('data-state', 'building');
  // The run-time copy reads the page from the API: the new headline, without the rebuild.
  expect((await publicPage.goto(`/legacy/${slug}`))?.status()).toBe(200);
  await expect(publicPage.getByTestId('hero-headline')).toContainText(headline);
  await visitor.close();
});

test('axe finds no violation on the sign-in page and the manager', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { name: 'Sign in to the Landing Page Manager' }),
  ).toBeVisible();
  // Waits for transitions (a button just enabled fades from grey), not animations: the build
  // status dot pulses for as long as a build runs.
  const check = () => expectNoAxeViolations(page);
  await check();
  await signIn(page);
  await expect(page.getByTestId('page-card').first()).toBeVisible();
  await check();
  await page
    .getByTestId('page-card')
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit).toBeVisible();
  // Save is enabled once the editor's fresher copy has arrived, and its colour then fades
  // from grey: read the form as it stays (a CI run read it mid-fade, after the wait for
  // transitions had passed).
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await check();
  await context.close();
});
