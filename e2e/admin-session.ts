// Signing in as the administrator the browser tests' server was started with
// (E2E_ADMIN in playwright.config.ts), through the sign-in form as a user would; and the
// other people of a team, invited by that administrator (governed publishing, form review).
import {
  request as apiRequest,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from 'playwright/test';
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

/** The password of the people member() invites. */
const MEMBER_PASSWORD = 'governed-harbour-lantern-2026';

/**
 * A person of `role`, invited by `request`'s admin and joined through the API as they
 * would by the link: the account's e-mail and password.
 */
export async function member(request: APIRequestContext, role: string) {
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@pharmabridge.test`;
  const invited = await request.post('/api/account/invitations', { data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { token } = (await invited.json()) as { token: string };
  // Joining signs its client in: a context of its own, so `request` stays the admin's.
  const joiner = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const joined = await joiner.post('/api/auth/invitation', {
    data: {
      token,
      name: `Dr. ${role[0]!.toUpperCase()}${role.slice(1)}`,
      password: MEMBER_PASSWORD,
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await joiner.dispose();
  return { email, password: MEMBER_PASSWORD };
}

/** A browser page of its own (Berlin time), signed in as `who`. */
export async function as(
  browser: Browser,
  who: { email: string; password: string },
): Promise<Page> {
  const page = await (await browser.newContext({ timezoneId: 'Europe/Berlin' })).newPage();
  await signIn(page, who);
  return page;
}
