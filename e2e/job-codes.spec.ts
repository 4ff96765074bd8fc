// Job codes (issue 37; docs/decisions/0550-job-codes.md, 0551, 0552): a page created live and
// then saved live has gone live twice, so its code reads "PB-YYYY-NNNN v2". The run-time page
// (/legacy/<slug>) carries it in its small print and its <meta name="job-code"> (the prebuilt
// page's are editor.spec.ts's, which waits for a rebuild); the page card shows it; the
// versions panel shows the live version's publication and the one the save replaced; the
// settings screen checks a prefix as it is typed (not saved: the prefix is install-wide).
// Screenshots at 1280 and 390 px into /tmp/shots/pub-shots (not committed). Runs on the
// editing server: it saves a page.
import { expect, test, type Locator } from 'playwright/test';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = process.env['JOB_CODE_SHOTS'] ?? '/tmp/shots/job-codes';
const shoot = screenshotsIn(SHOTS);

/** At 1280 and 390 px, with `target` scrolled to the middle of the view at each width. */
async function shootAround(target: Locator, name: string) {
  const page = target.page();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
// Tracking counts HeadlessChrome as a bot; a visitor here is a person.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

test('a page gone live twice shows its job code on the live page, its card and its versions', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const title = `Job code ${Date.now().toString(36)}`;
  const slug = normalizeSlug(title);
  const created = await page.request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, startFrom: 'template' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const first = (await created.json()) as {
    id: string;
    revision: number;
    content: { hero: { headline: string } };
    publication: { jobCode: string; version: number };
  };
  expect(first.publication.version).toBe(1);
  const saved = await page.request.put(`/api/landing-pages/${first.id}`, {
    data: {
      content: { ...first.content, hero: { ...first.content.hero, headline: 'Coded twice' } },
      revision: first.revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { publication } = (await saved.json()) as {
    publication: { jobCode: string; version: number };
  };
  const code = `${publication.jobCode} v2`;
  expect(code).toMatch(/^PB-\d{4}-\d{4} v2$/);
  expect(publication.jobCode).not.toBe(first.publication.jobCode);

  // The run-time page, as a visitor gets it.
  const visitor = await browser.newContext();
  const live = await visitor.newPage();
  await live.emulateMedia({ reducedMotion: 'reduce' });
  expect((await live.goto(`/legacy/${slug}`))?.status()).toBe(200);
  await expect(live.getByTestId('hero-headline')).toContainText('Coded twice');
  await expect(live.locator('[data-job-code]')).toHaveText(
    new RegExp(`^${code} · Published \\d{4}-\\d{2}-\\d{2}$`),
  );
  await expect(live.locator('meta[name="job-code"]')).toHaveAttribute('content', code);
  await expectNoAxeViolations(live);
  await live.locator('[data-job-code]').scrollIntoViewIfNeeded();
  await shoot(live, 'legacy-small-print', { fullPage: false });
  await visitor.close();

  // The page card.
  await page.reload();
  const card = page.getByTestId('page-card').filter({ hasText: title });
  const jobCode = card.getByTestId('page-job-code');
  await expect(jobCode).toHaveText(`Job code ${code}`);
  await expectTooltip(jobCode, 'with no approvals');
  await page.keyboard.press('Escape');
  await shootAround(card, 'page-card');

  // The versions: the live version's publication, and the one the save replaced (v1).
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.getByRole('tab', { name: 'Versions' }).click();
  await expect(edit.getByTestId('live-publication').getByTestId('job-code')).toHaveText(code);
  const replaced = edit.getByTestId('version').first();
  await expect(replaced.getByTestId('job-code')).toHaveText(`${first.publication.jobCode} v1`);
  await expect(replaced).toContainText('No approvals: none were required when it went live.');
  await shootAround(edit.getByTestId('live-publication'), 'versions-panel');
  await edit.getByRole('button', { name: 'Close' }).first().click();

  // The prefix on the settings screen, checked as it is typed; nothing is saved.
  await page.goto('/admin/account');
  const settings = page.getByTestId('publishing-settings');
  const prefix = settings.getByLabel('Job code prefix');
  await expect(prefix).toHaveValue('PB');
  await prefix.fill('m1');
  await expect(prefix).toHaveValue('M1');
  await expect(settings.getByText(/^The next code reads like M1-\d{4}-0042\.$/)).toBeVisible();
  await prefix.fill('9AB');
  await expect(prefix).toHaveAttribute('aria-invalid', 'true');
  await expect(settings).toContainText(
    'The job code prefix must be 2 to 10 capital letters or digits, starting with a letter (for example PB).',
  );
  await expectTooltip(
    settings.getByRole('button', { name: 'About job codes' }),
    'Each time a page goes live',
  );
  await page.keyboard.press('Escape');
  await shootAround(prefix, 'settings-prefix');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(prefix).toBeFocused();
  await settings.getByRole('button', { name: 'Undo changes' }).click();
  await expect(prefix).toHaveValue('PB');
  expect(
    ((await (await page.request.get('/api/admin/settings')).json()) as { jobCodePrefix: string })
      .jobCodePrefix,
  ).toBe('PB');
});
