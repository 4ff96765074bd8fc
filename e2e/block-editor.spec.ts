// The page editor's block editor (issue 27, docs/decisions/0177-block-editor.md): a page without a
// layout shows its derived blocks; a rich-text block is added through the picker, renamed,
// moved by keyboard (Alt+Arrow), by the move buttons and by a drag; a block is hidden, one
// duplicated, one removed; the selected block survives a reload (?block= in the URL); the
// save reaches the page, whose blocks render in the new order without the hidden one.
// Axe on the editor and the picker; screenshots at 1280 and 390 px into /tmp/shots/b1.
import { expect, test, type Locator, type Page } from 'playwright/test';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES } from '../functions/shared/blocks.ts';
import { DEFAULT_SLUG } from '../functions/shared/slug.ts';
import { signIn } from './admin-session.ts';
import { blockRowIds as rowIds } from './keyboard.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const DIR = '/tmp/shots/b1';
const shoot = screenshotsIn(DIR);
const SAVE_WAIT = { timeout: 30_000 };

const row = (edit: Locator, id: string) => edit.locator(`[data-block-row="${id}"]`);
const select = (edit: Locator, id: string) => row(edit, id).locator('[data-control="select"]');
const moved = (ids: (string | null)[], from: string, to: number) => {
  const next = ids.filter((id) => id !== from);
  next.splice(to, 0, from);
  return next;
};

async function openEditor(page: Page, title: string): Promise<Locator> {
  await page
    .getByTestId('page-card')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit).toBeVisible();
  return edit;
}

test('blocks are added, renamed, reordered, hidden, duplicated and removed, and the page follows', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const title = `Block editor ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const created = await request.post('/api/landing-pages', {
    data: { title, slug, isActive: true, startFrom: 'template' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: pageId } = (await created.json()) as { id: string };

  await signIn(page);
  const edit = await openEditor(page, title);
  await expect(page).toHaveURL(new RegExp(`[?&]edit=${pageId}`));

  // A page without a layout: its standard sections, navigation first and footer last.
  await expect(edit.getByTestId('derived-layout')).toBeVisible();
  const start = await rowIds(edit);
  expect(start[0]).toBe('navigation');
  expect(start.at(-1)).toBe('footer');
  expect(start).toEqual(expect.arrayContaining(['hero', 'features', 'benefits', 'pricing']));
  // Navigation and footer do not move.
  await expect(
    row(edit, 'navigation').getByRole('button', { name: /^Move .* up$/ }),
  ).toBeDisabled();
  await expect(row(edit, 'hero').getByRole('button', { name: 'Move Hero up' })).toBeDisabled();
  // Each block is named once: "Hero", not "Hero ( Hero )".
  await expect(select(edit, 'hero')).toHaveAccessibleName('Hero');

  // Add a rich-text block after Features through the picker.
  await select(edit, 'features').click();
  await expect(page).toHaveURL(/[?&]block=features/);
  const add = edit.getByRole('button', { name: 'Add block' });
  await add.click();
  const picker = page.getByRole('dialog', { name: 'Add a block' });
  await expect(picker).toContainText('The new block goes after “Features”.');
  // The types BLOCK_TYPES marks rendered, with no second navigation, hero or footer.
  const offered = BLOCK_TYPE_NAMES.filter(
    (type) =>
      BLOCK_TYPES[type].rendered && type !== 'navigation' && type !== 'hero' && type !== 'footer',
  );
  expect(
    await picker
      .locator('[data-block-type]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-block-type'))),
  ).toEqual(offered);
  await expectNoAxeViolations(page);
  await shoot(page, 'block-picker', { fullPage: false });
  await picker.locator('[data-block-type="richText"]').click();
  await expect(picker).toBeHidden();
  await expect(add).toBeFocused();
  const afterAdd = await rowIds(edit);
  expect(afterAdd).toEqual(
    moved([...start, 'rich-text'], 'rich-text', start.indexOf('features') + 1),
  );
  await expect(page).toHaveURL(/[?&]block=rich-text/);
  await expect(edit.getByTestId('derived-layout')).toHaveCount(0);

  // Its form: the Markdown and the name in the list.
  const form = edit.getByTestId('block-form');
  await form
    .getByLabel('Text', { exact: true })
    .fill('## Our promise\n\nClean data at the source.');
  await form.getByLabel(/^Name in the block list/).fill('Promise');
  await expect(select(edit, 'rich-text')).toContainText('Promise');
  // Named by the editor: the type, then the name.
  await expect(select(edit, 'rich-text')).toHaveAccessibleName('Rich text: Promise');
  // A problem shows on the field and as a count on the block's row.
  await form.getByLabel('Text', { exact: true }).fill('<b>bold</b>');
  await expect(form.getByText(/must not contain HTML tags/i)).toBeVisible();
  await expect(select(edit, 'rich-text')).toHaveAccessibleName(/1 problem/);
  await form
    .getByLabel('Text', { exact: true })
    .fill('## Our promise\n\nClean data at the source.');
  await expect(select(edit, 'rich-text')).not.toHaveAccessibleName(/problem/);
  const preview = edit.frameLocator('[data-testid="live-preview"]');
  await expect(preview.getByRole('heading', { name: 'Our promise' })).toBeVisible();
  // The preview scrolls to the selected block: selecting the hero goes back to the top.
  const previewScroll = () => preview.locator('body').evaluate(() => window.scrollY);
  await expect.poll(previewScroll).toBeGreaterThan(0);
  await select(edit, 'hero').click();
  await expect.poll(previewScroll).toBe(0);
  await select(edit, 'rich-text').click();
  await expect.poll(previewScroll).toBeGreaterThan(0);

  // Keyboard: Alt+ArrowUp moves it above Features; focus stays on the row.
  await select(edit, 'rich-text').focus();
  await page.keyboard.press('Alt+ArrowUp');
  const afterKey = await rowIds(edit);
  expect(afterKey).toEqual(moved(afterAdd, 'rich-text', afterAdd.indexOf('rich-text') - 1));
  await expect(select(edit, 'rich-text')).toBeFocused();
  await expect(edit.getByTestId('block-announcement')).toHaveText(
    `Promise moved to position ${afterKey.indexOf('rich-text') + 1} of ${afterKey.length}.`,
  );
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Alt+ArrowDown');
  const afterKeys = await rowIds(edit);
  expect(afterKeys).toEqual(moved(afterKey, 'rich-text', afterKey.indexOf('rich-text') + 2));
  await expect(select(edit, 'rich-text')).toBeFocused();

  // The move buttons: up once, the button keeps the focus.
  const up = row(edit, 'rich-text').getByRole('button', { name: 'Move Promise up' });
  await up.click();
  const afterButton = await rowIds(edit);
  expect(afterButton).toEqual(moved(afterKeys, 'rich-text', afterKeys.indexOf('rich-text') - 1));
  await expect(up).toBeFocused();

  // A drag: Pricing onto Benefits' place.
  const beforeDrag = await rowIds(edit);
  await row(edit, 'pricing').dragTo(row(edit, 'benefits'));
  expect(await rowIds(edit)).toEqual(moved(beforeDrag, 'pricing', beforeDrag.indexOf('benefits')));

  // Hide How It Works: marked in the list, gone from the preview.
  await row(edit, 'how-it-works').getByRole('button', { name: 'Hide How It Works' }).click();
  await expect(select(edit, 'how-it-works')).toHaveAccessibleName(/Hidden$/);
  await expect(
    row(edit, 'how-it-works').getByRole('button', { name: 'Show How It Works' }),
  ).toBeVisible();

  // Duplicate the promise (new id, after it), then give the copy its own text.
  await select(edit, 'rich-text').click();
  await form.getByRole('button', { name: 'Duplicate Promise' }).click();
  await expect(select(edit, 'rich-text-2')).toContainText('Promise (copy)');
  await expect(page).toHaveURL(/[?&]block=rich-text-2/);
  await form.getByLabel('Text', { exact: true }).fill('## Second promise\n\nNo identifiers leave.');
  // Style: only the choices the type takes.
  await form.getByLabel('Background').selectOption('tint');

  // Remove Benefits, after a confirmation; focus back on the opener.
  await select(edit, 'benefits').click();
  const remove = form.getByRole('button', { name: 'Remove Benefits' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Benefits?' });
  await confirm.getByRole('button', { name: 'Remove block' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(edit, 'benefits')).toHaveCount(0);
  await expect(form.getByRole('button', { name: /^Remove / })).toBeFocused();

  await expectNoAxeViolations(page);
  await select(edit, 'rich-text-2').click();
  await shoot(page, 'block-editor', { fullPage: false });
  // The selected block's form, scrolled into view at each width.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await form.getByLabel('Background').scrollIntoViewIfNeeded();
    await reviewShot(page, { path: `${DIR}/block-form-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // The page settings beside the blocks: SEO and the contact form (not the default page:
  // no site-wide sections).
  await edit.getByRole('tab', { name: 'Page settings' }).click();
  await expect(edit.getByRole('combobox', { name: 'Contact form' })).toBeVisible();
  await expect(edit.getByTestId('settings-seo')).toBeVisible();
  await expect(edit.getByTestId('settings-faq')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'page-settings', { fullPage: false });
  await edit.getByRole('tab', { name: 'Blocks' }).click();
  const finalOrder = await rowIds(edit);

  // A reload keeps the editor and the selected block (the edits come back as the draft).
  await page.reload();
  const again = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Restore my edits' }).click();
  await expect(again.getByTestId('block-form').getByLabel('Text', { exact: true })).toHaveValue(
    '## Second promise\n\nNo identifiers leave.',
  );
  expect(await rowIds(again)).toEqual(finalOrder);

  // The live preview is a picture of the page: Tab goes from the title to Save without
  // entering the preview's frame (WCAG 2.4.3; it had 12 of 60 stops in it).
  const save = again.getByRole('button', { name: 'Save Changes' });
  await again.getByLabel('Title', { exact: true }).focus();
  let stops = 0;
  while (!(await save.evaluate((element) => element === document.activeElement))) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
    expect(++stops, 'Save is reached by Tab').toBeLessThan(200);
  }
  await save.click();
  await expect(page.getByTestId('toast')).toContainText(
    'Landing page updated successfully',
    SAVE_WAIT,
  );
  await expect(page).not.toHaveURL(/[?&]edit=/);

  // The page: the blocks in the editor's order, without the hidden one.
  const stored = (await (await request.get(`/api/admin/pages/${pageId}`)).json()) as {
    content: { layout: { id: string; hidden?: boolean; label?: string }[]; pricing: unknown };
  };
  expect(stored.content.layout.map((block) => block.id)).toEqual(finalOrder);
  expect(stored.content.layout.find((block) => block.id === 'how-it-works')?.hidden).toBe(true);
  expect(stored.content.layout.find((block) => block.id === 'rich-text')?.label).toBe('Promise');
  await page.goto(`/legacy/${slug}`);
  const main = page.locator('main#main');
  await expect(main.getByRole('heading', { name: 'Our promise' })).toBeVisible();
  const shown = await main
    .locator(':scope > section')
    .evaluateAll((sections) => sections.map((s) => s.id || s.getAttribute('aria-labelledby')));
  const expected = finalOrder
    .filter((id) => id !== 'navigation' && id !== 'footer' && id !== 'how-it-works')
    .map((id) => SECTION_IDS[id!] ?? `block-${id}`);
  expect(shown).toEqual(expected);
  await expect(main.locator('#how-it-works')).toHaveCount(0);
});

/** Where the derived blocks render on the page (their sections' ids). */
const SECTION_IDS: Record<string, string> = {
  hero: 'top',
  features: 'features',
  'supplier-features': 'supplier-features',
  pricing: 'pricing',
  'final-cta': 'final-cta-title',
};

test("the default page's settings hold the sections other pages read, with where they appear", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const pages = (await (await request.get('/api/landing-pages')).json()) as {
    title: string;
    slug: string;
  }[];
  const home = pages.find((candidate) => candidate.slug === DEFAULT_SLUG);
  expect(home).toBeDefined();
  await signIn(page);
  const edit = await openEditor(page, home!.title);
  await edit.getByRole('tab', { name: 'Page settings' }).click();
  for (const section of ['seo', 'testimonials', 'faq', 'howItWorks']) {
    await expect(edit.getByTestId(`settings-${section}`)).toContainText('Where it appears:');
  }
  await expect(edit.getByTestId('settings-faq')).toContainText('Shown on /faq');
  await expectNoAxeViolations(page);
});
