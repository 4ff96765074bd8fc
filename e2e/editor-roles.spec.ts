// An editor that fits each role and says one thing (issue 35): reviewers and sales open a
// read-only view of a page with their own actions and wording; the editor's one status line,
// one revision number in the header and the Review tab, a "Restore my edits" offer that
// goes once the page has been saved after those edits, the editor opening on a created page,
// and a schedule field whose hint names the same time zone. The API's side (a draft asks for
// no rebuild) is functions/routes/landing-pages.editor.test.ts's.
import { expect as baseExpect, test, type Locator, type Page } from 'playwright/test';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { as, member } from './members.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots';
// The shared machine can be slow to answer: waits, never fixed sleeps, with room to spare.
const expect = baseExpect.configure({ timeout: 45_000 });
const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const draftKey = (pageId: string) => `pharmabridge-admin:draft:${pageId}`;

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens a page from its card: Edit for editors, Open for the read-only roles. */
async function openFromCard(page: Page, title: string, button: 'Edit' | 'Open') {
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: `${button} ${title}` })
    .click();
  const dialog = page.getByRole('dialog', {
    name: button === 'Edit' ? 'Edit Landing Page' : 'View Landing Page',
  });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Nothing in the page view edits it: no field, no switch, no block to add or remove, no Save. */
async function expectReadOnly(view: Locator) {
  const main = view.getByTestId('read-only-view');
  await expect(main).toBeVisible();
  await expect(main.locator('input, textarea, select, [contenteditable="true"]')).toHaveCount(0);
  await expect(view.getByRole('switch')).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Add block' })).toHaveCount(0);
  await expect(view.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(view.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(view.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await expect(view.getByRole('tab', { name: 'JSON' })).toHaveCount(0);
}

test('reviewers and sales open a read-only view of a page, with their own actions and wording', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const title = unique('Read only');
  const slug = normalizeSlug(title);
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content: landingTemplate() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A second revision, so the Versions tab has a version to compare.
  const saved = await request.put(`/api/landing-pages/${id}`, {
    data: { title, revision: 1, content: { ...landingTemplate(), seo: { noindex: true } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const reviewerAccount = await member(request, 'reviewer');
  const salesAccount = await member(request, 'sales');

  // The reviewer: the page, its address, what they do (comment, sign), and the Review tab.
  const reviewer = await as(browser, reviewerAccount);
  await expect(
    reviewer
      .getByTestId('page-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Edit ${title}` }),
  ).toHaveCount(0);
  let view = await openFromCard(reviewer, title, 'Open');
  await expectReadOnly(view);
  await expect(view.getByTestId('edited-copy')).toHaveText(
    'Read only: you review this page (comment and approve in the Review tab)',
  );
  await expect(view.getByTestId('read-only-view')).toContainText(
    'You review pages: read this one here or open it in a new tab, comment on it, and approve',
  );
  await expect(
    view.getByRole('link', { name: 'Open the live page (opens in a new tab)' }),
  ).toHaveAttribute('href', `/${slug}`);
  await expect(view.getByTestId('live-preview')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Copy the page address' })).toHaveCount(0);
  // The one control that writes is the comment box of the Review tab (and what it is about):
  // what reviewers do.
  // Polled: the Review tab's comment box renders once its comments have loaded.
  await expect
    .poll(() =>
      view.locator('input, textarea, select').evaluateAll((all) => all.map((el) => el.id)),
    )
    .toEqual(['new-comment-about', 'new-comment']);
  await expectNoAxeViolations(reviewer, {
    include: ['[data-testid="read-only-view"]', '#edit-page-address'],
  });
  await shoot(reviewer, 'read-only-reviewer');
  await view.getByRole('tab', { name: 'Versions' }).click();
  await expect(view.getByRole('button', { name: /^Compare the version/ })).toHaveCount(1);
  await expect(view.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await view.getByRole('button', { name: 'Comment or approve' }).click();
  await expect(view.getByRole('tab', { name: 'Review', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await view.getByLabel('Add a comment').fill('The claim in the hero needs its reference.');
  await view.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(view.getByTestId('comment-thread')).toContainText(
    'The claim in the hero needs its reference.',
  );
  await view.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(view).toBeHidden();

  // Sales: they read and share; no review, no comment box, no input at all.
  const sales = await as(browser, salesAccount);
  await sales.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  view = await openFromCard(sales, title, 'Open');
  await expectReadOnly(view);
  await expect(view.getByTestId('edited-copy')).toHaveText(
    'Read only: you read this page and share its address',
  );
  await expect(view.getByTestId('read-only-view')).toContainText(
    'You read and share pages: read this one here, open it in a new tab, or copy its public address to send it.',
  );
  await expect(view.getByRole('button', { name: 'Comment or approve' })).toHaveCount(0);
  await expect(view.locator('input, textarea, select')).toHaveCount(0);
  await expect(view.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await view.getByRole('button', { name: 'Copy the page address' }).click();
  await expect(view.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await sales.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/${slug}`, sales.url()).href,
  );
  await shoot(sales, 'read-only-sales');
  for (const page of [reviewer, sales]) await page.context().close();
});

test('one status line and revision, a restore offer that goes once saved over, the editor on a created page, one time zone', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  // "Create page" opens the editor on the new draft, which says it stays a draft.
  const admin = await as(browser, E2E_ADMIN);
  const draftTitle = unique('Fresh draft');
  await admin.getByRole('button', { name: 'New Page' }).click();
  const create = admin.getByRole('dialog', { name: 'Create New Landing Page' });
  await create.getByLabel('Title').fill(draftTitle);
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(create).toBeHidden();
  let edit = admin.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit.getByLabel('Title')).toHaveValue(draftTitle);
  await expect(edit.getByLabel('Title')).toBeFocused();
  await expect(edit.getByTestId('edited-copy')).toHaveText(
    'Draft: visitors cannot see it; saving keeps it a draft',
  );
  await expect(edit.getByTestId('editor-revision')).toHaveText('· revision 1');
  await expect(edit).not.toContainText('saving publishes');
  await expect(edit).not.toContainText('once the site is rebuilt');
  await shoot(admin, 'editor-header-draft');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // A live page an editor changes through its working copy, in two tabs of one browser.
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const title = unique('Kept edits');
  const created = await request.post('/api/landing-pages', {
    data: { title, slug: normalizeSlug(title), isActive: true, content: landingTemplate() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const first = await as(browser, await member(request, 'editor'));
  const firstEdit = await openFromCard(first, title, 'Edit');
  await expect(firstEdit.getByTestId('edited-copy')).toHaveText(
    'Working copy: visitors keep the live version until it is published',
  );
  await firstEdit.getByLabel('Headline', { exact: true }).fill('Edits from the first tab');
  const kept = () => first.evaluate((key) => localStorage.getItem(key), draftKey(id));
  await expect.poll(kept).toContain('Edits from the first tab');

  // The second tab is offered the first tab's edits; it saves its own instead.
  const second = await first.context().newPage();
  await second.goto(`/admin?edit=${id}`);
  edit = second.getByRole('dialog', { name: 'Edit Landing Page' });
  const offer = edit.getByTestId('draft-offer');
  await expect(offer.getByRole('button', { name: 'Restore my edits' })).toBeVisible();
  await edit.getByLabel('Title').fill(`${title}, saved`);
  await edit.getByRole('button', { name: 'Save working copy' }).click();
  await expect(second.getByTestId('toast')).toContainText('Working copy saved');
  await expect(offer).toHaveCount(0);

  // One revision, the same in the header and the Review tab: the working copy's.
  const read = await request.get(`/api/admin/pages/${id}`);
  const copyRevision = ((await read.json()) as { workflow: { workingCopy: { revision: number } } })
    .workflow.workingCopy.revision;
  expect(copyRevision).toBe(2);
  await expect(edit.getByTestId('editor-revision')).toHaveText(`· revision ${copyRevision}`);
  await edit.getByRole('tab', { name: 'Review', exact: true }).click();
  const panel = edit.getByTestId('workflow-panel');
  await expect(panel).toContainText(`the working copy, revision ${copyRevision}.`);
  expect((await panel.innerText()).match(/revision \d+/g)).toEqual([`revision ${copyRevision}`]);
  await shoot(second, 'editor-header-working-copy');

  // The first tab keeps typing: those edits were made before the save, which is newer.
  await firstEdit.getByLabel('Headline', { exact: true }).fill('Older edits, typed on');
  await expect.poll(kept).toContain('Older edits, typed on');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  // The card names the live title; the editor edits the working copy's.
  edit = await openFromCard(second, title, 'Edit');
  await expect(edit.getByLabel('Title')).toHaveValue(`${title}, saved`);
  await expect(edit.getByTestId('draft-offer')).toHaveCount(0);
  await expect
    .poll(() => second.evaluate((key) => localStorage.getItem(key), draftKey(id)))
    .toBe(null);
  await first.context().close();

  // The schedule field and its hint name the same time zone (the browser's: Berlin).
  await admin.reload();
  edit = await openFromCard(admin, title, 'Edit');
  await edit.getByRole('tab', { name: 'Review', exact: true }).click();
  await edit.getByRole('button', { name: 'Schedule publish...' }).click();
  const schedule = admin.getByRole('dialog', { name: 'Schedule the publish' });
  const field = schedule.getByLabel('Date and time in Europe/Berlin');
  await expect(schedule).toContainText(
    "Enter it in Europe/Berlin time, this browser's time zone; it is stored in UTC.",
  );
  await field.fill('2030-06-03T10:30');
  await expect(schedule).toContainText(
    '2030-06-03 10:30 in Europe/Berlin is 2030-06-03 08:30 UTC.',
  );
  await shoot(admin, 'schedule-time-zone');
  await admin.keyboard.press('Escape');
  await expect(schedule).toBeHidden();
  await admin.context().close();
});
