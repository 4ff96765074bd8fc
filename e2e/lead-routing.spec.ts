// Lead routing in the Account area (issue 26): an administrator's bad recipient gets the
// API's sentence beside the field; a per-form row is added and removed by keyboard (focus
// follows); the webhook URL of a real receiver on this machine and a generated secret are
// saved, survive a reload as "A secret is set", and "Send test delivery" shows the
// receiver's answer as a sentence; the receiver checks the signature with that secret; the
// delivery is listed. The webhook stays off and the recipients empty, so the other specs
// on this server (leads.spec.ts) still see leads neither mailed nor forwarded. Axe, and
// screenshots of the section at 1280 and 390 px.
// Issue 35: the owner assignment rules editor by keyboard (add, reorder, remove; an unknown
// owner refused with a sentence beside the field; a tooltip; saved and reloaded in order).
// Its rules need a country no lead of the other specs has, and are removed at the end. Both
// tests save the same settings, so they run one after the other.
import { createHmac } from 'node:crypto';
import { expect, test, type Locator, type Page } from 'playwright/test';
import { startReceiver } from '../functions/test/webhook-receiver.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env['SHOTS_DIR'] ?? '/tmp/shots/h2';

/** The section alone, at 1280 and 390 px wide, into SHOTS. */
async function shootSection(page: Page, section: Locator, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await reviewShot(section, { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function settled(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(0);
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

test('lead routing: save the webhook, send a test delivery to a local receiver, see the answer', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver(() => 204);
  try {
    await signIn(page);
    await page.goto('/admin/account');
    const section = page.getByTestId('lead-routing');
    await expect(section.getByRole('heading', { name: 'Lead routing' })).toBeVisible();

    // A bad address: the API names the field, the form says it as a sentence.
    const recipients = section.getByRole('textbox', { name: 'Notification recipients' });
    await recipients.fill('sales at example');
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(section).toContainText(
      'Notification recipients must be e-mail addresses separated by commas.',
    );
    await expect(recipients).toHaveAttribute('aria-invalid', 'true');
    await recipients.fill('');
    // Corrected, the field's error and the summary above Save go.
    await expect(recipients).not.toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByRole('alert')).toHaveCount(0);

    // A per-form row by keyboard: focus goes to its form choice, and back to "Add a form".
    const add = section.getByRole('button', { name: 'Add a form' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByTestId('lead-route')).toHaveCount(1);
    await expect(section.getByLabel('Form', { exact: true })).toBeFocused();
    await section.getByRole('button', { name: /^Remove the recipients of form 1/ }).click();
    await expect(section.getByTestId('lead-route')).toHaveCount(0);
    await expect(add).toBeFocused();

    // The receiver's URL and a secret made in the browser; the webhook stays off.
    await section.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
    const replace = section.getByRole('button', { name: 'Replace secret' });
    if (await replace.isVisible()) await replace.click();
    await section.getByRole('button', { name: 'Generate' }).click();
    const secretField = section.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await secretField.inputValue();
    await expect(section).toContainText('Copy this secret into your CRM now');
    // The form while editing (a per-form row, the new secret shown once), at both widths.
    await add.click();
    await section
      .getByRole('textbox', { name: 'Its recipients' })
      .fill('onboarding@pharmabridge.test');
    await shootSection(page, section, 'account-lead-routing-editing');
    await section.getByRole('button', { name: /^Remove the recipients of form 1/ }).click();
    await expect(section.getByLabel('Send new leads to the CRM webhook')).not.toBeChecked();
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('toast').getByText('Lead routing saved')).toBeVisible();
    await expect(section.getByText('A secret is set.')).toBeVisible();

    // After a reload: the URL kept, the secret only said to be set.
    await page.reload();
    await expect(section.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(receiver.url);
    await expect(section.getByText('A secret is set.')).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));

    // A refused address: the API's sentence beside the URL, no request sent.
    await section.getByRole('textbox', { name: 'Webhook URL' }).fill('https://10.0.0.7/hooks');
    await section.getByRole('button', { name: 'Send test delivery' }).click();
    await expect(section.getByTestId('lead-routing-test-result')).toHaveText(
      'The test delivery was not sent. The webhook URL must point to a public address: 10.0.0.7 is a private address.',
    );
    await expect(section).toContainText(
      'The webhook URL must point to a public address: 10.0.0.7 is a private address.',
    );
    expect(receiver.received).toHaveLength(0);
    await section.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
    // Edited, the field's old error goes.
    await expect(section.getByRole('textbox', { name: 'Webhook URL' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // The test delivery, with the saved URL and secret.
    await section.getByRole('button', { name: 'Send test delivery' }).click();
    await expect(section.getByTestId('lead-routing-test-result')).toHaveText(
      /^The receiver answered 204 in \d+ ms: the test delivery arrived and was accepted\.$/,
    );
    await receiver.waitFor(1);
    const request = receiver.received[0]!;
    expect(JSON.parse(request.body)).toMatchObject({ type: 'lead.test' });
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(
        `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body}`,
      )
      .digest('base64');
    expect(request.headers['webhook-signature']).toBe(`v1,${expected}`);

    const table = section.getByTestId('lead-deliveries');
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Test delivery');
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('Answered 204');

    await section.scrollIntoViewIfNeeded();
    await settled(page);
    await expectNoAxeViolations(page);
    await shootSection(page, section, 'account-lead-routing');
  } finally {
    await receiver.stop();
  }
});

test('lead routing: owner assignment rules are added, reordered and removed by keyboard', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto('/admin/account');
  const section = page.getByTestId('lead-routing');
  const editor = section.getByTestId('assignment-rules');
  await expect(editor).toContainText('No rules: new leads have no owner');
  const rules = editor.getByTestId('assignment-rule');
  const add = editor.getByRole('button', { name: 'Add a rule' });

  // Rule 1 by keyboard: focus goes to its form choice.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(rules).toHaveCount(1);
  const first = rules.nth(0);
  await expect(first.getByLabel('Leads of')).toBeFocused();
  await first.getByLabel('Leads of').selectOption({ label: 'Pilot request' });
  await first.getByRole('textbox', { name: 'Only when the field' }).fill('country');
  await first.getByRole('textbox', { name: 'equals' }).fill('Atlantis');
  await first
    .getByRole('combobox', { name: 'Owners', exact: true })
    .fill('nobody@pharmabridge.test');

  // An owner who is no account: the API's problem as a sentence beside the owners.
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first).toContainText(
    'The owner nobody@pharmabridge.test must be an active account whose role works leads',
  );
  const owners = first.getByRole('combobox', { name: 'Owners', exact: true });
  await expect(owners).toHaveAttribute('aria-invalid', 'true');
  await owners.fill(E2E_ADMIN.email);
  await expect(owners).not.toHaveAttribute('aria-invalid', 'true');

  // Rule 2, then moved above rule 1 by keyboard; the focus stays with the moved rule.
  await add.click();
  await expect(rules).toHaveCount(2);
  const second = rules.nth(1);
  await second.getByLabel('Leads of').selectOption({ label: 'Contact page' });
  await second.getByRole('textbox', { name: 'Only when the field' }).fill('country');
  await second.getByRole('textbox', { name: 'equals' }).fill('Atlantis');
  await second.getByRole('combobox', { name: 'Owners', exact: true }).fill(E2E_ADMIN.email);
  await second.getByLabel('Owners take turns').selectOption('first');
  await second.getByRole('button', { name: 'Move rule 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(rules.nth(0)).toHaveAccessibleName('Rule 1: Contact page');
  await expect(rules.nth(1)).toHaveAccessibleName('Rule 2: Pilot request');
  // At the top its "Up" is disabled: the focus is on its "Down".
  await expect(rules.nth(0).getByRole('button', { name: 'Move rule 1 down' })).toBeFocused();

  // A tooltip explains the turns.
  await expectTooltip(
    rules.nth(0).getByRole('button', { name: 'About how the owners of rule 1 take turns' }),
    'Round-robin gives each lead',
    { via: 'hover' },
  );
  await page.mouse.move(0, 0);

  await section.getByRole('spinbutton', { name: 'Remind the owner after (hours)' }).fill('24');
  await shootSection(page, section, 'account-lead-routing-rules');
  // Saved by keyboard, as the rest of the editor.
  await section.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').getByText('Lead routing saved')).toBeVisible();

  // After a reload: the rules in their order, the reminder hours kept.
  await page.reload();
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(0)).toHaveAccessibleName('Rule 1: Contact page');
  await expect(rules.nth(0).getByLabel('Owners take turns')).toHaveValue('first');
  await expect(rules.nth(1).getByRole('textbox', { name: 'equals' })).toHaveValue('Atlantis');
  await expect(
    section.getByRole('spinbutton', { name: 'Remind the owner after (hours)' }),
  ).toHaveValue('24');
  await section.scrollIntoViewIfNeeded();
  await settled(page);
  await expectNoAxeViolations(page);

  // Removed by keyboard: the focus goes to "Add a rule"; saved empty, the reminder off.
  for (const name of ['Remove rule 2', 'Remove rule 1']) {
    await editor.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(add).toBeFocused();
  }
  await section.getByRole('spinbutton', { name: 'Remind the owner after (hours)' }).fill('');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast').getByText('Lead routing saved')).toBeVisible();
  await page.reload();
  await expect(editor).toContainText('No rules: new leads have no owner');
});
