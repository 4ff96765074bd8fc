// The page editor end to end (docs/decisions/0059-page-revisions-and-conflicts.md to
// docs/decisions/0069-per-page-seo.md): new pages as drafts from the template, the unsaved-changes
// guard and the local draft, two administrators saving the same page (the conflict dialog), the
// block editor's forms reaching the rebuilt page with its SEO tags, the live preview, the versions
// diff, and axe on every dialog. Screenshots of each screen at 1280 and 390 px go to /tmp/shots/.
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from 'playwright/test';
import { signIn } from './admin-session.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { normalizeSlug } from '../functions/shared/slug.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots';
const NOT_FOUND = 'Landing page not found. Please check the URL or try again later.';

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page) => page.getByTestId('toast');
const card = (page: Page, title: string) =>
  page.getByTestId('page-card').filter({ hasText: title });
const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit Landing Page' });

interface ApiPage {
  id: string;
  slug: string;
  title: string;
  revision: number;
  isActive: boolean;
  content: ReturnType<typeof landingTemplate>;
}

/** Test set-up through the API, signed in on the test's own request context. */
async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  return request;
}

async function createViaApi(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await (await adminApi(request)).post('/api/landing-pages', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiPage;
}

async function openEditor(page: Page, title: string): Promise<Locator> {
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Selects a block of the block editor by its name in the list. */
async function selectBlock(edit: Locator, name: string) {
  await edit
    .getByTestId('block-list')
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .click();
}

/** Screenshots at desktop and phone width; `prepare` runs after each resize. */
async function shoot(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await prepare?.();
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function waitForBuild(page: Page) {
  await expect(page.getByTestId('build-status')).toHaveAttribute('data-state', 'up-to-date', {
    timeout: 150_000,
  });
}

async function builtHtml(request: APIRequestContext, path: string, containing: string) {
  let html = '';
  await expect(async () => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    html = await response.text();
    expect(html).toContain(containing);
  }).toPass({ timeout: 150_000 });
  return html;
}

const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

test('a new page starts from the template as a draft that only administrators can preview', async ({
  page,
  browser,
}) => {
  // Two axe runs and two screenshots at two widths: longer than 30 s on a loaded machine.
  test.setTimeout(90_000);
  await signIn(page);
  const title = unique('Draft launch');
  const slug = normalizeSlug(title);
  await page.getByRole('button', { name: 'New Page' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('URL Slug').fill(title);
  await expect(create.getByRole('radio', { name: /PharmaBridge template/ })).toBeChecked();
  await expect(create.getByRole('checkbox', { name: 'Publish now' })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await shoot(page, 'create-form');
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page)).toContainText('Landing page created successfully');
  // The editor opens on the new page (issue 35): closed, to go on from the page list.
  await expect(editor(page).getByLabel('Title')).toHaveValue(title);
  await editor(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(editor(page)).toBeHidden();

  const created = card(page, title);
  await expect(created.getByTestId('page-status')).toHaveText('Draft');
  await expect(created.getByTestId('page-url')).toHaveText(`/${slug}`);
  await expect(
    created.getByRole('link', { name: `Preview ${title} (opens in a new tab)` }),
  ).toHaveAttribute('href', `/legacy/${slug}`);
  // The default page's card shows its real address, and has no Delete.
  const home = card(page, 'PharmaBridge home');
  await expect(home.getByTestId('page-url')).toContainText('/');
  await expect(home.getByTestId('page-url')).not.toContainText('/default');
  await expect(home.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await shoot(page, 'page-cards', async () => {
    await created.scrollIntoViewIfNeeded();
  });

  // The content is the template's, and the page is not public.
  const api = (await (await page.request.get(`/api/landing-pages/${slug}`)).json()) as ApiPage;
  expect(api.isActive).toBe(false);
  expect(api.content.hero.headline).toBe(landingTemplate().hero.headline);
  await expectVisitorNotFound(browser, slug);

  // The administrator's preview shows it, marked as a draft.
  await page.goto(`/legacy/${slug}`);
  await expect(page.getByTestId('draft-banner')).toContainText('Draft preview');
  await expect(page.getByTestId('hero-headline')).toContainText(landingTemplate().hero.headline);
});

async function expectVisitorNotFound(browser: Browser, slug: string) {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  expect((await page.request.get(`/api/landing-pages/${slug}`)).status()).toBe(404);
  expect((await page.goto(`/${slug}`))?.status()).toBe(404);
  await page.goto(`/legacy/${slug}`);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await visitor.close();
}

test('closing the editor with unsaved edits asks first, and a closed tab keeps them as a draft', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const title = unique('Guarded');
  await createViaApi(request, { title, slug: normalizeSlug(title), startFrom: 'template' });
  await page.reload();

  // No edits: Escape just closes.
  let edit = await openEditor(page, title);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // With edits, Escape asks; "Keep editing" keeps them.
  edit = await openEditor(page, title);
  const headline = edit.getByLabel('Headline', { exact: true });
  await headline.fill('Edits worth keeping');
  await expect(edit.getByText('Unsaved changes')).toBeVisible();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(headline).toHaveValue('Edits worth keeping');

  // The close button and the backdrop ask too.
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  // Only once the question has gone does a click land on the editor's backdrop.
  await expect(ask).toBeHidden();
  await page.mouse.click(4, 4);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();

  // Closing the browser tab asks (beforeunload); the edit survives as a local draft.
  const beforeUnload = new Promise<string>((done) =>
    page.once('dialog', (dialog) => {
      done(dialog.type());
      void dialog.accept();
    }),
  );
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some((key) => key.startsWith('pharmabridge-admin:draft:')),
      ),
    )
    .toBe(true);
  await page.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe('beforeunload');

  // As after a crash: a new tab offers the kept edits back.
  const again = await context.newPage();
  await again.goto('/admin');
  edit = await openEditor(again, title);
  const offer = edit.getByTestId('draft-offer');
  await expect(offer).toContainText('You have unsaved edits to this page');
  await offer.getByRole('button', { name: 'Restore my edits' }).click();
  await expect(edit.getByLabel('Headline', { exact: true })).toHaveValue('Edits worth keeping');

  // Discarding on purpose drops them for good.
  await again.keyboard.press('Escape');
  await again
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(edit).toBeHidden();
  edit = await openEditor(again, title);
  await expect(edit.getByTestId('draft-offer')).toHaveCount(0);
  await expect(edit.getByLabel('Headline', { exact: true })).toHaveValue(
    landingTemplate().hero.headline,
  );
});

test('two administrators saving the same page: reload theirs, see what changed, or overwrite', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await signIn(alice);
  const title = unique('Contested');
  await createViaApi(request, { title, slug: normalizeSlug(title), startFrom: 'template' });
  await signIn(bob);
  await alice.reload();

  // Both open the page; Bob saves first.
  const aliceEdit = await openEditor(alice, title);
  const bobEdit = await openEditor(bob, title);
  await bobEdit.getByLabel('Headline', { exact: true }).fill('Bob was here first');
  await bobEdit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(bob)).toContainText('Landing page updated successfully');

  // Alice's save is refused and she is asked what to do.
  await aliceEdit.getByLabel('Subheadline', { exact: true }).fill('Alice rewrote the subheadline.');
  await aliceEdit.getByRole('button', { name: 'Save Changes' }).click();
  const conflict = alice.getByRole('alertdialog', {
    name: 'This page was changed by someone else',
  });
  await expect(conflict).toContainText(`by ${E2E_ADMIN.email} after you opened it`);
  await conflict.getByRole('button', { name: 'See what changed' }).click();
  const changes = conflict.getByTestId('conflict-changes');
  await expect(changes).toContainText('hero.headline');
  await expect(changes).toContainText('Bob was here first');
  await expect(changes).toContainText('hero.subheadline');
  await expect(changes).toContainText('Alice rewrote the subheadline.');
  await expectNoAxeViolations(alice);
  await shoot(alice, 'conflict-dialog');

  // Reload theirs: Bob's headline, Alice's edit gone.
  await conflict.getByRole('button', { name: 'Reload their version' }).click();
  await expect(conflict).toBeHidden();
  await expect(aliceEdit.getByLabel('Headline', { exact: true })).toHaveValue('Bob was here first');
  await expect(aliceEdit.getByText('Unsaved changes')).toHaveCount(0);

  // Again: Bob saves, Alice overwrites.
  await bob.reload();
  const bobAgain = await openEditor(bob, title);
  await bobAgain.getByLabel('Headline', { exact: true }).fill('Bob, second round');
  await bobAgain.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(bob)).toContainText('Landing page updated successfully');
  await aliceEdit.getByLabel('Headline', { exact: true }).fill('Alice decides');
  await aliceEdit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Overwrite with my version' }).click();
  await expect(toast(alice)).toContainText('Landing page updated successfully');
  const stored = ((await (await request.get('/api/landing-pages')).json()) as ApiPage[]).find(
    (p) => p.title === title,
  );
  expect(stored?.content.hero.headline).toBe('Alice decides');
  expect(stored?.revision).toBe(4);
  await alice.context().close();
  await bob.context().close();
});

test('the preview beside the editor follows the edits, at desktop and phone width', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The preview renders inside the admin's CSP (no eval, no style attributes, no new origin).
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspErrors.push(message.text());
  });
  await signIn(page);
  const title = unique('Previewed');
  await createViaApi(request, { title, slug: normalizeSlug(title), startFrom: 'template' });
  await page.reload();
  const edit = await openEditor(page, title);
  const preview = edit.frameLocator('[data-testid="live-preview"]');
  await expect(preview.getByTestId('hero-headline')).toContainText(landingTemplate().hero.headline);
  await edit.getByLabel('Headline', { exact: true }).fill('Typed, not saved');
  await expect(preview.getByTestId('hero-headline')).toContainText('Typed, not saved');
  // A field the schema refuses keeps the last valid preview and says so.
  await edit.getByLabel('Headline', { exact: true }).fill('x'.repeat(201));
  await expect(edit.getByText('must be at most 200 characters')).toBeVisible();
  await expect(edit.getByText('The preview shows the last valid content')).toBeVisible();
  await edit.getByLabel('Headline', { exact: true }).fill('Typed, not saved');

  await edit.getByRole('button', { name: /^Mobile/ }).click();
  await expect(edit.getByTestId('live-preview')).toHaveAttribute('data-width', '390');
  await expect(preview.getByTestId('hero-headline')).toContainText('Typed, not saved');
  await edit.getByRole('button', { name: /^Desktop/ }).click();
  expect(cspErrors).toEqual([]);
  // Save is enabled once the editor's fresher copy has arrived, and its colour then fades
  // from grey: axe (which waits for running transitions) reads the form as it stays once it
  // is enabled (a CI run read the button mid-fade), as admin.spec.ts does.
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'editor-preview');

  // An invalid JSON text names its line and column, and the sections stay editable.
  await edit.getByRole('tab', { name: 'JSON' }).click();
  await edit
    .getByLabel('Content (JSON)')
    .fill('{\n  "hero": {\n    "headline": "x"\n    "highlight": "y"\n  }\n}');
  await expect(edit.getByTestId('json-problem')).toContainText('Invalid JSON content');
  await expect(edit.getByTestId('json-problem')).toContainText('line 4, column 5');
  await edit.getByRole('tab', { name: 'Blocks' }).click();
  await expect(edit.getByText(/Invalid JSON content \(line 4, column 5/)).toBeVisible();
  await expect(edit.getByLabel('Headline', { exact: true })).toHaveValue('Typed, not saved');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toContainText('Nothing was saved');
});

test('block forms edit a features item, a benefits item and the SEO settings, and the rebuilt page shows them', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  const title = unique('Structured');
  const slug = normalizeSlug(title);
  // A published page, and a hidden one that must stay out of the sitemap.
  await page.getByRole('button', { name: 'New Page' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('URL Slug').fill(slug);
  await create.getByRole('checkbox', { name: 'Publish now' }).check();
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page)).toContainText('Landing page created successfully');
  // The editor opens on the new page (issue 35): closed, to go on from the page list.
  await expect(editor(page).getByLabel('Title')).toHaveValue(title);
  await editor(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(editor(page)).toBeHidden();
  const hidden = await createViaApi(request, {
    title: unique('Hidden'),
    slug: normalizeSlug(unique('hidden')),
    startFrom: 'template',
  });
  const hiddenSaved = await request.put(`/api/landing-pages/${hidden.id}`, {
    data: { content: { ...hidden.content, seo: { noindex: true } }, revision: 1 },
  });
  expect(hiddenSaved.status()).toBe(200);
  await expect(card(page, title).getByTestId('page-status')).toHaveText(/Live/);

  const edit = await openEditor(page, title);
  // Features (a block of the page's derived layout): the second item's title, and a new
  // item at the end.
  await selectBlock(edit, 'Features');
  const features = edit.getByTestId('block-form').getByTestId(/^list-layout\.\d+\.items$/);
  const second = features.getByTestId('list-item').nth(1);
  await second.getByLabel('Title').fill('Contract rules enforced at upload');
  await features.getByRole('button', { name: 'Add feature' }).click();
  const added = features.getByTestId('list-item').last();
  await added.getByLabel('Title').fill('Audit-ready exception history');
  await added.getByLabel('Description').fill('Every exception and fix is kept with who did it.');
  await added.getByRole('button', { name: /^Move feature \d+ up$/ }).click();

  // Benefits: the first item's badge, icon and title.
  await selectBlock(edit, 'Benefits');
  const benefit = edit
    .getByTestId('block-form')
    .getByTestId(/^list-layout\.\d+\.items$/)
    .getByTestId('list-item')
    .first();
  await benefit.getByLabel('Badge').fill('Platform');
  await benefit.getByLabel('Icon').selectOption('shield');
  await benefit.getByLabel('Title').fill('Contracts enforced without manual review');

  // SEO, a page setting (not a block).
  await edit.getByRole('tab', { name: 'Page settings', exact: true }).click();
  await edit.getByLabel('Search title').fill(`${title} | PharmaBridge`);
  await edit
    .getByLabel('Search description')
    .fill('Contract-clean supplier data, checked at upload.');
  await edit.getByLabel(/^Sharing image/).fill('/screenshots/supplier-portal.png');
  await expect(edit.getByText('Where it appears:')).toBeVisible();

  // The preview already shows the new feature.
  await edit.getByRole('tab', { name: 'Blocks', exact: true }).click();
  await expect(
    edit.frameLocator('[data-testid="live-preview"]').getByText('Audit-ready exception history'),
  ).toBeVisible();
  const savedAt = Date.now();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Landing page updated successfully');
  // The save asked for a rebuild.
  await expect(page.getByTestId('build-status')).toHaveAttribute('data-state', 'building');
  await waitForBuild(page);

  const html = await builtHtml(request, `/${slug}`, 'Audit-ready exception history');
  const seconds = (Date.now() - savedAt) / 1000;
  test
    .info()
    .annotations.push({ type: 'save-to-public-page', description: `${seconds.toFixed(1)} s` });
  console.log(`save to updated static page: ${seconds.toFixed(1)} s`);
  expect(html).toContain('Contract rules enforced at upload');
  expect(html).toContain('Contracts enforced without manual review');
  expect(html).toContain(`<title>${title} | PharmaBridge</title>`);
  expect(metaOf(html, 'name', 'description')).toBe(
    'Contract-clean supplier data, checked at upload.',
  );
  expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/${slug}">`);
  expect(metaOf(html, 'property', 'og:title')).toBe(`${title} | PharmaBridge`);
  expect(metaOf(html, 'property', 'og:url')).toBe(`http://localhost:3000/${slug}`);
  expect(metaOf(html, 'property', 'og:image')).toBe(
    'http://localhost:3000/screenshots/supplier-portal.png',
  );
  expect(metaOf(html, 'name', 'twitter:description')).toBe(
    'Contract-clean supplier data, checked at upload.',
  );
  expect(metaOf(html, 'name', 'robots')).toBeUndefined();
  // Created live, then saved live: its second publication's job code, in the head and the
  // small print (issue 37, docs/decisions/0552-job-code-on-the-live-page.md).
  const jobCode = metaOf(html, 'name', 'job-code');
  expect(jobCode).toMatch(/^PB-\d{4}-\d{4} v2$/);
  expect(html).toMatch(
    new RegExp(`<p data-job-code=""[^>]*>${jobCode} · Published \\d{4}-\\d{2}-\\d{2}</p>`),
  );

  // The page is in the sitemap; the noindex page is built with robots noindex but not listed.
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/${slug}</loc>`);
  const hiddenHtml = await builtHtml(request, `/${hidden.slug}`, 'noindex');
  expect(metaOf(hiddenHtml, 'name', 'robots')).toBe('noindex');
  expect(sitemap).not.toContain(`/${hidden.slug}<`);

  // The live copy sets the same tags at run time.
  const live = await page.context().newPage();
  await live.goto(`/legacy/${slug}`);
  await expect(live).toHaveTitle(`${title} | PharmaBridge`);
  await expect(live.locator('meta[name="job-code"]')).toHaveAttribute('content', jobCode!);
  await expect(live.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `http://localhost:3000/${slug}`,
  );
  await live.close();

  // View opens the static page now that the admin knows a build made after the save has
  // landed (waitForBuild: the save's own build, coalesced after any that started before it).
  await page.goto('/admin');
  await expect(
    card(page, title).getByRole('link', { name: `View ${title} (opens in a new tab)` }),
  ).toHaveAttribute('href', `/${slug}`);

  // The versions tab compares field by field.
  const again = await openEditor(page, title);
  await again.getByRole('tab', { name: 'Versions' }).click();
  await again
    .getByRole('button', { name: /^Compare the version of / })
    .first()
    .click();
  const diff = again.getByTestId('version-diff');
  await expect(diff).toContainText('features.items[1].title');
  await expect(diff).toContainText('Contract rules enforced at upload');
  await expect(diff).toContainText('features.items[5]');
  await expect(diff).toContainText('added');
  await expect(diff).toContainText('seo');
  await expectNoAxeViolations(page);
  await shoot(page, 'versions-diff', async () => {
    await diff.scrollIntoViewIfNeeded();
  });
});
