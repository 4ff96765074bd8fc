// People of each role for the browser tests (docs/decisions/0131-roles.md): invited by the
// signed-in administrator's request context and joined through the invitation link's API,
// as the admin would invite them by link; `as` opens a browser of their own, signed in.
import {
  request as apiRequest,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from 'playwright/test';

export const MEMBER_PASSWORD = 'governed-harbour-lantern-2026';

/** A person of `role`, invited and joined through the API as the admin would by link. */
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

/**
 * A browser of `who`'s own (in Berlin's time zone), signed in at /admin through the sign-in
 * API (the form is e2e/admin.spec.ts's), waiting as long as a loaded machine needs.
 */
export async function as(
  browser: Browser,
  who: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const login = await context.request.post('/api/auth/login', { data: who });
  expect(login.status(), await login.text()).toBe(200);
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Landing Page Manager', exact: true }),
  ).toBeVisible({ timeout: 60_000 });
  return page;
}
