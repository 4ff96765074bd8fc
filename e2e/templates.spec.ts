// Page templates (issue 27): a Webinar page is created from New Page by keyboard (the
// templates are one radio group: the arrow keys choose); the page is saved as a template
// from its card ("Save as template", a name that is taken answered beside the field); a
// page is created from the saved template; the saved template is deleted from the create
// form. Then a page from each built-in renders (its signed-in preview) with one h1. Axe on
// both dialogs and the pages, and screenshots at 1280 and 390 px.
import { expect, test, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { tabTo } from './keyboard.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';

const shoot = screenshotsIn('/tmp/shots/b4');
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const toast = (page: Page) => page.getByTestId('toast').last();
const card = (page: Page, title: string) =>
  page.getByTestId('page-card').filter({ hasText: title });

/** No tooltip open and no CSS transition running (axe and screenshots see the settled view). */
async function settled(page: Page) {
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

async function pageBySlug(page: Page, slug: string) {
  const response = await page.request.get('/api/landing-pages');
  expect(response.status()).toBe(200);
  const pages = (await response.json()) as {
    slug: string;
    content: { hero: { headline: string }; layout?: { type: string }[] };
  }[];
  return pages.find((entry) => entry.slug === slug);
}

test('pages start from templates; a page is saved as a template, used, and deleted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);

  // 1. A Webinar page, by keyboard.
  const opener = page.getByRole('button', { name: 'New Page' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create New Landing Page' });
  await expect(create).toBeVisible();
  const choices = create.getByTestId('template-choice');
  await expect(choices.first()).toContainText('Product pitch');
  await expect(choices).toHaveText([
    /Product pitch/,
    /Webinar/,
    /Gated asset/,
    /Event/,
    /Blank/,
    ...Array<RegExp>((await choices.count()) - 5).fill(/Saved/),
  ]);
  await create.getByLabel('Title').pressSequentially(`Webinar ${run}`);
  const pitch = create.getByRole('radio', { name: /^Product pitch/ });
  await expect(pitch).toBeChecked();
  await tabTo(page, pitch, 15);
  await page.keyboard.press('ArrowRight');
  const webinar = create.getByRole('radio', { name: /^Webinar/ });
  await expect(webinar).toBeFocused();
  await expect(webinar).toBeChecked();
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'create-dialog-templates', { fullPage: false });
  await tabTo(page, create.getByRole('button', { name: 'Create Page' }), 30);
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Landing page created successfully');
  await expect(create).toBeHidden();
  // The editor opens on the new page (issue 35), its title focused; Escape closes it.
  const opened = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await expect(opened.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  await expect(card(page, `Webinar ${run}`)).toBeVisible();
  const created = await pageBySlug(page, `webinar-${run}`);
  expect(created?.content.layout?.map((block) => block.type)).toEqual([
    'navigation',
    'hero',
    'event',
    'richText',
    'faq',
    'finalCTA',
    'footer',
  ]);

  await settled(page);
  await shoot(page, 'pages-save-as-template');

  // 2. Save it as a template from its card; a taken name is answered beside the field.
  const saveButton = card(page, `Webinar ${run}`).getByRole('button', {
    name: `Save as template: Webinar ${run}`,
  });
  await saveButton.focus();
  await page.keyboard.press('Enter');
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await expect(save).toBeVisible();
  const name = save.getByLabel('Name');
  await expect(name).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(save).toContainText('Enter a name for the template.');
  await name.fill('webinar');
  await page.keyboard.press('Enter');
  await expect(save).toContainText('Name is taken by another template.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await settled(page);
  await shoot(page, 'save-template-dialog-error', { fullPage: false });
  const templateName = `Spring webinars ${run}`;
  await name.fill(templateName);
  await save.getByLabel(/Description/).fill('Our spring webinar series, with agenda and FAQ.');
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'save-template-dialog', { fullPage: false });
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(toast(page)).toContainText(`Saved as template "${templateName}"`);
  await expect(save).toBeHidden();
  await expect(saveButton).toBeFocused();

  // 3. A page from the saved template.
  await opener.click();
  await expect(create).toBeVisible();
  const saved = create.getByRole('radio', { name: new RegExp(`^${templateName}`) });
  await expect(saved).toBeVisible();
  await expect(
    create.getByTestId('template-choice').filter({ hasText: templateName }),
  ).toContainText('Saved');
  await create.getByLabel('Title').fill(`From saved ${run}`);
  await saved.check();
  await create.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page)).toContainText('Landing page created successfully');
  await opened.getByRole('button', { name: 'Cancel' }).click();
  await expect(opened).toBeHidden();
  const fromSaved = await pageBySlug(page, `from-saved-${run}`);
  expect(fromSaved?.content).toEqual(created?.content);

  // 4. Delete the saved template from the create form.
  await opener.click();
  await expect(create).toBeVisible();
  await shoot(page, 'create-dialog-saved-template', { fullPage: false });
  await create.getByRole('button', { name: `Delete template ${templateName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete template ${templateName}` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText(`Template "${templateName}" deleted`);
  await expect(create.getByRole('radio', { name: new RegExp(`^${templateName}`) })).toHaveCount(0);
  await expect(create.getByRole('radio', { name: /^Product pitch/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a page from each built-in template renders with one h1', async ({ page }) => {
  test.setTimeout(150_000);
  const login = await page.request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  // No reveal animation: every block shows in the whole-page screenshots.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const templateId of ['webinar', 'gated-asset', 'event', 'blank']) {
    const slug = `tpl-${templateId}-${run}`;
    const created = await page.request.post('/api/landing-pages', {
      data: {
        title: `Template ${templateId}`,
        slug,
        isActive: false,
        startFrom: 'template',
        templateId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    // The signed-in preview of a draft (livePath in functions/shared/slug.ts).
    await page.goto(`/legacy/${slug}`);
    await expect(page.getByTestId('hero-headline')).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('body')).not.toContainText(/lorem|placeholder|Your Platform/i);
    // No dead anchor: the navigation links only sections the page has (navigation/renderer.tsx).
    const dead = await page
      .locator('a[href^="#"]')
      .evaluateAll((links) =>
        links
          .map((link) => link.getAttribute('href')!.slice(1))
          .filter((id) => id !== '' && !document.getElementById(id)),
      );
    expect(dead).toEqual([]);
    await expectNoAxeViolations(page);
    await shoot(page, `page-from-${templateId}`);
  }
});
