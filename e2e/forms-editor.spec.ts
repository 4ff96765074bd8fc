// The form editor (issue 26) by keyboard: an administrator opens Forms from the Pages area,
// opens "Demo request", adds a required choice list "Number of suppliers" with three options,
// moves it up with Alt+ArrowUp (focus stays on its row), turns on a consent box, saves, and
// after a reload the URL still names the form and the field is there, where it was put. A
// refused save (the API's own 400 envelope for a duplicate name) shows as sentences beside the
// field; leaving unsaved edits asks first; Reset to defaults puts the built-in form back. A
// custom form is created and deleted. Axe, and screenshots of the list and the editor at 1280
// and 390 px, go to /tmp/shots/h4.
//
// This spec changes the demo request form that other editing specs submit (analytics,
// experiments), so it runs on a server of its own with the other settings specs (the
// `settings` project in playwright.config.ts), and resets the form when it is done.
import { expect, test, type Locator, type Page } from 'playwright/test';
import { builtInForm } from '../functions/shared/forms/built-in.ts';
import { signIn } from './admin-session.ts';
import { tabUnobscured } from './keyboard.ts';
import { expectNoAxeViolations as axe, screenshotsIn } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots/h4';
const shoot = screenshotsIn(SHOTS);

/**
 * The window at 1280 and 390 px with `target` at its top (the editor is long, and its save
 * bar sticks to the window's bottom, so a whole-page picture would show it mid-page).
 */
async function shootAt(page: Page, name: string, target: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Instant: the site's CSS scrolls smoothly, and the picture would catch it midway.
    await target.evaluate((element) =>
      element.scrollIntoView({ block: 'start', behavior: 'instant' }),
    );
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png` });
    // Nothing wider than the window (no sideways scrolling on a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Before axe and screenshots: no tooltip open (focus on a button with a tooltip opens it,
 * and its popper sits outside the page's landmarks) and no transition running.
 */
async function settled(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

/** Focuses `target` as Tab would reach it, and presses `key` there. */
async function press(target: Locator, key = 'Enter') {
  await expect(target).toBeEnabled();
  await target.focus();
  await expect(target).toBeFocused();
  await target.page().keyboard.press(key);
}

const fieldNames = (page: Page) =>
  page
    .getByTestId('field-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field-name')));

async function resetDemoRequest(page: Page) {
  const current = await page.request.get('/api/admin/forms/demo-request');
  if (!current.ok()) return;
  const { revision } = (await current.json()) as { revision: number };
  if (revision === 0) return;
  await page.request.put('/api/admin/forms/demo-request', {
    data: { form: builtInForm('demo-request'), revision },
  });
}

test('the form editor by keyboard: add a required choice list, move it, consent, save, reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Whatever happens, the demo request form is the built-in one again for whoever comes next.
  try {
    await editDemoRequest(page);
  } finally {
    await resetDemoRequest(page).catch(() => undefined);
  }
});

async function editDemoRequest(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await resetDemoRequest(page);

  // Forms, from the Pages area.
  await press(page.getByRole('link', { name: 'Forms', exact: true }));
  await expect(page).toHaveURL(/\/admin\/forms$/);
  const listHeading = page.getByRole('heading', { level: 2, name: 'Forms', exact: true });
  await expect(listHeading).toBeFocused();
  const rows = page.getByTestId('form-row');
  await expect(rows.first()).toBeVisible();
  // The built-in forms first, in their own order.
  expect(
    (
      await rows.evaluateAll((all) =>
        all.map((row) => row.querySelector('.font-mono')?.textContent),
      )
    ).slice(0, 4),
  ).toEqual(['demo-request', 'pricing-request', 'contact', 'pilot-request']);
  await settled(page);
  await axe(page);
  await shoot(page, 'forms-list');

  // Demo request.
  await press(page.getByRole('link', { name: 'Demo request (dialog)' }));
  await expect(page).toHaveURL(/\/admin\/forms\?form=demo-request$/);
  const editor = page.getByTestId('form-editor');
  await expect(
    editor.getByRole('heading', { level: 2, name: 'Demo request (dialog)' }),
  ).toBeFocused();
  // The editor's own controls (the preview beside them has a "Name" field too).
  const settings = page.getByTestId('form-settings');
  expect(await fieldNames(page)).toEqual(['name', 'email', 'company', 'message']);
  // Every focus stop down the editor stays clear of the sticky "Save form" bar (WCAG 2.2,
  // 2.4.11: 7 of 45 stops were under it), on a laptop and on a phone.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await editor.getByRole('heading', { level: 2, name: 'Demo request (dialog)' }).focus();
    expect(await tabUnobscured(page, 45)).toBeGreaterThan(30);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await editor.getByRole('heading', { level: 2, name: 'Demo request (dialog)' }).focus();

  // Add field: its label is focused and selected, and the name follows what is typed.
  await press(editor.getByRole('button', { name: 'Add field' }));
  const label = settings.getByRole('textbox', { name: 'Label', exact: true });
  await expect(label).toBeFocused();
  await page.keyboard.type('Number of suppliers');
  await page.keyboard.press('Tab');
  const name = settings.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('numberOfSuppliers');
  await page.keyboard.press('Tab');
  const type = settings.getByRole('combobox', { name: 'Type', exact: true });
  await expect(type).toBeFocused();
  // A closed select takes the option whose label starts with the letter typed.
  await page.keyboard.press('c');
  await expect(type).toHaveValue('select');
  await page.keyboard.press('Tab');
  const required = settings.getByRole('checkbox', { name: 'Required', exact: true });
  await expect(required).toBeFocused();
  await page.keyboard.press('Space');
  await expect(required).toBeChecked();
  // A choice list without options: the schema's sentence, as typed.
  await expect(
    settings.getByText('The option list a choice list needs at least one option.'),
  ).toBeVisible();

  const addOption = editor.getByRole('button', { name: 'Add option' });
  for (const [n, text] of ['1 to 10', '11 to 50', 'More than 50'].entries()) {
    await press(addOption);
    const optionLabel = settings.getByRole('textbox', { name: `Option ${n + 1} label` });
    await expect(optionLabel).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(text);
  }
  await expect(settings.getByRole('textbox', { name: 'Option 2 value' })).toHaveValue('11-to-50');
  await expect(settings.getByText(/needs at least one option/)).toHaveCount(0);
  // The third option first, by keyboard: focus stays on its label.
  await press(settings.getByRole('textbox', { name: 'Option 3 label' }), 'Alt+ArrowUp');
  await expect(settings.getByRole('textbox', { name: 'Option 2 label' })).toBeFocused();
  await expect(settings.getByRole('textbox', { name: 'Option 2 label' })).toHaveValue(
    'More than 50',
  );
  await page.keyboard.press('Alt+ArrowDown');
  await expect(settings.getByRole('textbox', { name: 'Option 3 label' })).toBeFocused();
  await expect(settings.getByRole('textbox', { name: 'Option 3 label' })).toHaveValue(
    'More than 50',
  );

  // Alt+ArrowUp on the new field's row: it moves above Message, and keeps the focus.
  expect(await fieldNames(page)).toEqual([
    'name',
    'email',
    'company',
    'message',
    'numberOfSuppliers',
  ]);
  const handle = (field: string) =>
    page.locator(
      `[data-testid="field-row"][data-field-name="${field}"] [data-testid="field-handle"]`,
    );
  await press(handle('numberOfSuppliers'), 'Alt+ArrowUp');
  expect(await fieldNames(page)).toEqual([
    'name',
    'email',
    'company',
    'numberOfSuppliers',
    'message',
  ]);
  await expect(handle('numberOfSuppliers')).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'moved to position 4 of 5' }),
  ).toHaveCount(1);

  // The preview shows the new field as visitors will see it.
  const preview = page.getByTestId('form-preview');
  const previewSelect = preview.getByRole('combobox', { name: /Number of suppliers/ });
  await expect(previewSelect).toBeVisible();
  await expect(previewSelect.locator('option')).toHaveText([
    'Choose...',
    '1 to 10',
    '11 to 50',
    'More than 50',
  ]);

  // Consent: a text, the privacy notice, and required.
  await press(settings.getByRole('textbox', { name: 'Consent text' }), 'End');
  await page.keyboard.type('I agree that PharmaBridge may contact me about this request.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('/privacy');
  await page.keyboard.press('Tab');
  await expect(settings.getByRole('checkbox', { name: 'Consent required' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(
    preview.getByRole('checkbox', { name: /I agree that PharmaBridge may contact me/ }),
  ).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );

  // The locked type of a reserved name says why, on focus.
  await press(handle('email'));
  await expect(settings.getByRole('combobox', { name: 'Type', exact: true })).toBeDisabled();
  await expectTooltip(
    editor.getByRole('button', { name: 'About the locked type' }),
    '"email" is a reserved name',
  );
  await page.keyboard.press('Escape');

  // Leaving with unsaved edits asks first.
  await press(editor.getByRole('button', { name: 'Back to forms' }));
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await press(discard.getByRole('button', { name: 'Keep editing' }));
  await expect(discard).toBeHidden();
  await expect(editor.getByRole('button', { name: 'Back to forms' })).toBeFocused();

  await press(editor.getByRole('button', { name: 'Save form' }));
  await expect(page.getByTestId('toast')).toContainText('Demo request (dialog) saved');
  await expect(page.getByTestId('form-status')).toContainText('Saved');

  // A reload keeps the form, and the field where it was put.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/forms\?form=demo-request$/);
  await expect(page.getByTestId('form-editor')).toBeVisible();
  expect(await fieldNames(page)).toEqual([
    'name',
    'email',
    'company',
    'numberOfSuppliers',
    'message',
  ]);
  await expect(settings.getByRole('textbox', { name: 'Consent text' })).toHaveValue(
    'I agree that PharmaBridge may contact me about this request.',
  );
  await expect(settings.getByRole('checkbox', { name: 'Consent required' })).toBeChecked();
  // What the API keeps (the public form visitors get).
  const saved = await page.request.get('/api/forms/demo-request');
  expect(saved.ok()).toBe(true);
  const publicForm = (await saved.json()) as {
    fields: { name: string; required: boolean; options?: { value: string }[] }[];
    consent: { required: boolean };
  };
  expect(publicForm.fields.find((f) => f.name === 'numberOfSuppliers')).toMatchObject({
    required: true,
    options: [{ value: '1-to-10' }, { value: '11-to-50' }, { value: 'more-than-50' }],
  });
  expect(publicForm.consent.required).toBe(true);

  await press(handle('numberOfSuppliers'));
  await settled(page);
  await axe(page);
  await shootAt(page, 'form-editor', page.locator('header'));
  await shootAt(
    page,
    'form-editor-field',
    settings.getByRole('heading', { name: 'Field: Number of suppliers' }),
  );
  await shootAt(page, 'form-editor-consent', settings.getByRole('heading', { name: 'Consent' }));
  await shootAt(page, 'form-editor-preview', page.getByTestId('form-preview'));

  // A refused save: the API's own 400 for the same definition with a duplicate name (the
  // browser's schema stops that one before it is sent, so the answer is replayed to it).
  const current = (await (await page.request.get('/api/admin/forms/demo-request')).json()) as {
    revision: number;
    form: ReturnType<typeof builtInForm>;
  };
  const duplicate = structuredClone(current.form);
  duplicate.fields[3]!.name = 'company';
  const refused = await page.request.put('/api/admin/forms/demo-request', {
    data: { form: duplicate, revision: current.revision },
  });
  expect(refused.status()).toBe(400);
  const envelope = await refused.text();
  expect(envelope).toContain('form.fields.3.name');
  await page.route(
    '**/api/admin/forms/demo-request',
    (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: envelope })
        : route.fallback(),
    { times: 1 },
  );
  await press(settings.getByRole('textbox', { name: 'Title', exact: true }), 'End');
  await page.keyboard.type(' 2');
  await press(handle('name'));
  await press(editor.getByRole('button', { name: 'Save form' }));
  await expect(editor.getByRole('alert')).toHaveText(
    'The form was not saved: fix the marked fields.',
  );
  // The field the API named opens, its sentence beside its name.
  await expect(editor.getByRole('heading', { name: 'Field: Number of suppliers' })).toBeVisible();
  await expect(settings.getByText('"company" is used twice.')).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(editor).not.toContainText(/\b400\b/);
  await settled(page);
  await shootAt(page, 'form-editor-refused', editor);

  // Reset to defaults (edits are discarded): the built-in form again.
  const reset = editor.getByRole('button', { name: 'Reset to defaults' });
  await press(reset);
  const confirm = page.getByRole('alertdialog', {
    name: 'Reset Demo request (dialog) to its defaults?',
  });
  await press(confirm.getByRole('button', { name: 'Reset to defaults' }));
  await expect(page.getByTestId('toast')).toContainText('is back to its defaults');
  expect(await fieldNames(page)).toEqual(['name', 'email', 'company', 'message']);
  await expect(reset).toBeFocused();

  // Back: the list, with focus on the form's link.
  await press(editor.getByRole('button', { name: 'Back to forms' }));
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await expect(page.getByRole('link', { name: 'Demo request (dialog)' })).toBeFocused();
  await press(page.getByRole('button', { name: 'Back to pages' }));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Forms', exact: true })).toBeFocused();
}

test('a custom form: created from its title, a hidden field, the auto-reply, a 409, deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/admin/forms');
  await expect(page.getByRole('heading', { level: 2, name: 'Forms', exact: true })).toBeFocused();

  const title = `Webinar ${Date.now().toString(36)}`;
  const formId = title.toLowerCase().replace(' ', '-');
  const opener = page.getByRole('button', { name: 'New form' });
  await press(opener);
  const dialog = page.getByRole('dialog', { name: 'New form' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  const id = dialog.getByRole('textbox', { name: 'Form id' });
  await expect(id).toHaveValue(title.toLowerCase().replace(' ', '-'));
  await id.fill('contact');
  await expect(
    dialog.getByText('A form with the id "contact" exists already: choose another.'),
  ).toBeVisible();
  await axe(page);
  await id.fill(formId);
  await press(dialog.getByRole('button', { name: 'Create form' }));
  await expect(page).toHaveURL(new RegExp(`/admin/forms\\?form=${formId}$`));
  const editor = page.getByTestId('form-editor');
  await expect(editor.getByRole('heading', { level: 2, name: title })).toBeFocused();
  const settings = page.getByTestId('form-settings');
  expect(await fieldNames(page)).toEqual(['name', 'email']);

  // The two names the page sets are refused with a sentence; name and e-mail stay.
  await press(editor.getByRole('button', { name: 'Add field' }));
  await settings.getByRole('textbox', { name: 'Name', exact: true }).fill('landingPageId');
  await expect(settings.getByText(/^"landingPageId" is set by the page/)).toBeVisible();
  await settings.getByRole('textbox', { name: 'Name', exact: true }).fill('message');
  await expect(settings.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue(
    'textarea',
  );
  await expect(editor.getByRole('button', { name: 'Remove name' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // Removing a reserved field asks first; focus goes on to the next row.
  await press(editor.getByRole('button', { name: 'Remove New field' }));
  const ask = page.getByRole('alertdialog', { name: 'Remove the "message" field?' });
  await press(ask.getByRole('button', { name: 'Remove field' }));
  expect(await fieldNames(page)).toEqual(['name', 'email']);
  await expect(page.getByTestId('field-handle').last()).toBeFocused();

  // A hidden field filled from the campaign in the URL.
  await press(editor.getByRole('button', { name: 'Add field' }));
  await page.keyboard.type('Campaign');
  await press(settings.getByRole('combobox', { name: 'Type', exact: true }), 'h');
  await expect(settings.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('hidden');
  const param = settings.getByRole('combobox', { name: 'URL parameter' });
  await expect(param).toHaveValue('utm_source');
  await param.fill('utm_campaign');
  await expect(page.getByTestId('form-preview')).toContainText(
    'One hidden field is filled as visitors arrive and not shown.',
  );
  // The auto-reply: {{name}} is a merge field of the message, never of the subject, and
  // {{email}} is not one (the schema's sentences).
  await press(settings.getByRole('checkbox', { name: 'Send an auto-reply' }), 'Space');
  await settings.getByRole('textbox', { name: 'Subject' }).fill('Thank you, {{name}}');
  await expect(
    settings.getByText(
      "Cannot hold {{name}}: merge fields go in the message only, so no visitor's text is ever a subject.",
    ),
  ).toBeVisible();
  await shootAt(
    page,
    'form-editor-auto-reply',
    settings.getByRole('heading', { name: 'Auto-reply' }),
  );
  await settings.getByRole('textbox', { name: 'Subject' }).fill('Thank you for registering');
  await settings
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('We write to {{email}} soon.');
  await expect(
    settings.getByText('{{email}} is not a merge field: use {{name}} or {{company}}.'),
  ).toBeVisible();
  await settings
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('We will write soon, {{name}}.');
  await press(editor.getByRole('button', { name: 'Save form' }));
  await expect(page.getByTestId('toast')).toContainText(`${title} saved`);
  const stored = (await (await page.request.get(`/api/admin/forms/${formId}`)).json()) as {
    revision: number;
    form: ReturnType<typeof builtInForm>;
  };
  expect(stored.form.fields.at(-1)).toMatchObject({
    name: 'campaign',
    type: 'hidden',
    fill: { from: 'url', param: 'utm_campaign' },
  });
  expect(stored.form.autoReply).toEqual({
    enabled: true,
    subject: 'Thank you for registering',
    body: 'We will write soon, {{name}}.',
  });

  // Someone else saves meanwhile: this save is refused, and their version can be loaded.
  const theirs = await page.request.put(`/api/admin/forms/${formId}`, {
    data: { form: { ...stored.form, submitLabel: 'Register' }, revision: stored.revision },
  });
  expect(theirs.status()).toBe(200);
  await press(settings.getByRole('textbox', { name: 'Success message' }), 'End');
  await page.keyboard.type(' See you there.');
  await press(editor.getByRole('button', { name: 'Save form' }));
  const conflict = page.getByRole('alertdialog', { name: 'Someone else saved this form' });
  await expect(conflict).toContainText('Someone else saved this form since you opened it');
  await axe(page);
  await press(conflict.getByRole('button', { name: 'Reload their version' }));
  await expect(conflict).toBeHidden();
  await expect(settings.getByRole('textbox', { name: 'Submit button' })).toHaveValue('Register');
  await expect(settings.getByRole('textbox', { name: 'Success message' })).not.toHaveValue(
    /See you there/,
  );

  // Delete: a confirmation, then the list without it.
  const remove = editor.getByRole('button', { name: 'Delete form' });
  await press(remove);
  const confirm = page.getByRole('alertdialog', { name: `Delete ${title}?` });
  await press(confirm.getByRole('button', { name: 'Cancel' }));
  await expect(remove).toBeFocused();
  await press(remove);
  await press(confirm.getByRole('button', { name: 'Delete form' }));
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await expect(page.getByTestId('toast')).toContainText(`${title} deleted`);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  const gone = await page.request.get(`/api/admin/forms/${formId}`);
  expect(gone.status()).toBe(404);
});
