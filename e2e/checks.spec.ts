// Checks before publishing in the browser (issue 38): a page from the Webinar template, saved
// as a working copy, shows a badge on its card and its checks in the Review tab (the two
// speakers still called "Speaker name"); "Go to block" takes the editor to the event block
// (?block= in the URL); "Publish over errors..." asks why and gives the focus back when
// closed; the names filled in the editor and saved clear the errors; the page is published
// from the Review tab, and its run-time page (/legacy/<slug>, the prebuilt pages' markup) has
// no link to an anchor it lacks, and Event structured data whose location has its URL. Axe on
// each screen, screenshots at 1280 and 390 px in /tmp/shots/checks. Runs on the editing server
// (approvals 0, the checks blocking by default).
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { deadAnchors, expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { E2E_ADMIN } from './playwright.config.ts';

const shoot = screenshotsIn('/tmp/shots/checks');
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** No tooltip open and no CSS transition running (axe and screenshots see the settled view). */
async function settled(page: Page) {
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

/** A draft page from a template, signed in as E2E_ADMIN, with a working copy of its content. */
async function draftWithCopy(
  request: APIRequestContext,
  title: string,
  slug: string,
  templateId: string,
): Promise<{ id: string }> {
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: false, startFrom: 'template', templateId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as { id: string; revision: number; content: unknown };
  const copy = await request.put(`/api/landing-pages/${draft.id}/draft`, {
    data: { title, slug, content: draft.content, revision: draft.revision },
  });
  expect(copy.status(), await copy.text()).toBe(200);
  return draft;
}

test('a Webinar page: its checks in the Review tab, fixed in the editor, published without a dead link', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Checked webinar ${run}`;
  const slug = `checked-webinar-${run}`;

  // A draft page from the Webinar template, and its working copy as an editor's save makes it.
  await draftWithCopy(request, title, slug, 'webinar');

  // The card says the copy has errors; its badge opens the Review tab.
  await signIn(page);
  const card = page.getByTestId('page-card').filter({ hasText: title });
  const badge = card.getByTestId('page-check-errors');
  await expect(badge).toHaveText('2 check errors');
  await expectTooltip(badge, 'The working copy has errors the checks before publishing found');
  await page.keyboard.press('Escape');
  await settled(page);
  await shoot(page, 'page-card-badge', { fullPage: false });
  await badge.click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit).toBeVisible();
  await expect(page).toHaveURL(/[?&]tab=review/);

  // The Review tab lists both placeholders as errors, and says they block.
  const checks = edit.getByTestId('page-checks');
  await expect(checks.getByTestId('checks-summary')).toContainText(/^2 errors/);
  await expect(checks.getByTestId('checks-blocking')).toHaveText(
    'Errors must be fixed before this page can be submitted or published.',
  );
  const errors = checks.locator('[data-check-level="error"]');
  await expect(errors).toHaveCount(2);
  await expect(errors.first()).toContainText('Speaker 1 of');
  await expect(errors.first()).toContainText('is still called “Speaker name”');
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'review-tab-checks', { fullPage: false });
  // The URL keeps the tab: a reload opens the editor on the Review tab again.
  await page.reload();
  await expect(edit.getByTestId('page-checks').getByTestId('checks-summary')).toContainText(
    /^2 errors/,
  );

  // Publishing over the errors asks why; closing the dialog gives the focus back.
  const over = edit.getByRole('button', { name: 'Publish over errors...' });
  await over.click();
  const why = page.getByRole('dialog', { name: 'Publish over errors' });
  await expect(why).toBeVisible();
  await expect(why.getByTestId('override-errors').getByRole('listitem')).toHaveCount(2);
  await why.getByLabel('Why publish with these errors?').fill('Too short');
  await why.getByRole('button', { name: 'Publish over errors' }).click();
  await expect(why).toContainText('at least 10 characters');
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'override-dialog', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(why).toBeHidden();
  await expect(over).toBeFocused();

  // "Go to block" selects the event block in the editor, in the URL too.
  await edit.getByTestId('page-checks').locator('[data-control="go-to-block"]').first().click();
  await expect(page).toHaveURL(/[?&]block=webinar/);
  await expect(edit.locator('[data-block-row="webinar"] [data-control="select"]')).toBeFocused();

  // The names, filled in the event block's speakers, and saved.
  const speakers = edit.getByRole('group', { name: /^Speakers/ }).getByTestId('list-item');
  await expect(speakers).toHaveCount(2);
  await speakers.nth(0).getByLabel('Name', { exact: true }).fill('Dr. Anna Weber');
  await speakers.nth(1).getByLabel('Name', { exact: true }).fill('Jonas Richter');
  await edit.getByRole('button', { name: 'Save working copy' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Working copy saved');

  // The Review tab now finds no error; publishing goes through.
  await edit.locator('[data-tab="review"]').click();
  const after = edit.getByTestId('page-checks');
  await expect(after.locator('[data-check-level="error"]')).toHaveCount(0);
  await expect(after.getByTestId('checks-blocking')).toHaveCount(0);
  await settled(page);
  await shoot(page, 'review-tab-checks-fixed', { fullPage: false });
  await edit.getByRole('button', { name: /^Publish now/ }).click();
  // The publish's own toast: the save's also says "published" ("...until the working copy is
  // published"), and going on after it raced the publish in CI.
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: 'Visitors get this version once the site is rebuilt.' }),
  ).toBeVisible();

  // The run-time page: every in-page link has its target, and the event its online URL.
  await page.goto(`/legacy/${slug}`);
  await expect(page.locator('[data-landing-ready]')).toHaveCount(1);
  const dead = await deadAnchors(page);
  expect(dead).toEqual([]);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    /PharmaBridge/,
    'FAQs',
  ]);
  const event = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts
        .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
        .find((data) => data['@type'] === 'Event'),
    );
  expect(event?.['location']).toEqual({
    '@type': 'VirtualLocation',
    url: expect.stringMatching(/^https:\/\//),
  });
  expect(event?.['performer']).toEqual([
    expect.objectContaining({ name: 'Dr. Anna Weber' }),
    expect.objectContaining({ name: 'Jonas Richter' }),
  ]);
});

test('a page published over its errors with a reason: the version says so; previews, axe and the setting', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Published over ${run}`;
  const slug = `published-over-${run}`;
  const draft = await draftWithCopy(request, title, slug, 'event');

  await signIn(page);
  await page.goto(`/admin?edit=${draft.id}&tab=review`);
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit.getByTestId('page-checks').getByTestId('checks-summary')).toContainText(
    /^2 errors/,
  );

  // axe over the preview, in the browser, beside the server's findings.
  await edit.getByRole('button', { name: 'Check accessibility' }).click();
  await expect(edit.getByTestId('axe-summary')).toBeVisible({ timeout: 60_000 });
  await settled(page);
  await shoot(page, 'review-tab-axe', { fullPage: false });

  // Published over the errors, with a reason.
  const reason = 'The speakers are announced on the day; the page must go out now.';
  await edit.getByRole('button', { name: 'Publish over errors...' }).click();
  const why = page.getByRole('dialog', { name: 'Publish over errors' });
  await why.getByLabel('Why publish with these errors?').fill(reason);
  await why.getByRole('button', { name: 'Publish over errors' }).click();
  await expect(why).toBeHidden();
  // The publish's own toast: the save's also says "published" ("...until the working copy is
  // published"), and going on after it raced the publish in CI.
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: 'Visitors get this version once the site is rebuilt.' }),
  ).toBeVisible();

  // The version keeps the reason and the errors published over.
  const live = (await (await request.get(`/api/admin/pages/${draft.id}`)).json()) as {
    isActive: boolean;
    publication?: { checksOverride?: { reason: string; errors: string[]; by: string } };
  };
  expect(live.isActive).toBe(true);
  expect(live.publication?.checksOverride).toEqual({
    reason,
    errors: [expect.stringContaining('Speaker 1'), expect.stringContaining('Speaker 2')],
    by: E2E_ADMIN.email,
  });
  await edit.locator('[data-tab="versions"]').click();
  const line = edit.getByTestId('checks-override').first();
  await expect(line).toContainText(`Published over 2 check errors by ${E2E_ADMIN.email}`);
  await expect(line).toContainText(reason);
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'versions-override', { fullPage: false });

  // The search and social previews in Page settings.
  await edit.getByRole('tab', { name: 'Page settings' }).click();
  const preview = edit.getByTestId('seo-preview');
  await preview.scrollIntoViewIfNeeded();
  // As a search result shows an address: the host, then the path's parts.
  await expect(preview.getByTestId('seo-preview-url')).toContainText(`› ${slug}`);
  await expect(preview.getByTestId('seo-preview-title')).toContainText('Meet PharmaBridge');
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'seo-preview', { fullPage: false });
  await page.keyboard.press('Escape');

  // The setting, as the admin sees it (not changed: other specs rely on its default).
  await page.goto('/admin/account');
  const choice = page.getByRole('combobox', {
    name: 'Errors found by the checks before publishing',
  });
  await choice.scrollIntoViewIfNeeded();
  await expect(choice).toHaveValue('block');
  await expectTooltip(
    page.getByRole('button', { name: 'About the checks before publishing' }),
    'Warnings never refuse anything.',
  );
  await page.keyboard.press('Escape');
  await settled(page);
  await shoot(page, 'settings-checks', { fullPage: false });
});
