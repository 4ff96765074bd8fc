// Webhooks (issue 40, docs/webhooks.md): an admin adds a webhook to a real receiver on this
// machine (the local server's SSRF guard allows loopback), sees its signing secret once with
// Copy, a lead sent through the public contact API is delivered to the receiver, signed, and
// the delivery is listed with the receiver's answer; the selected webhook survives a reload
// (`?webhook=<id>`), a tooltip explains switching off, a cancelled delete gives focus back to
// its button, and the webhook is deleted at the end (the other specs see no subscription).
// Axe, and screenshots at 1280 and 390 px into /tmp/shots/webhooks/.
import { Webhook } from 'standardwebhooks';
import { expect, test, type Page } from 'playwright/test';
import { startReceiver } from '../functions/test/webhook-receiver.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { expectTooltip } from './tooltips.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots/webhooks';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await reviewShot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('webhooks: add one, copy its secret once, a lead is delivered and listed with its answer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver(() => 202);
  try {
    await signIn(page);
    await page.getByRole('button', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // A refused address: the API's sentence beside the field.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill('http://10.0.0.8/hooks');
    await dialog.getByRole('checkbox', { name: /^lead\.created/ }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText(/^URL must /)).toBeVisible();

    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Marketing ops receiver');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const added = page.getByRole('dialog', { name: 'Webhook added' });
    const secretField = added.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await expect(added.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    await shoot(page, 'secret-once');
    await page.keyboard.press('Escape');
    await expect(added).toBeHidden();
    // Never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);
    const row = page.locator('li[data-webhook]', { hasText: 'Marketing ops receiver' });
    await expect(row.locator('[data-webhook-status]')).toHaveText('On');

    // An event: a lead through the public contact API.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Webhook Spec',
          email: 'webhook.spec@example-pharma.com',
          company: 'Example Pharma',
          message: 'Sent by e2e/webhooks.spec.ts',
          formType: 'pricing',
        }),
      });
      return response.status;
    });
    expect(status).toBe(201);
    await receiver.waitFor(1);
    const request = receiver.received[0]!;
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({
      type: 'lead.created',
    });

    await row.getByRole('button', { name: 'Deliveries' }).click();
    await expect(page).toHaveURL(/\?webhook=wh_[0-9a-f]+$/);
    const answer = row.locator('[data-delivery-answer]').first();
    await expect(async () => {
      await row.getByRole('button', { name: 'Refresh the deliveries' }).click();
      await expect(answer).toContainText('Answered 202: “status 202”', { timeout: 1000 });
    }).toPass();
    await expect(row.locator('[data-delivery]').first()).toContainText('lead.created');

    // The selected webhook survives a reload.
    await page.reload();
    await expect(
      page
        .locator('li[data-webhook]', { hasText: 'Marketing ops receiver' })
        .locator('[data-delivery-answer]')
        .first(),
    ).toContainText('Answered 202');
    await expectTooltip(
      row.getByRole('button', { name: 'Switch off' }),
      'Stop sending events to it',
    );
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    await shoot(page, 'list-deliveries');

    // Delete: cancelled, focus is back on its button; then confirmed.
    const remove = row.getByRole('button', { name: 'Delete' });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.stop();
  }
});
