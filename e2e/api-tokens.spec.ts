// API tokens end to end (issue 40, docs/decisions/0567-api-tokens.md): E2E_ADMIN creates a
// token in the Account area, copies it once (closed, the dialog takes it away: it is nowhere
// on the page), calls the API with it as a script would (Bearer, no cookie), revokes it after
// a confirmation, and the token is refused with 401 from then on. Axe on the section and the
// dialogs; screenshots at 1280 and 390 px in /tmp/shots/tokens.
import { expect, test } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, motionEnded } from './page-checks.ts';
import { shootAtWidths } from './screenshots.ts';
import { expectTooltip } from './tooltips.ts';

const SHOTS = '/tmp/shots/tokens';

test('create an API token, copy it once, call the API with it, revoke it', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `CRM sync ${Date.now()}`;

  await signIn(page);
  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section).toBeVisible();
  const opener = section.getByRole('button', { name: 'Create token' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Create an API token' });
  await expect(dialog).toBeVisible();

  // Without a name or a scope: the fields say so, in sentences.
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Give the token a name.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
  await motionEnded(page);
  await expectNoAxeViolations(page);
  await shootAtWidths(page, SHOTS, 'create-dialog', dialog);

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: /leads:read/ }).check();
  await dialog.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: `API token “${name}”` });
  await expect(shown).toContainText('it will not be shown again');
  const secret = await shown.getByTestId('api-token-value').inputValue();
  expect(secret).toMatch(/^pb_[\w-]{43}$/);
  await shown.getByRole('button', { name: 'Copy token' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await motionEnded(page);
  await expectNoAxeViolations(page);
  await shootAtWidths(page, SHOTS, 'token-shown', shown);

  // Done: the secret is gone from the page, and focus is back on the opener.
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.content()).not.toContain(secret);
  const row = section.getByTestId('api-token').filter({ hasText: name });
  await expect(row).toContainText('leads:read');
  await expect(row).toContainText('Made by e2e-admin@pharmabridge.test');
  await expect(row).toContainText('never used');

  // A script calls the API with it: no cookie, the token alone.
  const script = await playwright.request.newContext({ baseURL: baseURL! });
  const headers = { authorization: `Bearer ${secret}` };
  const leads = await script.get('/api/admin/leads', { headers });
  expect(leads.status(), await leads.text()).toBe(200);
  const outside = await script.get('/api/admin/audit', { headers });
  expect(outside.status()).toBe(403);
  expect(await outside.json()).toMatchObject({
    error: { message: 'API tokens cannot call this route: sign in to the admin for it' },
  });
  await page.reload();
  await expect(row).toContainText('last used');

  await motionEnded(page);
  await expectNoAxeViolations(page);
  await shootAtWidths(page, SHOTS, 'section', section);

  // Revoke, after a confirmation; focus returns to the Revoke button if the dialog is cancelled.
  const revoke = row.getByRole('button', { name: `Revoke ${name}` });
  await expectTooltip(revoke, 'Stops the token at once');
  await revoke.click();
  const confirm = page.getByRole('alertdialog', { name: `Revoke “${name}”?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(revoke).toBeFocused();
  await revoke.click();
  await shootAtWidths(page, SHOTS, 'revoke-confirm', confirm);
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  const refused = await script.get('/api/admin/leads', { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    error: { message: 'This API token has been revoked' },
  });
  await script.dispose();
});
