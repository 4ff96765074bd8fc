// A form under review in the browser (issue 33): with one approval required, an editor
// changes a live form's consent text in the form editor; the save is the working copy and
// visitors' definition (GET /api/forms/:id) stays as it was; the editor submits it. A
// reviewer, who does not edit, finds it under Forms in review, reloads its address, signs
// it in the one e-signature dialog (a wrong password is a sentence beside the field, which
// takes the focus) and sees the consent version recorded. A publisher whose page went stale
// (they changed the copy themselves meanwhile, which voids the approval) is refused with a
// sentence, cannot approve their own work, and publishes once a reviewer signed again; only
// then do visitors get the new consent text. Axe on each screen; screenshots at 1280 and
// 390 px in /tmp/shots/forms-review.
//
// It sets the approvals setting, which every saving spec depends on, so it runs on the
// settings server, one spec at a time (the `settings` project in playwright.config.ts), and puts the
// setting back to 0 and deletes its form whatever happens.
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { builtInForm } from '../functions/shared/forms/built-in.ts';
import { type PublicForm } from '../functions/shared/forms/public-form.ts';
import { as, member } from './members.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations as axe, screenshotsIn } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots/forms-review';
const shoot = screenshotsIn(SHOTS);

/** The review panel alone at 1280 and 390 px (the editor around it is issue 26's, and long). */
async function shootPanel(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page.getByTestId('form-review'), { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
const CONSENT = 'PharmaBridge may share my details with its distribution partners.';

/** Before axe and screenshots: no tooltip open and no toast over the page. */
async function settled(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
  await page.getByTestId('toast').first().waitFor({ state: 'detached' });
}

const consentOf = async (request: APIRequestContext, id: string) =>
  ((await (await request.get(`/api/forms/${id}`)).json()) as PublicForm).consent;

test('a form change reaches visitors only once a reviewer signed it and a publisher published it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const id = `review-${Date.now().toString(36)}`;
  const title = 'Partner webinar';
  const created = await request.put(`/api/admin/forms/${id}`, {
    data: { form: { ...builtInForm('demo-request'), title } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const [editorAccount, reviewerAccount, publisherAccount] = [
    await member(request, 'editor'),
    await member(request, 'reviewer'),
    await member(request, 'publisher'),
  ];
  const setApprovals = async (approvalsRequired: number) =>
    expect(
      (await request.put('/api/admin/settings', { data: { approvalsRequired } })).status(),
    ).toBe(200);
  await setApprovals(1);
  try {
    // The editor: the save is the working copy; visitors keep the live consent (none).
    const editorPage = await as(browser, editorAccount);
    await editorPage.goto(`/admin/forms?form=${id}`);
    const review = editorPage.getByTestId('form-review');
    await expect(review.getByTestId('form-review-state')).toHaveText('Live');
    await editorPage.getByLabel('Consent text').fill(CONSENT);
    await editorPage.getByRole('button', { name: 'Save working copy' }).click();
    await expect(editorPage.getByTestId('toast')).toContainText('Saved to the working copy');
    await expect(review.getByTestId('form-review-state')).toHaveText('Working copy, not submitted');
    expect((await consentOf(request, id)).text).toBe('');
    await review.getByRole('button', { name: 'Submit for review' }).click();
    await expect(review.getByTestId('form-review-state')).toHaveText('In review');
    await expect(review.getByRole('heading', { name: 'Review' })).toBeFocused();
    // An editor neither approves nor publishes.
    await expect(review.getByRole('button', { name: 'Approve...' })).toHaveCount(0);
    await expect(review.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await review.getByText('Compared with the live form: 1 change').click();
    await expect(review.getByTestId('form-changes')).toContainText(CONSENT);
    await settled(editorPage);
    await axe(editorPage);
    await shootPanel(editorPage, 'editor-in-review');

    // The reviewer: Forms lists what waits for them; the address survives a reload.
    const reviewerPage = await as(browser, reviewerAccount);
    await reviewerPage.getByRole('link', { name: 'Forms', exact: true }).click();
    await expect(
      reviewerPage.getByRole('heading', { level: 2, name: 'Forms in review' }),
    ).toBeFocused();
    await settled(reviewerPage);
    await axe(reviewerPage);
    await shoot(reviewerPage, 'reviewer-queue');
    await reviewerPage.getByRole('link', { name: title }).click();
    await expect(reviewerPage).toHaveURL(new RegExp(`/admin/forms\\?form=${id}$`));
    await reviewerPage.reload();
    const view = reviewerPage.getByTestId('form-review-view');
    await expect(view.getByRole('heading', { level: 2, name: title })).toBeFocused();
    await expect(view).toContainText(CONSENT);
    const approve = view.getByRole('button', { name: 'Approve...' });
    await approve.click();
    const sign = reviewerPage.getByRole('dialog', { name: "Approve the form's working copy" });
    await sign.getByLabel('Meaning').selectOption('approved-legal');
    // The session's first signature: the e-mail (user ID) beside the password.
    await sign.getByLabel('Your e-mail address').fill(reviewerAccount.email);
    await sign.getByLabel('Your password').fill('not the password');
    await sign.getByRole('button', { name: 'Sign and approve' }).click();
    await expect(sign).toContainText('Your password is incorrect.');
    await expect(sign.getByLabel('Your password')).toBeFocused();
    await shoot(reviewerPage, 'sign-dialog-refused', { fullPage: false });
    await sign.getByLabel('Your password').fill(reviewerAccount.password);
    await sign.getByRole('button', { name: 'Sign and approve' }).click();
    await expect(sign).toHaveCount(0);
    const version = (await (await reviewerPage.request.get(`/api/admin/forms/${id}`)).json())
      .workingCopy.consentVersion as string;
    await expect(view.getByTestId('signature')).toContainText(`Consent text version ${version}.`);
    await expect(view.getByTestId('form-approval-count')).toHaveText('1 of 1 required');
    await expect(view.getByText('Approvals 1 of 1 required')).toBeFocused();
    await expect(view.getByTestId('form-review-reasons')).toHaveText(
      'You have approved this content already.',
    );
    expect((await consentOf(request, id)).text).toBe('');
    await settled(reviewerPage);
    await axe(reviewerPage);
    await shoot(reviewerPage, 'reviewer-signed');

    // The publisher's page goes stale: they change the copy themselves meanwhile, which
    // voids the approval; Publish is refused with the API's sentence.
    const publisherPage = await as(browser, publisherAccount);
    await publisherPage.goto(`/admin/forms?form=${id}`);
    const panel = publisherPage.getByTestId('form-review');
    const publish = panel.getByRole('button', { name: 'Publish' });
    await expect(publish).toBeEnabled();
    const current = (await (await publisherPage.request.get(`/api/admin/forms/${id}`)).json()) as {
      form: object;
      revision: number;
    };
    const changed = await publisherPage.request.put(`/api/admin/forms/${id}`, {
      data: {
        form: { ...current.form, successMessage: 'Thank you: a partner will call you.' },
        revision: current.revision,
      },
    });
    expect(changed.status()).toBe(200);
    await publish.click();
    await expect(panel.getByRole('alert')).toHaveText(
      'Publishing needs 1 approval of the current working copy; it has 0, so 1 more is missing.',
    );
    await expect(panel.getByTestId('form-review-state')).toHaveText('Working copy, not submitted');
    await expect(panel.getByTestId('form-review-reasons')).toHaveText(
      '1 more approval of the current working copy is needed before it can be published.',
    );
    await shootPanel(publisherPage, 'publisher-refused');
    await panel.getByRole('button', { name: 'Submit for review' }).click();
    await expect(panel.getByTestId('form-review-state')).toHaveText('In review');
    // Their own edit: another reviewer must sign.
    await expect(panel.getByRole('button', { name: 'Approve...' })).toBeDisabled();
    await expect(panel.getByTestId('form-review-reasons')).toContainText(
      'You edited this working copy, so another reviewer must approve it.',
    );
    await settled(publisherPage);
    await axe(publisherPage);
    await shootPanel(publisherPage, 'publisher-own-work');

    // Signed again by the reviewer; published; only now do visitors get the new consent.
    const signed = await reviewerPage.request.post(`/api/admin/forms/${id}/approve`, {
      data: { password: reviewerAccount.password, meaning: 'approved' },
    });
    expect(signed.status()).toBe(201);
    await publisherPage.reload();
    await expect(panel.getByTestId('form-review-state')).toHaveText('Approved, ready to publish');
    await panel.getByRole('button', { name: 'Publish' }).click();
    await expect(publisherPage.getByTestId('toast')).toContainText(`${title} published`);
    await expect(panel.getByTestId('form-review-state')).toHaveText('Live');
    expect(await consentOf(request, id)).toMatchObject({ text: CONSENT, version });
  } finally {
    await setApprovals(0);
    await request.delete(`/api/admin/forms/${id}`);
  }
});
