// Issue 27's walk-through, by keyboard only once signed in (every control reached with Tab
// or focused as the starting point of a key press; Enter, Space and the arrow keys do the
// rest): a page is created from the Webinar template and published, its "What you will
// learn" block is moved above the event with Alt+ArrowUp, the FAQ is hidden, the changes
// are saved, and the page's run-time copy (/legacy/<slug>, the prebuilt pages' markup) shows
// the blocks in the new order without the FAQ, and passes axe. A build's block order, hidden
// block and calendar link are block-gallery.spec.ts's, on the page it publishes
// (docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
import { expect, test } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { blockRowIds as rowIds, tabTo } from './keyboard.ts';
import { expectNoAxeViolations } from './page-checks.ts';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a webinar page from the template, reordered and with a block hidden, by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const title = `Webinar by keyboard ${run}`;
  const slug = `webinar-by-keyboard-${run}`;

  // New Page → the Webinar template (arrow keys in the radio group), Publish now, Create.
  await page.getByRole('button', { name: 'New Page' }).focus();
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await expect(create.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await tabTo(page, create.getByRole('radio', { name: /^Product pitch/ }));
  await page.keyboard.press('ArrowRight');
  await expect(create.getByRole('radio', { name: /^Webinar/ })).toBeChecked();
  await tabTo(page, create.getByRole('checkbox', { name: 'Publish now' }));
  await page.keyboard.press('Space');
  await tabTo(page, create.getByRole('button', { name: 'Create Page' }));
  await page.keyboard.press('Enter');
  await expect(create).toBeHidden({ timeout: 30_000 });

  // Its editor opens on it (issue 35), the title focused.
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(edit.getByLabel('Title')).toBeFocused();
  await expect
    .poll(() => rowIds(edit))
    .toEqual([
      'navigation',
      'hero',
      'webinar',
      'what-you-will-learn',
      'faq',
      'final-cta',
      'footer',
    ]);

  // "What you will learn" above the event: Alt+ArrowUp on its row.
  const learn = edit.locator('[data-block-row="what-you-will-learn"] [data-control="select"]');
  await tabTo(page, learn, 80);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(learn).toBeFocused();
  const order = [
    'navigation',
    'hero',
    'what-you-will-learn',
    'webinar',
    'faq',
    'final-cta',
    'footer',
  ];
  await expect.poll(() => rowIds(edit)).toEqual(order);

  // Hide the FAQ with its row's Hide button.
  const hide = edit.locator('[data-block-row="faq"]').getByRole('button', { name: /^Hide / });
  await tabTo(page, hide);
  await page.keyboard.press('Enter');
  await expect(
    edit.locator('[data-block-row="faq"]').getByRole('button', { name: /^Show / }),
  ).toBeVisible();

  // Save: the page is live, so saving publishes.
  await tabTo(page, edit.getByRole('button', { name: 'Save Changes' }), 200);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').last()).toContainText(
    'Landing page updated successfully',
    { timeout: 30_000 },
  );

  // Visitors get the saved page at once: the new order, no FAQ.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/legacy/${slug}`);
  await expect(page.locator('[data-landing-ready]')).toHaveCount(1);
  const sections = await page
    .locator('main#main > section')
    .evaluateAll((nodes) => nodes.map((node) => node.id || node.getAttribute('aria-labelledby')));
  expect(sections).toEqual([
    'top',
    'block-what-you-will-learn',
    'block-webinar',
    'final-cta-title',
  ]);
  await expect(page.getByText('Who is this webinar for?')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
