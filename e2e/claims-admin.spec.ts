// The Claims and Evidence screens and the block editor's claim picker (issue 36): an editor
// adds a piece of evidence (a private PDF uploaded through the gated-asset picker) and a claim
// that cites it; a reviewer, who did not write it, approves it through the one e-signature
// dialog and sees its status and signature; the editor inserts it from the picker into a
// page's hero headline (the token lands at the caret; Escape returns the focus to the field)
// and saves; the reviewer withdraws it with a reason and sees the page that says it. The
// lists keep their filters in the URL across a reload. Axe on both screens and the picker;
// screenshots at 1280 and 390 px in /tmp/shots/claims-screens-shots/ (looked at, not compared).
import { expect, test } from 'playwright/test';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { pdf } from './media-upload.ts';
import { as, member } from './members.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { reviewShot } from './screenshots.ts';

const DIR = '/tmp/shots/claims-screens-shots';
const shoot = screenshotsIn(DIR);
const WAIT = { timeout: 30_000 };

test('evidence and a claim are added, signed, inserted from the picker, withdrawn, and its usage shown', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const key = `audited-${suffix}`;
  const evidenceTitle = `SOC 2 Type II report ${suffix}`;
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const reviewer = await member(request, 'reviewer');
  const title = `Claims page ${suffix}`;
  const created = await request.post('/api/landing-pages', {
    data: { title, slug: `claims-page-${suffix}`, isActive: true, content: landingTemplate() },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The editor (the administrator) reaches Evidence from the Pages area and adds a document.
  await signIn(page);
  await page.getByRole('link', { name: 'Claims', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/claims$/);
  await expect(page.getByRole('heading', { name: 'Claims', level: 2 })).toBeFocused();
  await page.getByTestId('claims-view').getByRole('button', { name: 'Evidence' }).click();
  await expect(page).toHaveURL(/\/admin\/evidence$/);
  await page.getByRole('button', { name: 'Add evidence' }).click();
  const addEvidence = page.getByRole('dialog', { name: 'Add evidence' });
  // Sent empty, each field says what it needs, in a sentence.
  await addEvidence.getByRole('button', { name: 'Add evidence' }).click();
  await expect(addEvidence.getByRole('alert')).toContainText(
    'The evidence is not saved yet: correct the fields marked below.',
  );
  await expect(addEvidence).toContainText('The PDF is required for a document.');
  await addEvidence.getByLabel('Title').fill(evidenceTitle);
  await addEvidence.getByLabel('Source').fill('Example Assurance LLP');
  await addEvidence.getByLabel('Date').fill('2026-10-01');
  await addEvidence
    .locator('input[type="file"][accept*="pdf"]')
    .setInputFiles({ name: `soc2-${suffix}.pdf`, mimeType: 'application/pdf', buffer: pdf('x') });
  await expect(addEvidence.getByLabel('Document').locator('option:checked')).toHaveText(
    new RegExp(`^soc2-${suffix}\\.pdf \\(`),
  );
  await addEvidence.getByRole('button', { name: 'Add evidence' }).click();
  const evidenceDetail = page.getByTestId('evidence-detail');
  await expect(evidenceDetail.getByRole('heading', { name: evidenceTitle })).toBeVisible(WAIT);
  await expect(page).toHaveURL(/\/admin\/evidence\?evidence=[0-9a-f-]{36}$/);
  await expect(evidenceDetail).toContainText('Document (PDF)');
  await expect(evidenceDetail).toContainText('(private)');

  // The list, filtered by words kept in the URL: a reload comes back to the same list.
  await evidenceDetail.getByRole('button', { name: 'All evidence' }).click();
  await page.getByLabel('Search title, source or notes').fill(suffix);
  await expect(page).toHaveURL(new RegExp(`\\?q=${suffix}$`));
  await page.reload();
  await expect(page.getByLabel('Search title, source or notes')).toHaveValue(suffix, WAIT);
  await expect(page.getByRole('table', { name: 'Evidence, by title' })).toContainText(
    evidenceTitle,
  );
  await expect(
    page.getByRole('table', { name: 'Evidence, by title' }).getByRole('row'),
  ).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shoot(page, 'evidence-list');

  // A claim citing it, added as a draft.
  await page.getByTestId('evidence-view').getByRole('button', { name: 'Claims' }).click();
  await page.getByRole('button', { name: 'New claim' }).click();
  const addClaim = page.getByRole('dialog', { name: 'New claim' });
  await addClaim.getByLabel('Key').fill('Not A Key');
  await addClaim.getByRole('button', { name: 'Add claim' }).click();
  await expect(addClaim).toContainText(
    'The key must be 2 to 64 lowercase letters, digits and hyphens.',
  );
  await expect(addClaim).toContainText('The wording must not be empty.');
  await expect(addClaim).toContainText('Choose the evidence of reference 1.');
  await addClaim.getByLabel('Key').fill(key);
  await addClaim.getByLabel('Wording', { exact: true }).fill('SOC 2 Type II audited');
  await addClaim.getByLabel('Category').fill('certifications');
  await addClaim
    .getByLabel('Evidence 1', { exact: true })
    .selectOption({ label: `${evidenceTitle} (Example Assurance LLP, 2026-10-01)` });
  await addClaim.getByLabel('Where in evidence 1').fill('Section 4, opinion');
  await addClaim.getByRole('button', { name: 'Add claim' }).click();
  const detail = page.getByTestId('claim-detail');
  await expect(detail.getByRole('heading', { name: key })).toBeVisible(WAIT);
  await expect(page).toHaveURL(/\/admin\/claims\?claim=[0-9a-f-]{36}$/);
  const claimUrl = new URL(page.url());
  await expect(detail.locator('[data-status]').first()).toHaveText('Draft');
  await expect(detail.getByTestId('claim-references')).toContainText(evidenceTitle);
  await expect(detail.getByTestId('claim-references')).toContainText('Section 4, opinion');

  // The reviewer opens the claim by its URL and signs it.
  const reviewerPage = await as(browser, reviewer);
  await reviewerPage.goto(claimUrl.pathname + claimUrl.search);
  const reviewed = reviewerPage.getByTestId('claim-detail');
  await expect(reviewed.getByRole('heading', { name: key })).toBeVisible(WAIT);
  // Reviewers do not change claims: the button is there, disabled, its tooltip says why.
  await expect(
    reviewed.getByRole('button', { name: /^Edit claim: Your role does not change claims/ }),
  ).toBeDisabled();
  await expectNoAxeViolations(reviewerPage);
  await shoot(reviewerPage, 'claim-detail-draft');
  const approve = reviewed.getByRole('button', { name: 'Approve claim' });
  await approve.click();
  const sign = reviewerPage.getByRole('dialog', { name: `Approve the claim ${key}` });
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toContainText('Your password is required to sign.');
  await sign.getByLabel('Your password').fill(reviewer.password);
  // The session's first signature takes the e-mail too (21 CFR 11.200(a)(1)(i)).
  await sign.getByLabel('Your e-mail address').fill(reviewer.email);
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toBeHidden(WAIT);
  await expect(reviewed.locator('[data-status]').first()).toHaveText('Approved');
  // The signature as 11.50 asks: printed name, time with zone, meaning.
  await expect(reviewed.getByTestId('signature-manifest')).toContainText(
    `Signed by Dr. Reviewer (${reviewer.email})`,
  );
  await expect(reviewed.getByTestId('signature-manifest')).toContainText('meaning: approved');

  // The editor inserts it into the hero's headline from the picker, at the caret.
  await page.goto('/admin');
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.locator('[data-block-row="hero"] [data-control="select"]').click();
  const form = edit.getByTestId('block-form');
  const headline = form.getByLabel('Headline', { exact: true });
  await headline.fill('Proven: ');
  const fieldId = await headline.getAttribute('id');
  const pickerButton = form.locator(`[data-claim-picker][aria-describedby="${fieldId}-label"]`);
  await expect(pickerButton).toHaveAccessibleName('Insert a claim');
  await expect(pickerButton).toHaveAccessibleDescription('Headline');
  // Escape closes the list and gives the focus back to the field.
  await pickerButton.click();
  const picker = form.getByTestId('claim-picker');
  const search = picker.getByRole('combobox');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(headline).toBeFocused();
  await expect(edit).toBeVisible();
  // Drafts are not offered; the search finds the approved claim by words of its wording.
  await pickerButton.click();
  await search.fill(`${suffix}`);
  await expect(picker.getByRole('option')).toHaveCount(1);
  await search.fill('type ii audited');
  const option = picker.getByRole('option', { name: new RegExp(key) });
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page, { include: ['[data-testid="claim-picker"]'] });
  // The window at each width, the picker scrolled into it (the editor stacks at 390 px).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await picker.scrollIntoViewIfNeeded();
    await reviewShot(page, { path: `${DIR}/claim-picker-open-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await search.fill(key);
  await expect(picker.getByRole('option')).toHaveCount(1);
  await expect(picker.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(headline).toHaveValue(`Proven: {{claim:${key}}}`);
  await expect(headline).toBeFocused();
  expect(await headline.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(
    `Proven: {{claim:${key}}}`.length,
  );
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Landing page updated successfully', WAIT);

  // The reviewer withdraws it with a reason; the page that says it is listed.
  await reviewerPage.reload();
  await expect(reviewed.getByTestId('claim-usage')).toContainText(title, WAIT);
  await reviewed.getByRole('button', { name: 'Withdraw claim' }).click();
  const withdraw = reviewerPage.getByRole('alertdialog', { name: `Withdraw the claim ${key}?` });
  await withdraw.getByRole('button', { name: 'Withdraw claim' }).click();
  await expect(withdraw).toContainText('The reason must say why.');
  await withdraw.getByLabel('Reason').fill('The audit period ended');
  await withdraw.getByRole('button', { name: 'Withdraw claim' }).click();
  await expect(withdraw).toBeHidden(WAIT);
  await expect(reviewed.locator('[data-status]').first()).toHaveText('Withdrawn');
  await expect(reviewed.getByTestId('claim-signatures')).toContainText(
    'Reason: The audit period ended',
  );
  const usage = reviewed.getByTestId('claim-usage');
  await expect(usage).toContainText('This page says a withdrawn claim');
  await expect(usage.getByRole('link', { name: title })).toHaveAttribute('href', /^\/admin\?edit=/);
  await expect(usage).toContainText('live version');
  await expectNoAxeViolations(reviewerPage);
  await shoot(reviewerPage, 'claim-detail-withdrawn');

  // The list: filtered by status in the URL, with the usage count; a reload keeps it.
  await reviewerPage.goto(`/admin/claims?status=withdrawn&q=${suffix}`);
  const table = reviewerPage.getByRole('table', { name: 'Claims, by key' });
  await expect(table.getByRole('row')).toHaveCount(2, WAIT);
  await expect(table.getByTestId('claim-row')).toContainText(key);
  await expect(table.getByTestId('claim-usage-count')).toHaveText('1 page');
  await expect(reviewerPage.getByTestId('claims-view').getByLabel('Status')).toHaveValue(
    'withdrawn',
  );
  await reviewerPage.getByTestId('claims-view').getByLabel('Status').selectOption('approved');
  await expect(reviewerPage).toHaveURL(new RegExp(`/admin/claims\\?status=approved&q=${suffix}$`));
  await expect(reviewerPage.getByTestId('claims-count')).toHaveText(
    /^0 of \d+ match the filters\.$/,
  );
  await reviewerPage.goto('/admin/claims');
  await expect(reviewerPage.getByTestId('claims-table')).toBeVisible(WAIT);
  await expectNoAxeViolations(reviewerPage);
  await shoot(reviewerPage, 'claims-list');
  // Narrow screens read the list as cards.
  await reviewerPage.setViewportSize({ width: 390, height: 900 });
  await expect(reviewerPage.getByTestId('claim-card').first()).toBeVisible();
  await expect(reviewerPage.getByTestId('claims-table')).toBeHidden();
});
