// The gated download block (issue 27, functions/shared/assets.ts): a PDF uploaded through the
// admin API, a published page whose gatedAsset block names it; the visitor opens the block's
// form, sends it, gets the form's own success message with the link, and the PDF downloads. The page
// never names the file; axe is clean and the CSP reports nothing. Then the page editor's file
// picker: a second PDF uploaded through "Upload PDF" becomes the block's file. The visitor's
// flow runs on the page's run-time copy (/legacy/<slug>, the prebuilt pages' markup and script,
// under the site's CSP); the prerendered block is block-gallery.spec.ts's, on the page it
// publishes (docs/decisions/0548-browser-specs-check-edits-at-run-time.md). Screenshots at
// 1280 and 390 px into /tmp/shots/b3.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { pdf } from './media-upload.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn, watchViolations } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const DIR = '/tmp/shots/b3';
const shoot = screenshotsIn(DIR);
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

/** The window at both widths with `target` in its middle (the editor scrolls inside). */
async function shootAt(page: Page, target: Locator, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await reviewShot(page, { path: `${DIR}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor sends the gated form and downloads the PDF; the editor picks and uploads files', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);

  // The file, through the admin API as the picker does it.
  const guide = pdf('The data quality guide');
  const started = await request.post('/api/admin/assets', {
    data: { fileName: 'Data quality guide.pdf', size: guide.length },
  });
  expect(started.status(), await started.text()).toBe(201);
  const ticket = (await started.json()) as { id: string; uploadURL: string };
  const put = await request.put(ticket.uploadURL, { data: guide });
  expect(put.status()).toBe(200);
  const completed = await request.post(`/api/admin/assets/${ticket.id}/complete`);
  expect(completed.status(), await completed.text()).toBe(201);
  const asset = (await completed.json()) as { id: string; path: string };

  // A live page with the block.
  const title = `Gated ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, startFrom: 'template' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: pageId, content, revision } = await created.json();
  const layout = [
    { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
    {
      id: 'hero',
      type: 'hero',
      headline: 'Clean supplier data:',
      highlight: 'the guide',
      subheadline: 'Everything we learned from validating contract data at the source.',
      primaryCTA: 'Request Demo',
      secondaryCTA: 'See How It Works',
      features: [],
    },
    {
      id: 'guide',
      type: 'gatedAsset',
      headline: 'The data quality guide',
      description:
        'Forty pages on validating supplier data at the source, with checklists for your team.',
      asset: asset.path,
      buttonLabel: 'Get the guide',
      style: { background: 'tint' },
    },
    { id: 'footer', type: 'footer' },
  ];
  const saved = await request.put(`/api/landing-pages/${pageId}`, {
    data: { content: { ...content, layout }, revision },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The run-time page (/legacy) shows the block from the public page API, which never names
  // the file.
  const violations = await watchViolations(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const pageAnswers: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes(`/api/landing-pages/${slug}`)) {
      pageAnswers.push(await response.text());
    }
  });
  await page.goto(`/legacy/${slug}`);
  await expect(page.locator('#block-guide h2')).toHaveText('The data quality guide');
  expect(await page.content()).not.toContain(asset.id);
  expect(pageAnswers.length).toBeGreaterThan(0);
  for (const answer of pageAnswers) expect(answer).not.toContain(asset.id);

  const block = page.locator('#block-guide');
  await expect(block.getByRole('heading', { level: 2 })).toHaveText('The data quality guide');
  await expect(page.locator('[data-landing-ready]')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'gated-block');

  // The form, then the link.
  const button = block.getByRole('button', { name: 'Get the guide' });
  await button.click();
  // The dialog is the form's: the page's contact form, the built-in demo request (issue 35).
  const dialog = page.getByRole('dialog', { name: 'Request Demo' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill('Dana Whitfield');
  await dialog.getByLabel('Email').fill('dana.whitfield@example-pharma.com');
  const contact = page.waitForResponse(
    (response) => response.url().endsWith('/api/contact') && response.status() === 201,
  );
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const answer = (await (await contact).json()) as { download: { url: string } };
  expect(answer.download.url).toMatch(/^\/api\/downloads\//);
  // The form's own success message, the link under it.
  await expect(dialog.getByRole('status')).toContainText(
    "Thank you! We'll get back to you shortly.",
  );
  const link = dialog.getByRole('link', { name: 'download the file here' });
  await expect(link).toHaveAttribute('href', answer.download.url);
  const file = await download;
  expect(file.suggestedFilename()).toBe('Data quality guide.pdf');
  expect(readFileSync((await file.path())!)).toEqual(guide);
  await expectNoAxeViolations(page);
  await shoot(page, 'gated-dialog-ready', { fullPage: false });
  // Closing gives focus back to the button.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(button).toBeFocused();
  expect(await violations()).toEqual([]);

  // An expired or forged link is a sentence, not an error page.
  const forged = await request.get(`/api/downloads/${answer.download.url.slice(-50)}x`, {
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toMatch(/^This download link is not valid\./);

  // The editor: the block's file picker lists the file; "Upload PDF" adds another.
  await signIn(page);
  await page.goto(`/admin?edit=${pageId}&block=guide`);
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit).toBeVisible();
  const fileSelect = edit.getByRole('combobox', { name: /^File/ });
  await expect(fileSelect).toHaveValue(asset.path);
  await expect(fileSelect.locator('option:checked')).toHaveText(/^Data quality guide\.pdf \(/);
  // The block's form is chosen among the Forms tab's forms (the built-in one by default).
  const formSelect = edit.getByRole('combobox', { name: /^Form/ });
  await expect(formSelect.locator('option:checked')).toHaveText(/\(default\)$/);
  await expect(formSelect.locator('option')).toContainText([/Pricing request/]);
  await fileSelect.selectOption('');
  await expect(
    edit.getByText('Choose the file: until then this block is not shown to visitors.'),
  ).toBeVisible();
  await shootAt(page, fileSelect, 'gated-editor-no-file');
  await edit
    .locator('input[type="file"][accept*="pdf"]')
    .setInputFiles({ name: 'Pricing sheet.pdf', mimeType: 'application/pdf', buffer: pdf('x') });
  await expect(fileSelect.locator('option:checked')).toHaveText(/^Pricing sheet\.pdf \(/);
  await expect(edit.getByText('Choose the file: until then')).toHaveCount(0);
  // A file that is not a PDF is refused with a sentence.
  await edit
    .locator('input[type="file"][accept*="pdf"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(edit.getByRole('alert')).toContainText('notes.txt is not a PDF. Choose a PDF file.');
  await expectNoAxeViolations(page);
  await shootAt(page, fileSelect, 'gated-editor-picker');
});
