// Signing in as the administrator the browser tests' server was started with
// (E2E_ADMIN in playwright.config.ts), through the sign-in form as a user would. The other
// people of a team are e2e/members.ts's.
import { expect, type Page } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';

/** Signs in at /admin (as E2E_ADMIN unless told) and waits for the Landing Page Manager. */
export async function signIn(
  page: Page,
  who: { email: string; password: string } = E2E_ADMIN,
): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Exact: the sign-in form's own heading contains these words too.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Landing Page Manager', exact: true }),
  ).toBeVisible();
}
