// The weekly report's settings in the Account area (issue 25): switch it on for an
// administrator in a time zone, see when the next one goes out, and "Send now", whose mail
// (text and HTML) the log transport writes to the server log. Axe and screenshots of the
// section at 1280 and 390 px (/tmp/shots).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from 'playwright/test';
import { E2E_ADMIN, serverLogPath } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';

const shoot = screenshotsIn('/tmp/shots');

/** Weekly report mails in the server log (the log transport's lines), newest last. */
function reportMails() {
  return readFileSync(serverLogPath('site'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as { subject?: string; to?: string[]; text?: string; html?: string },
    )
    .filter((mail) => mail.subject?.startsWith('PharmaBridge weekly report'));
}

async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

test('the weekly report: on for an administrator, Send now, mailed as text and HTML', async ({
  page,
}) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);

  const section = page.getByTestId('report-settings');
  await expect(section.getByRole('heading', { name: 'Weekly report' })).toBeVisible();
  await expect(section.getByTestId('report-schedule')).toHaveText('The report is off.');
  // On without a recipient: the API's sentence, next to the field.
  await section.getByLabel('Send the weekly report').check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section).toContainText('must name at least one administrator');

  await section.getByLabel(E2E_ADMIN.email).check();
  await section.getByLabel('Time zone of Monday 08:00').selectOption('Europe/Berlin');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Weekly report saved')).toBeVisible();
  await expect(section.getByTestId('report-schedule')).toContainText('Next report:');
  await page.reload();
  await expect(section.getByLabel('Time zone of Monday 08:00')).toHaveValue('Europe/Berlin');
  await expect(section.getByLabel(E2E_ADMIN.email)).toBeChecked();

  const before = reportMails().length;
  await section.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByTestId('toast').getByText('Report sent')).toBeVisible();
  await expect.poll(() => reportMails().length).toBe(before + 1);
  const mail = reportMails().at(-1)!;
  expect(mail.to).toEqual([E2E_ADMIN.email]);
  expect(mail.text).toContain('Summary\n  Visitors: ');
  expect(mail.html).toContain('<h2 style="font-size:16px;margin-top:24px">Top pages</h2>');

  await section.scrollIntoViewIfNeeded();
  await settled(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'account-weekly-report');

  // Off again, so the other specs' server sends nothing on a Monday.
  await section.getByLabel('Send the weekly report').uncheck();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByTestId('report-schedule')).toHaveText(/The report is off\./);
});
