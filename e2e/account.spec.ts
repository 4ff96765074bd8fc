// The Account area end to end: invite an administrator, join through the link in another
// browser, turn on two-factor sign-in (codes computed here with otpauth, as a phone would),
// sign in with a code and with a recovery code, end a session, change the password, and be
// disabled by E2E_ADMIN. Axe on the Account area; screenshots to /tmp/shots.
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Browser, type Page } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';

const SHOTS = '/tmp/shots';
const PASSWORD = 'saffron-harbour-kettle-58';
const NEW_PASSWORD = 'juniper-lattice-orbit-91';

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The code an authenticator app shows for `secret`, one step ahead so it is never a reuse. */
const codeFor = (secret: string, stepsAhead = 1) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openAccount(page: Page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/account$/);
}

const axe = expectNoAxeViolations;
const shoot = screenshotsIn(SHOTS);

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}

test('invite, join, two-factor sign-in, sessions, password change and disable', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `${unique('noor')}@pharmabridge.test`;

  // E2E_ADMIN invites the new administrator.
  const owner = await newPage(browser);
  await signInWithPassword(owner.page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(owner.page.getByTestId('signed-in-email')).toHaveText(E2E_ADMIN.email);
  await openAccount(owner.page);
  await owner.page.getByLabel('Their email').fill(email);
  await owner.page.getByRole('button', { name: 'Create invitation' }).click();
  const linkBox = owner.page.getByTestId('invitation-link');
  await expect(linkBox).toContainText(`Send this link to ${email} yourself`);
  const link = await owner.page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/);
  await owner.page.getByRole('button', { name: 'Copy link' }).click();
  await expect(owner.page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(owner.page.getByTestId('invitation').filter({ hasText: email })).toBeVisible();
  await axe(owner.page);
  await shoot(owner.page, 'account-owner');

  // The invitee opens the link in another browser and sets name and password.
  const invitee = await newPage(browser);
  const page = invitee.page;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join the Landing Page Manager' })).toBeVisible();
  await expect(page.getByText(`${E2E_ADMIN.email} invited ${email}`)).toBeVisible();
  await shoot(page, 'invitation-setup');
  await page.getByLabel('Your name').fill('Noor Haddad');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  await expect(page).toHaveURL(/\/admin$/);

  // Two-factor sign-in: QR code and manual key, confirmed with a code, recovery codes once.
  await openAccount(page);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to add PharmaBridge to an authenticator app' }),
  ).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await axe(page);
  await shoot(page, 'account-two-factor-enrol');
  await page.getByLabel('Code from the app').fill(codeFor(secret, 0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codesBox = page.getByTestId('recovery-codes');
  await expect(codesBox.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesBox.getByRole('listitem').allInnerTexts();
  await shoot(page, 'account-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);

  // Sign out, and in again: the password, then a code from the app.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signInWithPassword(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await axe(page);
  await shoot(page, 'sign-in-code-step');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('is incorrect or was already used')).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);

  // And once with a recovery code.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signInWithPassword(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);

  // A second browser signs in too (another recovery code); the first lists and ends it.
  const laptop = await newPage(browser);
  await signInWithPassword(laptop.page, email, PASSWORD);
  await laptop.page.getByRole('button', { name: 'Use a recovery code' }).click();
  await laptop.page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await laptop.page.getByRole('button', { name: 'Verify' }).click();
  await expect(laptop.page.getByTestId('signed-in-email')).toHaveText(email);

  await openAccount(page);
  await expect(page.getByText('8 of 10 recovery codes left')).toBeVisible();
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This browser' })).toHaveCount(1);
  await axe(page);
  await shoot(page, 'account-invitee');
  await sessions
    .filter({ hasNotText: 'This browser' })
    .getByRole('button', { name: /^End session/ })
    .click();
  await expect(sessions).toHaveCount(1);
  expect((await laptop.page.request.get('/api/auth/me')).status()).toBe(401);

  // Change the password: the current one is required.
  await page.getByLabel('Current password').fill('not-my-password-9');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is incorrect.', { exact: true })).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password changed');
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  // E2E_ADMIN disables the new administrator: their session ends at once.
  await owner.page.reload();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const row = owner.page.getByTestId('admin').filter({ hasText: email });
  await expect(row).toContainText('Noor Haddad');
  await expect(row).toContainText('Two-factor on');
  await expect(row).toContainText('Last signed in');
  await row.getByRole('button', { name: `Disable ${email}` }).click();
  const confirm = owner.page.getByRole('alertdialog', { name: `Disable ${email}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await expect(row.getByRole('button', { name: `Enable ${email}` })).toBeVisible();
  // Nobody can disable themselves: E2E_ADMIN's own row has no button.
  await expect(
    owner.page.getByTestId('admin').filter({ hasText: E2E_ADMIN.email }).getByRole('button'),
  ).toHaveCount(0);

  for (const { context } of [owner, invitee, laptop]) await context.close();
});
