// Issue 21, item 13: every route that sets a password refuses one that is mostly the
// site's own name plus digits (functions/lib/password-context.ts), with the field named.
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { CONTEXT_WORD_PROBLEM } from '../lib/password-context.ts';
import { adminTestApp, TEST_PASSWORD } from '../test/harness.ts';
import type { InviteResponse } from '../shared/account.ts';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe("the site's own name as a password", () => {
  it('is refused when changing the password and when accepting an invitation', async () => {
    const { json, anonJson } = await adminTestApp();
    const change = await json('PUT', '/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'PharmaBridge2026',
    });
    expect(change.status).toBe(400);
    const changeError = await errorOf(change);
    expect(changeError.fields).toEqual({ newPassword: [CONTEXT_WORD_PROBLEM] });
    expect(changeError.message).toBe(`Invalid request: newPassword ${CONTEXT_WORD_PROBLEM}`);

    const { token } = (await (
      await json('POST', '/api/account/invitations', { email: 'noor@example.com' })
    ).json()) as InviteResponse;
    const accept = await anonJson('POST', '/api/auth/invitation', {
      token,
      name: 'Noor',
      password: 'pharma bridge admin 2026',
    });
    expect(accept.status).toBe(400);
    expect((await errorOf(accept)).fields).toEqual({ password: [CONTEXT_WORD_PROBLEM] });
  });
});
