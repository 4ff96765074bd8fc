// With approvals required (issue 33, docs/decisions/0300 and 0301), the admin says where a
// change to what visitors see went instead: New Page's "Publish now" is refused at the box,
// a version restored onto a live page lands in its working copy, new alt text for an image a
// live page shows makes a new image that the page's working copy takes. The setting is
// global, so this spec runs on the settings server, one spec at a time (playwright.config.ts,
// project "settings") and switches it back off at the end.
import { expect, test, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { publishThroughApi } from './media-upload.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = process.env['REVIEW_SHOTS'] ?? '/tmp/shots/review-answers';
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page) => page.getByTestId('toast');

/** The publishing settings section alone at both widths (scrolled to). */
async function shootSettings(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page.getByTestId('publishing-settings'), {
      path: `${SHOTS}/${name}-${width}.png`,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Screenshots at both widths (for looking, not asserting). */
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

test('with approvals required, each refused or redirected change is said in a sentence', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  const { request } = page;
  // Before review: a live page whose first feature shows a library image, with a version.
  const name = `${unique('review')}.png`;
  const image = await publishThroughApi(request, name, { width: 600, height: 400 });
  expect(
    (
      await request.patch(`/api/admin/media/${image.id}`, { data: { alt: 'Chart before review' } })
    ).ok(),
  ).toBe(true);
  const content = (await (await request.get('/api/landing-pages/default')).json()).content;
  content.features.items[0].image = image.objectPath;
  const slug = unique('review');
  const title = `Review ${slug}`;
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content },
  });
  expect(created.status(), await created.text()).toBe(201);
  const live = (await created.json()) as { id: string };
  content.hero.headline = 'Words visitors read now';
  expect((await request.put(`/api/landing-pages/${live.id}`, { data: { content } })).ok()).toBe(
    true,
  );

  expect((await request.put('/api/admin/settings', { data: { approvalsRequired: 1 } })).ok()).toBe(
    true,
  );
  try {
    await page.reload();

    // New Page, published at once: refused at the box, nothing created.
    await page.getByRole('button', { name: 'New Page' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
    await create.getByLabel('Title').fill(`Straight live ${slug}`);
    await create.getByRole('checkbox', { name: 'Publish now' }).check();
    await create.getByRole('button', { name: 'Create Page' }).click();
    await expect(create.getByRole('checkbox', { name: 'Publish now' })).toHaveAccessibleDescription(
      /Publishing needs approval here: untick Publish now to create the page as a draft, then submit it for review in the editor\./,
    );
    await expect(create.getByRole('checkbox', { name: 'Publish now' })).toBeFocused();
    await expect(toast(page)).toContainText('untick Publish now to create the page as a draft');
    await shoot(page, 'review-new-page-refused');
    await create.getByRole('button', { name: 'Cancel' }).click();

    // A version restored onto the live page goes into its working copy, and says so.
    await page
      .getByTestId('page-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
    await edit.getByRole('tab', { name: 'Versions' }).click();
    await edit.getByRole('button', { name: 'Restore' }).first().click();
    await page
      .getByRole('alertdialog', { name: 'Restore version 1?' })
      .getByRole('button', { name: 'Restore version 1' })
      .click();
    await expect(toast(page)).toContainText('Version restored into the working copy');
    await expect(toast(page)).toContainText(
      `${title} is live and publishing needs 1 approval: the version of`,
    );
    await shoot(page, 'review-version-restored');
    await edit.getByRole('button', { name: 'Close' }).click();
    expect(
      ((await (await request.get(`/api/landing-pages/${slug}`)).json()) as typeof content).content
        .hero.headline,
    ).toBe('Words visitors read now');

    // New alt text for the image the live page shows: a new image, in the working copy.
    await page.getByRole('tab', { name: 'Images' }).click();
    const old = page
      .getByTestId('media-card')
      .filter({ hasText: name })
      .filter({ has: page.getByTestId('media-usage').getByText(`${title} (/${slug})`) });
    await old.getByLabel('Alt text').fill('Chart after review');
    await old.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page)).toContainText(`The new alt text of ${name} is on a new image`);
    await expect(toast(page)).toContainText(
      `${title} (/${slug}) gets it through its working copy; visitors keep seeing the old one until it is approved and published.`,
    );
    await expect(old.getByTestId('replaced-note')).toBeVisible();
    // One new image, although leaving the field and clicking Save both ask to save.
    await expect(page.getByTestId('media-card').filter({ hasText: name })).toHaveCount(2);
    await expect(old.getByLabel('Alt text')).toHaveValue('Chart before review');
    const next = page.getByTestId('media-card').filter({
      has: page.getByTestId('media-usage').getByText(`${title} (/${slug}, working copy)`),
    });
    await expect(next.getByLabel('Alt text')).toHaveValue('Chart after review');
    await shoot(page, 'review-alt-new-image');
  } finally {
    await request.put('/api/admin/settings', { data: { approvalsRequired: 0 } });
  }
});

test('the publishing settings: the reviewer checklist is edited, checked in sentences, saved alone, and kept over a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { request } = page;
  try {
    await page.goto('/admin/account');
    const section = page.getByTestId('publishing-settings');
    await expect(section.getByRole('heading', { name: 'Publishing' })).toBeVisible();
    await expect(section.getByLabel('Text that reads like a claim')).toHaveValue('warn');
    await expect(section.getByLabel('When a claim is withdrawn')).toHaveValue('flag');
    await expect(section.getByLabel('Unresolved comments block approval')).toBeChecked();
    // Each setting explains itself in a tooltip.
    await expectTooltip(
      section.getByRole('button', { name: 'About the reviewer checklist' }),
      'confirms each item',
      { via: 'hover' },
    );

    const editor = section.getByTestId('checklist-editor');
    for (const text of ['Fair balance', 'Fair balance', '']) {
      await editor.getByRole('button', { name: 'Add an item' }).click();
      const count = await editor.getByRole('listitem').count();
      await expect(editor.getByLabel(`Item ${count}`, { exact: true })).toBeFocused();
      await editor.getByLabel(`Item ${count}`, { exact: true }).fill(text);
    }
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor).toContainText('Item 2 repeats item 1: list each item once.');
    await expect(editor).toContainText('Item 3 is empty: write it or remove it.');
    await expect(editor.getByLabel('Item 2', { exact: true })).toBeFocused();
    await shootSettings(page, 'settings-checklist-refused');

    await editor.getByLabel('Item 2', { exact: true }).fill('Every claim is referenced');
    await editor.getByRole('button', { name: 'Remove item 3' }).click();
    await editor.getByRole('button', { name: 'Move item 2 up' }).click();
    await expect(editor.getByLabel('Item 1', { exact: true })).toHaveValue(
      'Every claim is referenced',
    );
    // Only what changed is sent: the approvals setting (another spec's) is left alone.
    const sent = page.waitForRequest(
      (asked) => asked.url().endsWith('/api/admin/settings') && asked.method() === 'PUT',
    );
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({
      reviewChecklist: ['Every claim is referenced', 'Fair balance'],
    });
    await expect(toast(page)).toContainText('Publishing settings saved');
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/account$/);
    const reloaded = page.getByTestId('checklist-editor');
    await expect(reloaded.getByLabel('Item 1', { exact: true })).toHaveValue(
      'Every claim is referenced',
    );
    await expect(reloaded.getByLabel('Item 2', { exact: true })).toHaveValue('Fair balance');
    await shootSettings(page, 'settings-checklist');
  } finally {
    await request.put('/api/admin/settings', { data: { reviewChecklist: [] } });
  }
});
