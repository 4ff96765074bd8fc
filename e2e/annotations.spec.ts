// Annotations in the browser (issue 36, docs/decisions/0527-annotations.md): a reviewer pins a
// comment to the hero block of a working copy in review, naming the editor with @name (an
// e-mail to them); the editor sees the pin beside the block, which opens the thread (kept
// in the URL over a reload); approval is refused while the thread is open, with the reason
// as a sentence in the signature dialog; the editor replies and resolves it (folded away);
// then the approval goes through. openCommentsBlockApproval stays at its default (on): only
// this spec's page has comments, so the other editing specs are not affected.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from 'playwright/test';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { MENTION_SUBJECT } from '../functions/mail/comment-mention.ts';
import { as, member } from './members.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { shootAtWidths } from './screenshots.ts';
import { E2E_ADMIN, serverLogPath } from './playwright.config.ts';

const SHOTS = '/tmp/shots/comments-shots';

const shoot = (page: Page, name: string, target: Locator) =>
  shootAtWidths(page, SHOTS, name, target);

/** The mention e-mails this server's log transport wrote (its log, as `npm start` prints it). */
function mentionMails(): { to: string[]; text: string }[] {
  return readFileSync(serverLogPath('editing'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as { message?: string; subject?: string; to?: string[]; text?: string },
    )
    .filter(
      (entry) => entry.message?.startsWith('mail (not sent') && entry.subject === MENTION_SUBJECT,
    )
    .map((entry) => ({ to: entry.to ?? [], text: entry.text ?? '' }));
}

async function openPage(page: Page, title: string) {
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: new RegExp(`^(Edit|Open) ${title}$`) })
    .click();
  const dialog = page.getByRole('dialog', { name: /^(Edit|View) Landing Page$/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a reviewer pins a comment to the hero; approval waits until the editor resolves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const title = `Annotated ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await request.post('/api/landing-pages', {
    data: { title, slug: normalizeSlug(title), isActive: true, content: landingTemplate() },
  });
  expect(created.status()).toBe(201);
  const live = (await created.json()) as { id: string; revision: number; content: unknown };
  const [editorAccount, reviewerAccount] = [
    await member(request, 'editor'),
    await member(request, 'reviewer'),
  ];
  const editorName = editorAccount.email.slice(0, editorAccount.email.indexOf('@'));

  // The editor's working copy, in review (through the API: the editing itself is other specs').
  const editorPage = await as(browser, editorAccount);
  const content = landingTemplate();
  const saved = await editorPage.context().request.put(`/api/landing-pages/${live.id}/draft`, {
    data: {
      title,
      slug: normalizeSlug(title),
      content: { ...content, hero: { ...content.hero, headline: 'Validated in 99.8% of runs' } },
      revision: live.revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(
    (
      await editorPage.context().request.post(`/api/landing-pages/${live.id}/submit`, { data: {} })
    ).status(),
  ).toBe(200);

  // The reviewer pins a comment to the hero, naming the editor.
  const reviewerPage = await as(browser, reviewerAccount);
  const view = await openPage(reviewerPage, title);
  await view.getByRole('tab', { name: 'Review', exact: true }).click();
  const comments = view.getByTestId('comments');
  await comments.getByLabel('Pinned to').selectOption({ label: 'Hero' });
  await comments
    .getByLabel('Add a comment')
    .fill(`@${editorName} where is the reference for 99.8%?`);
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  const heroGroup = comments.getByTestId('comment-group').filter({ hasText: 'Hero' });
  await expect(heroGroup.getByRole('heading', { level: 4 })).toHaveText('Hero (1 open)');
  await expect(heroGroup.getByTestId('mention')).toHaveText(`@${editorName}`);
  await expect(comments.getByTestId('open-threads')).toHaveText('(1 open)');
  await expect
    .poll(() => mentionMails().filter((mail) => mail.to.includes(editorAccount.email)))
    .toHaveLength(1);

  // Approval is refused while the thread is open: the reason, as a sentence, in the dialog.
  const approveButton = view.getByRole('button', { name: 'Approve...' });
  await approveButton.click();
  const sign = reviewerPage.getByRole('dialog', { name: 'Approve the working copy' });
  await sign.getByLabel('Meaning').selectOption('approved-medical');
  // The session's first signature takes the e-mail too (21 CFR 11.200(a)(1)(i)).
  await sign.getByLabel('Your e-mail address').fill(reviewerAccount.email);
  await sign.getByLabel('Your password').fill(reviewerAccount.password);
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toContainText('It cannot be approved: 1 comment is unresolved.');
  await sign.getByRole('button', { name: 'Cancel' }).click();
  await expect(sign).toBeHidden();
  await expect(approveButton).toBeFocused();
  await expectNoAxeViolations(reviewerPage, { include: ['[data-testid="comments"]'] });
  await shoot(reviewerPage, 'review-tab-open-thread', heroGroup);

  // The editor sees the pin beside the hero block; it opens the thread in the Review tab.
  let editor = await openPage(editorPage, title);
  const heroRow = editor.locator('[data-block-row="hero"]');
  const pin = heroRow.getByTestId('block-pin');
  await expect(pin).toHaveAccessibleName('Comments on Hero: 1 open of 1');
  await expect(editor.getByTestId('block-pin')).toHaveCount(1);
  await shoot(editorPage, 'editor-block-pin', heroRow);
  await pin.click();
  await expect(editor.getByRole('tab', { name: 'Review', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(new URL(editorPage.url()).searchParams.get('thread')).toMatch(/^\d{4}-/);
  // The open thread survives a reload.
  await editorPage.reload();
  editor = editorPage.getByRole('dialog', { name: 'Edit Landing Page' });
  const thread = editor.getByTestId('comment-thread').filter({ hasText: 'reference for 99.8%' });
  await expect(thread).toHaveAttribute('aria-current', 'true');
  await thread.getByLabel('Your reply').fill('Added: validation report, p. 4');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByTestId('comment-reply')).toContainText('validation report, p. 4');
  // The reply box closes and the focus goes back to the Reply button.
  await expect(thread.getByRole('button', { name: 'Reply' })).toBeFocused();
  await shoot(editorPage, 'review-tab-reply', thread);
  await thread.getByRole('button', { name: 'Resolve' }).click();
  const folded = editor.getByTestId('resolved-threads');
  await expect(folded.locator('summary')).toHaveText('1 resolved thread');
  await expect(folded).not.toHaveAttribute('open');
  await expect(editor.getByTestId('open-threads')).toHaveText('(0 open)');
  await shoot(editorPage, 'review-tab-resolved', folded);

  // The reviewer signs now.
  await approveButton.click();
  await sign.getByLabel('Meaning').selectOption('approved-medical');
  // Still the session's first signature: the refused one above signed nothing.
  await sign.getByLabel('Your e-mail address').fill(reviewerAccount.email);
  await sign.getByLabel('Your password').fill(reviewerAccount.password);
  await sign.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(sign).toBeHidden();
  await expect(view.getByTestId('signature')).toContainText(
    `Signed by Dr. Reviewer (${reviewerAccount.email})`,
  );

  // The editor comments on a block from the block editor: the Review tab's box, pinned to it.
  await editor.getByRole('tab', { name: 'Blocks' }).click();
  await editor
    .locator('[data-block-row="pricing"]')
    .getByRole('button', { name: 'Pricing', exact: true })
    .click();
  await editor.getByRole('button', { name: 'Comment on Pricing' }).click();
  const box = editor.getByLabel('Add a comment');
  await expect(box).toBeFocused();
  await expect(editor.getByTestId('comments').getByLabel('Pinned to')).toHaveValue('pricing');
  await box.fill('Prices need the legal footnote');
  await editor.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    editor.getByTestId('comment-group').filter({ hasText: 'Pricing' }).getByRole('heading'),
  ).toHaveText('Pricing (1 open)');
  await expect(
    editor.locator('[data-block-row="pricing"]').getByTestId('block-pin'),
  ).toHaveAccessibleName('Comments on Pricing: 1 open of 1');
  for (const page of [editorPage, reviewerPage]) await page.context().close();
});
