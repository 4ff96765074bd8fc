// A form's review (issue 33, functions/data/form-review/review.ts): approvals are electronic
// signatures, never by an author, distinct signers counted, voided by an edit; the page
// roles apply; with two-factor sign-in the signature asks for the code, and wrong
// passwords count toward the sign-in throttle. Real DynamoDB Local through the app
// (functions/test/form-team.ts).
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCodeAt, totpStep } from '../../core/totp.ts';
import type { FormState } from '../../shared/form-review.ts';
import { errorOf, formTeam, probedContact, signature } from '../../test/form-team.ts';
import { TEST_PASSWORD } from '../../test/harness.ts';

describe('a form under review', () => {
  it('is never approved by an author; distinct signers count; an edit voids every approval', async () => {
    const { as, path, state } = await formTeam(2);
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });
    await as('admin')('PUT', path('contact'), { form: probedContact(' Really.'), revision: 1 });
    await as('editor')('POST', path('contact', 'submit'), {});
    const own = await as('admin')(
      'POST',
      path('contact', 'approve'),
      signature('approved', 'admin'),
    );
    expect(own.status).toBe(409);
    expect((await errorOf(own)).message).toBe(
      'You edited this working copy, so you cannot approve it: another reviewer must',
    );
    expect((await as('reviewer')('POST', path('contact', 'approve'), signature())).status).toBe(
      201,
    );
    const twice = await as('reviewer')('POST', path('contact', 'approve'), signature());
    expect((await errorOf(twice)).message).toBe('You have already approved this content');
    const oneOfTwo = await as('publisher')('POST', path('contact', 'publish'), {});
    expect((await errorOf(oneOfTwo)).fields).toEqual({
      approvals: ['1 of 2 approvals of the current content (an edit voids earlier ones)'],
    });
    expect(
      (
        await as('reviewer2')(
          'POST',
          path('contact', 'approve'),
          signature('approved', 'reviewer2'),
        )
      ).status,
    ).toBe(201);
    expect((await state()).workflow.approvalsMissing).toBe(0);

    // An edit after the approvals (here of the auto-reply only) voids both.
    const edited = probedContact(' Really.');
    edited.autoReply.body = 'Changed after approval.';
    expect((await as('editor')('PUT', path('contact'), { form: edited, revision: 2 })).status).toBe(
      200,
    );
    const voided = await state();
    expect(voided.workingCopy?.state).toBe('draft');
    expect(voided.workflow.approvals.map((s) => s.current)).toEqual([false, false]);
    expect(voided.workflow.approvalsMissing).toBe(2);
    const refused = await as('publisher')('POST', path('contact', 'publish'), {});
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'Publishing needs 2 approvals of the current working copy; it has 0, so 2 more are missing',
    );
  });

  it('follows the page roles: editors save and submit, reviewers read and approve, publishers publish, sales nothing', async () => {
    const { as, path } = await formTeam(1);
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });
    const refusals: [string, string, string, unknown, string][] = [
      ['reviewer', 'PUT', path('contact'), { form: probedContact(), revision: 1 }, 'edit'],
      ['reviewer', 'POST', path('contact', 'submit'), {}, 'edit'],
      ['editor', 'POST', path('contact', 'approve'), signature(), 'review'],
      ['editor', 'POST', path('contact', 'publish'), {}, 'publish'],
      ['reviewer', 'POST', path('contact', 'publish'), {}, 'publish'],
      ['sales', 'GET', path('contact'), undefined, 'edit'],
      ['sales', 'GET', '/api/admin/form-reviews', undefined, 'edit'],
      ['sales', 'POST', path('contact', 'approve'), signature(), 'review'],
    ];
    for (const [who, method, url, body, permission] of refusals) {
      const response = await as(who)(method, url, body);
      expect(response.status, `${who} ${method} ${url}`).toBe(403);
      expect((await errorOf(response)).permission).toBe(permission);
    }
    const read = await as('reviewer')('GET', path('contact'));
    expect(read.status).toBe(200);
    expect(((await read.json()) as FormState).workingCopy?.form.consent.text).toBe(
      'We may sell your data.',
    );
    expect((await as('reviewer')('GET', '/api/admin/form-reviews')).status).toBe(200);
  });
});

describe('the signature of a form', () => {
  it('asks for the code with two-factor sign-in, and wrong passwords count toward the sign-in throttle', async () => {
    const { as, path, services, clock, json } = await formTeam(1, {
      LOGIN_PAIR_LIMIT: '3',
      LOGIN_FREE_FAILURES: '100',
    });
    const secret = newTotpSecret();
    const enrolledAt = new Date(clock.now().getTime() - 3600_000);
    await services.twoFactor.startEnrolment(
      'reviewer2@pharmabridge.test',
      secret,
      new Date(clock.now().getTime() + 600_000),
    );
    const step = totpStep(secret, totpCodeAt(secret, enrolledAt), enrolledAt)!;
    expect(
      await services.twoFactor.confirm(
        'reviewer2@pharmabridge.test',
        (await services.twoFactor.enrolment('reviewer2@pharmabridge.test'))!.stored,
        step,
        [],
      ),
    ).toBe(true);
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });
    await as('editor')('POST', path('contact', 'submit'), {});
    const noCode = await as('reviewer2')(
      'POST',
      path('contact', 'approve'),
      signature(undefined, 'reviewer2'),
    );
    expect((await errorOf(noCode)).fields).toEqual({
      code: ['is required: your account signs in with two-factor codes'],
    });
    const withCode = await as('reviewer2')('POST', path('contact', 'approve'), {
      ...signature(undefined, 'reviewer2'),
      code: totpCodeAt(secret, clock.now()),
    });
    expect(withCode.status).toBe(201);

    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await as('reviewer')('POST', path('contact', 'approve'), {
        ...signature(),
        password: `wrong-${attempt}`,
      });
      expect(wrong.status).toBe(400);
    }
    const throttled = await as('reviewer')('POST', path('contact', 'approve'), signature());
    expect(throttled.status).toBe(429);
    // The same throttle as signing in: the right password is refused there too.
    const login = await json('POST', '/api/auth/login', {
      email: 'reviewer@pharmabridge.test',
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(429);
  });
});
