// Password reset end to end (issue 23): "Forgot password?" on the sign-in form, the link
// from the e-mail (the server's log transport writes it to the server log, read here as a
// developer reads `npm start`'s terminal), a refused and then a good new password, and
// signing in with it; an administrator's reset link for a colleague, shown once with a Copy
// button. Axe on every new screen; screenshots at 1280 and 390 px to /tmp/shots-reset.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from 'playwright/test';
import { RESET_LINK_SUBJECT } from '../functions/mail/password-reset.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN, serverLogPath } from './playwright.config.ts';

const SHOTS = '/tmp/shots-reset';
const PASSWORD = 'walnut-ferry-signal-35';
const NEW_PASSWORD = 'cobalt-meadow-lantern-82';
const shoot = screenshotsIn(SHOTS);

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@pharmabridge.test`;

/** A new editor account, invited by E2E_ADMIN and joined, through the API. */
async function newAccount(request: APIRequestContext, email: string): Promise<void> {
  const admin = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(admin.status()).toBe(200);
  const invited = await request.post('/api/account/invitations', { data: { email } });
  expect(invited.status()).toBe(201);
  const { token } = (await invited.json()) as { token: string };
  const joined = await request.post('/api/auth/invitation', {
    data: { token, name: 'Lena Park', password: PASSWORD },
  });
  expect(joined.status()).toBe(201);
}

/** The path of the newest reset link mailed to `email`, from the server log. */
function mailedLink(email: string): string | undefined {
  const links = readFileSync(serverLogPath('site'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { subject?: string; to?: string[]; text?: string })
    .filter((mail) => mail.subject === RESET_LINK_SUBJECT && mail.to?.includes(email))
    .map((mail) => /\/admin\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0]);
  return links.at(-1);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

test('forgot password: the mailed link, a new password, and signing in with it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = unique('lena');
  await newAccount(request, email);

  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'sign-in');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  // A malformed address is refused in the browser, with a sentence.
  await page.getByLabel('Email').fill('lena at example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email must be an email address.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'forgot-password');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByTestId('reset-requested');
  await expect(sent.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(sent.getByRole('status')).toContainText(
    'If an administrator account uses that email address, a link to choose a new password is on its way.',
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'forgot-password-sent');
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();

  await expect.poll(() => mailedLink(email), { timeout: 15_000 }).toBeTruthy();
  const link = mailedLink(email)!;
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  // The link's URL survives a reload.
  await page.reload();
  await expect(page).toHaveURL(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();

  // The server's rules, as sentences: a password made of the site's own name is refused.
  await page.getByLabel('New password', { exact: true }).fill('PharmaBridge2026');
  await page.getByLabel('Repeat the new password').fill('PharmaBridge2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText(
      'New password is mostly the name of this site or company with digits or symbols added',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reset-password-error');

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  const done = page.getByTestId('password-changed');
  await expect(done.getByRole('heading', { name: 'Password changed' })).toBeFocused();
  await expect(done).toContainText(`The password of ${email} is changed.`);
  await expectNoAxeViolations(page);
  await shoot(page, 'reset-password-done');

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-quiet-harbour-19');
  await page.getByLabel('Repeat the new password').fill('another-quiet-harbour-19');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is invalid, already used or expired; ask for a new one.',
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'reset-password-used');

  // The old password no longer signs in; the new one does.
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
  await signIn(page, email, NEW_PASSWORD);
});

test("an administrator's reset link for a colleague, shown once to copy", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = unique('omar');
  await newAccount(request, email);

  const page = await newPage(browser);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const opener = page.getByRole('button', { name: `Reset link for ${email}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Password reset link for ${email}` });
  await expect(dialog).toContainText('it works once, for 30 minutes');
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const box = dialog.getByTestId('reset-link');
  await expect(box).toContainText(`Send this link to ${email} yourself`);
  const url = await dialog.getByLabel('Reset link').inputValue();
  expect(url).toMatch(/\/admin\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-reset-link', { fullPage: false });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Shown once: opening it again offers a new link, not the old one.
  await opener.click();
  await expect(dialog.getByRole('button', { name: 'Make link' })).toBeVisible();
  await expect(dialog.getByLabel('Reset link')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();

  // The colleague uses it in their own browser.
  const colleague = await newPage(browser);
  await colleague.goto(new URL(url).pathname + new URL(url).search);
  await colleague.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await colleague.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await colleague.getByRole('button', { name: 'Set new password' }).click();
  await expect(colleague.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await signIn(colleague, email, NEW_PASSWORD);
});
