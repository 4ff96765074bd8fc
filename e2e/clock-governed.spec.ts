// Governed publishing in the browser (issue 23): an editor prepares a change to a live
// page as a working copy and shares a preview link; a reviewer approves it with the
// password (an electronic signature); a publisher schedules it, and the live page keeps the
// live version meanwhile. That it changes at the scheduled time is
// e2e/when-due-governed.spec.ts's, which runs at the end of the settings lane, once the time
// has come (e2e/clock-handoff.ts, docs/decisions/0585-clock-specs-hand-over.md). The
// approvals setting stays at 0 here, since the other settings specs share this server; its
// effect on publishing is tested in functions/data/workflow/review.test.ts. Visitors' view is
// the page's run-time copy (/legacy/<slug>: the live version as the API serves it); that the
// live version reaches the prebuilt page is the publishing specs' (editor.spec.ts,
// docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
import { expect, test, type Page } from 'playwright/test';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { clearHandoff, handOver } from './clock-handoff.ts';
import { as, member } from './members.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots';
const CHECKLIST = ['Every claim is referenced', 'Fair balance'];
const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openReview(page: Page, title: string) {
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: new RegExp(`^(Edit|Open) ${title}$`) })
    .click();
  // Reviewers open it read-only (issue 35).
  const editor = page.getByRole('dialog', { name: /^(Edit|View) Landing Page$/ });
  await expect(editor).toBeVisible();
  return editor;
}

async function shoot(page: Page, name: string, fullPage = false) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an editor prepares a change, a reviewer signs it, a publisher schedules it, and it is not live before its time', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  clearHandoff('governed');
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const title = unique('Governed');
  const slug = normalizeSlug(title);
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, content: landingTemplate() },
  });
  expect(created.status()).toBe(201);
  const [editorAccount, reviewerAccount, publisherAccount] = [
    await member(request, 'editor'),
    await member(request, 'reviewer'),
    await member(request, 'publisher'),
  ];
  // The reviewer checklist every approval confirms (a setting of the whole install: this spec
  // runs in the one-at-a-time settings lane, e2e/playwright.config.ts; set back once signed).
  expect(
    (await request.put('/api/admin/settings', { data: { reviewChecklist: CHECKLIST } })).ok(),
  ).toBe(true);
  const original = landingTemplate().hero.headline;
  const headline = `Reviewed launch ${Date.now()}`;
  const visitor = await (await browser.newContext()).newPage();
  // The page is live before anything else happens: its run-time copy (/legacy) shows the live
  // version as the API serves it.
  expect((await visitor.goto(`/legacy/${slug}`))?.status()).toBe(200);
  await expect(visitor.getByTestId('hero-headline')).toContainText(original);

  // The editor: the save goes to the working copy; visitors keep the live version.
  const editorPage = await as(browser, editorAccount);
  await expect(editorPage.getByRole('tab', { name: 'Leads' })).toHaveCount(0);
  let editor = await openReview(editorPage, title);
  await expect(editor.getByTestId('edited-copy')).toContainText('Working copy');
  await editor.getByLabel('Headline', { exact: true }).fill(headline);
  await editor.getByRole('button', { name: 'Save working copy' }).click();
  await expect(editorPage.getByTestId('toast')).toContainText('Working copy saved', {
    timeout: 30_000,
  });
  await editor.getByRole('tab', { name: 'Review', exact: true }).click();
  const panel = editor.getByTestId('workflow-panel');
  await expect(panel).toContainText('Compared with the live version: 1 change');
  await panel.getByRole('button', { name: 'Create preview link' }).click();
  const previewUrl = await panel.getByLabel('Preview link', { exact: true }).inputValue();
  await panel.getByRole('button', { name: 'Submit for review' }).click();
  const submit = editorPage.getByRole('dialog', { name: 'Submit for review' });
  await submit.getByLabel('Note for the reviewers (optional)').fill('New launch headline');
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByRole('heading', { name: 'Working copy in review' })).toBeVisible();
  await expectNoAxeViolations(editorPage, { include: ['[data-testid="workflow-panel"]'] });
  await shoot(editorPage, 'workflow-review-tab');

  // The reviewer reads the preview link without signing in, then signs in the admin.
  const outsider = await (await browser.newContext()).newPage();
  // The token goes in the Authorization header, never in a URL an access log keeps (issue 33).
  const token = new URL(previewUrl).hash.slice(1);
  const asked: { url: string; authorization: string | undefined }[] = [];
  outsider.on('request', (request) =>
    asked.push({ url: request.url(), authorization: request.headers()['authorization'] }),
  );
  await outsider.goto(previewUrl);
  await expect(outsider.getByTestId('preview-band')).toContainText('Preview, not live');
  await expect(outsider.getByTestId('hero-headline')).toContainText(headline);
  expect(asked.filter((request) => request.url.includes(token))).toEqual([]);
  expect(
    asked.filter((request) => new URL(request.url).pathname.startsWith('/api/preview')),
  ).toEqual([{ url: new URL('/api/preview', previewUrl).href, authorization: `Bearer ${token}` }]);
  await shoot(outsider, 'preview-link');
  await visitor.goto(`/legacy/${slug}`);
  await expect(visitor.getByTestId('hero-headline')).toContainText(original);

  const reviewerPage = await as(browser, reviewerAccount);
  // The admin hides what a reviewer cannot do (the API refuses it anyway).
  await expect(reviewerPage.getByRole('button', { name: 'New Page' })).toHaveCount(0);
  await expect(reviewerPage.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  editor = await openReview(reviewerPage, title);
  await expect(editor.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await editor.getByRole('tab', { name: 'Review', exact: true }).click();
  await editor.getByRole('button', { name: 'Approve...' }).click();
  const sign = reviewerPage.getByRole('dialog', { name: 'Approve the working copy' });
  await sign.getByLabel('Meaning').selectOption('approved-medical');
  // Sign stays enabled: pressed too early, it says what is missing, the first item focused.
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toContainText(`Checklist item 1 ("${CHECKLIST[0]}") is not confirmed.`);
  await expect(sign).toContainText(
    'Your e-mail address is required for the first signature of a session.',
  );
  await expect(sign.getByRole('checkbox', { name: CHECKLIST[0] })).toBeFocused();
  for (const item of CHECKLIST) await sign.getByRole('checkbox', { name: item }).check();
  // The first signature of the session: both components, the e-mail (user ID) and password.
  await sign.getByLabel('Your e-mail address').fill(reviewerAccount.email);
  await sign.getByLabel('Your password').fill('not the password');
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toContainText('Your password is incorrect.');
  await shoot(reviewerPage, 'approve-dialog');
  await sign.getByLabel('Your password').fill(reviewerAccount.password);
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toBeHidden();
  // The signature shows the printed name, the time in the reviewer's zone (Berlin) and in
  // UTC, and the meaning (21 CFR 11.50), then the checklist items as confirmed.
  const signature = editor.getByTestId('signature');
  await expect(signature).toContainText(
    new RegExp(
      `^Signed by Dr\\. Reviewer \\(${reviewerAccount.email.replace(/[.]/g, '\\.')}\\), [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M GMT\\+1 \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\), meaning: approved, medical`,
    ),
  );
  await expect(signature.getByTestId('signature-checklist')).toHaveText(
    `Confirmed: ${CHECKLIST.join('; ')}`,
  );
  const answer = await reviewerPage.request.get('/api/auth/me');
  expect((await answer.json()).signing.signedThisSession).toBe(true);
  expect((await request.put('/api/admin/settings', { data: { reviewChecklist: [] } })).ok()).toBe(
    true,
  );
  await expect(editor.getByRole('button', { name: 'Publish now' })).toHaveCount(0);

  // Approved is not published: visitors still get the live version.
  await visitor.goto(`/legacy/${slug}`);
  await expect(visitor.getByTestId('hero-headline')).toContainText(original);

  // The publisher schedules it in their own time zone, one to two minutes ahead (the field
  // takes whole minutes: two minutes on, cut to the minute, so a slow click still leaves a
  // future time; seconds ahead, the server publishes at once, functions/routes/workflow.ts).
  const publisherPage = await as(browser, publisherAccount);
  editor = await openReview(publisherPage, title);
  await editor.getByRole('tab', { name: 'Review', exact: true }).click();
  await editor.getByRole('button', { name: 'Schedule publish...' }).click();
  const schedule = publisherPage.getByRole('dialog', { name: 'Schedule the publish' });
  const at = new Date(Date.now() + 120_000);
  const berlin = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(at)
    .replace(' ', 'T');
  await schedule.getByLabel(/Date and time/).fill(berlin);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(editor.getByTestId('scheduled')).toContainText('Publish scheduled for');
  await shoot(publisherPage, 'workflow-scheduled');
  await publisherPage.keyboard.press('Escape');
  await expect(
    publisherPage.getByTestId('page-card').filter({ hasText: title }).getByTestId('page-schedule'),
  ).toContainText('Publishes');
  await shoot(publisherPage, 'pages-scheduled');

  // Not before its time. That it goes live then is e2e/when-due-governed.spec.ts's.
  await visitor.goto(`/legacy/${slug}`);
  await expect(visitor.getByTestId('hero-headline')).toContainText(original);
  handOver('governed', { slug, headline, at: at.getTime() });
  for (const page of [editorPage, reviewerPage, publisherPage, outsider, visitor]) {
    await page.context().close();
  }
});

test('the Account area: roles, invitations with a role, and the publishing setting', async ({
  page,
}) => {
  // Two full-page screenshots of the Account area, which grew with the API tokens section
  // (issue 40): on a loaded machine they alone took most of the default 30 seconds.
  test.slow();
  await signIn(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Publishing' })).toBeVisible();
  await expect(page.getByLabel('Approvals required before publishing')).toHaveValue('0');
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('editor');
  await expectNoAxeViolations(page);
  await shoot(page, 'account-roles-settings', true);
});
