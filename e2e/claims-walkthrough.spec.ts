// Issue 36's walk-through, end to end on a server that rebuilds: an editor inserts an
// approved claim from the picker into a hero; a reviewer pins a comment to that block; the
// approval is refused while it is open; it is resolved; the reviewer signs with the team's
// checklist; the publisher publishes, and the built page shows the claim's wording with its
// reference number and the References list; the claim is withdrawn and the Pages list flags
// the page. It changes settings of the whole install (approvals, the checklist), so it runs
// on a server of its own, beside the other specs (e2e/playwright.config.ts,
// docs/decisions/0586-walkthrough-on-its-own-server.md).
import { expect, test } from 'playwright/test';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { as, member } from './members.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const WAIT = { timeout: 150_000 };
const CHECKLIST = ['Every claim is referenced'];
// A step that cannot act says so, instead of waiting for the whole test's time.
test.use({ actionTimeout: 45_000 });

test('a claim from the picker, a pinned comment, a signature with the checklist, the published page and its withdrawal', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const key = `audited-${suffix}`;
  const title = `Trust ${suffix}`;
  const slug = normalizeSlug(title);
  const [editorAccount, reviewerAccount, publisherAccount] = [
    await member(request, 'editor'),
    await member(request, 'reviewer'),
    await member(request, 'publisher'),
  ];
  const editorPage = await as(browser, editorAccount);
  const reviewerPage = await as(browser, reviewerAccount);
  const editorApi = editorPage.context().request;
  const reviewerApi = reviewerPage.context().request;

  // The evidence and the claim, approved by the reviewer (the screens are claims-admin.spec.ts's).
  const evidence = await editorApi.post('/api/admin/evidence', {
    data: {
      title: `SOC 2 Type II report ${suffix}`,
      source: 'Example Assurance LLP',
      date: '2026-10-01',
      kind: 'internal',
    },
  });
  expect(evidence.status(), await evidence.text()).toBe(201);
  const evidenceId = ((await evidence.json()) as { id: string }).id;
  const created = await editorApi.post('/api/admin/claims', {
    data: {
      key,
      text: 'SOC 2 Type II audited',
      category: 'certifications',
      references: [{ evidenceId, locator: 'Section 4, opinion' }],
      forbiddenWordings: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const claimId = ((await created.json()) as { id: string }).id;
  const approvedClaim = await reviewerApi.post(`/api/admin/claims/${claimId}/approve`, {
    data: { email: reviewerAccount.email, password: reviewerAccount.password, meaning: 'approved' },
  });
  expect(approvedClaim.status(), await approvedClaim.text()).toBe(200);

  // A live page, then review required with the checklist (set back at the end).
  const page0 = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content: landingTemplate() },
  });
  expect(page0.status(), await page0.text()).toBe(201);
  const pageId = ((await page0.json()) as { id: string }).id;
  const settings = (data: unknown) => request.put('/api/admin/settings', { data });
  expect((await settings({ approvalsRequired: 1, reviewChecklist: CHECKLIST })).ok()).toBe(true);
  try {
    // The editor inserts the claim into the hero's headline from the picker and saves.
    await editorPage.goto(`/admin?edit=${pageId}&block=hero`);
    const edit = editorPage.getByRole('dialog', { name: 'Edit Landing Page' });
    const form = edit.getByTestId('block-form');
    const headline = form.getByLabel('Headline', { exact: true });
    await headline.fill('Independently ');
    const fieldId = await headline.getAttribute('id');
    await form.locator(`[data-claim-picker][aria-describedby="${fieldId}-label"]`).click();
    const picker = form.getByTestId('claim-picker');
    await picker.getByRole('combobox').fill(key);
    await expect(picker.getByRole('option')).toHaveCount(1);
    await editorPage.keyboard.press('Enter');
    await expect(headline).toHaveValue(`Independently {{claim:${key}}}`);
    await edit.getByRole('button', { name: 'Save working copy' }).click({ timeout: 30_000 });
    await expect(editorPage.getByTestId('toast')).toContainText('Working copy saved', {
      timeout: 60_000,
    });
    const submitted = await editorApi.post(`/api/landing-pages/${pageId}/submit`, { data: {} });
    expect(submitted.status(), await submitted.text()).toBe(200);

    // The reviewer pins a comment to the hero; approving is refused while it is open.
    await reviewerPage.goto(`/admin?edit=${pageId}`);
    const view = reviewerPage.getByRole('dialog', { name: 'View Landing Page' });
    await view.getByRole('tab', { name: 'Review', exact: true }).click();
    const comments = view.getByTestId('comments');
    await comments.getByLabel('Pinned to').selectOption({ label: 'Hero' });
    await comments.getByLabel('Add a comment').fill('Which section of the report says this?');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments.getByTestId('open-threads')).toHaveText('(1 open)');
    // The Review tab lists the claim as approved: nothing for publishing to refuse.
    await expect(view.getByTestId('claims-refusals')).toHaveCount(0);
    const approve = view.getByRole('button', { name: 'Approve...' });
    await approve.click();
    const sign = reviewerPage.getByRole('dialog', { name: 'Approve the working copy' });
    await sign.getByLabel(CHECKLIST[0]!).check();
    await sign.getByLabel('Meaning').selectOption('approved-regulatory');
    // Not the session's first signature (the claim's was): the password is enough.
    await expect(sign.getByLabel('Your e-mail address')).toHaveCount(0);
    await sign.getByLabel('Your password').fill(reviewerAccount.password);
    await sign.getByRole('button', { name: 'Sign and approve' }).click();
    await expect(sign).toContainText('It cannot be approved: 1 comment is unresolved.');
    await sign.getByRole('button', { name: 'Cancel' }).click();

    // The editor resolves the thread.
    await editorPage.goto(`/admin?edit=${pageId}`);
    const editorView = editorPage.getByRole('dialog', { name: 'Edit Landing Page' });
    await editorView.getByRole('tab', { name: 'Review', exact: true }).click();
    const editorThread = editorView
      .getByTestId('comment-thread')
      .filter({ hasText: 'Which section' });
    await editorThread.getByRole('button', { name: 'Resolve' }).click();
    await expect(editorView.getByTestId('open-threads')).toHaveText('(0 open)');

    // The reviewer signs, confirming the checklist.
    await reviewerPage.reload();
    await view.getByRole('tab', { name: 'Review', exact: true }).click();
    await expect(comments.getByTestId('open-threads')).toHaveText('(0 open)');
    await approve.click();
    await sign.getByLabel(CHECKLIST[0]!).check();
    await sign.getByLabel('Meaning').selectOption('approved-regulatory');
    await sign.getByLabel('Your password').fill(reviewerAccount.password);
    await sign.getByRole('button', { name: 'Sign and approve' }).click();
    await expect(sign).toBeHidden(WAIT);
    const signature = view.getByTestId('signature');
    await expect(signature).toContainText(`Signed by Dr. Reviewer (${reviewerAccount.email})`);
    await expect(signature).toContainText('meaning: approved, regulatory');
    await expect(signature.getByTestId('signature-checklist')).toHaveText(
      `Confirmed: ${CHECKLIST[0]}`,
    );

    // The publisher publishes; the built page says the wording with its reference.
    const publisherPage = await as(browser, publisherAccount);
    const published = await publisherPage
      .context()
      .request.post(`/api/landing-pages/${pageId}/publish`, { data: {} });
    expect(published.status(), await published.text()).toBe(200);
    const visitor = await (await browser.newContext()).newPage();
    await expect(async () => {
      const response = await visitor.goto(`/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByTestId('hero-headline')).toContainText(
        'Independently SOC 2 Type II audited1',
        { timeout: 1_000 },
      );
    }).toPass(WAIT);
    await expect(
      visitor.getByTestId('hero-headline').getByRole('link', { name: 'Reference 1' }),
    ).toHaveAttribute('href', '#ref-1');
    const references = visitor.getByRole('region', { name: 'References' });
    await expect(references.locator('#ref-1')).toContainText(
      `SOC 2 Type II report ${suffix}. Example Assurance LLP`,
    );
    await expect(visitor.locator('body')).not.toContainText('{{claim');

    // The reviewer withdraws the claim; the Pages list flags the page visitors still read.
    const withdrawn = await reviewerApi.post(`/api/admin/claims/${claimId}/withdraw`, {
      data: { reason: 'The audit period ended' },
    });
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    expect(
      ((await withdrawn.json()) as { effect: { pages: { id: string }[] } }).effect.pages,
    ).toEqual([expect.objectContaining({ id: pageId })]);
    await publisherPage.goto('/admin');
    const flag = publisherPage
      .getByTestId('page-card')
      .filter({ hasText: title })
      .getByTestId('page-claims-flag');
    await expect(flag).toHaveText(`Visitors read a claim no longer approved: ${key}`, WAIT);
    await expectTooltip(flag, `"${key}" is withdrawn`);
    for (const width of [1280, 390]) {
      await publisherPage.setViewportSize({ width, height: 900 });
      await flag.scrollIntoViewIfNeeded();
      await reviewShot(publisherPage, { path: `/tmp/shots/claims-flag-${width}.png` });
    }
    await visitor.context().close();
    await publisherPage.context().close();
  } finally {
    await settings({ approvalsRequired: 0, reviewChecklist: [] });
    for (const page of [editorPage, reviewerPage]) await page.context().close();
  }
});
