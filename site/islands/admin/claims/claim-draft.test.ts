// The claim form's draft: the value sent and the errors shown for the forbidden wordings.
import { describe, expect, it } from 'vitest';
import { createClaimSchema } from '../../../../functions/shared/claims/model.ts';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { draftOf, forbiddenErrors, valueOf } from './claim-draft.ts';

describe('the claim draft', () => {
  it('starts a new claim with one empty reference and sends trimmed lines, no empty expiry', () => {
    const draft = {
      ...draftOf(undefined),
      key: ' uptime ',
      forbidden: ' 100% uptime \n\n  always on\n',
    };
    expect(draftOf(undefined).references).toEqual([{ evidenceId: '', locator: '' }]);
    expect(valueOf(draft)).toEqual({
      key: 'uptime',
      text: '',
      category: '',
      references: [{ evidenceId: '', locator: '' }],
      forbiddenWordings: ['100% uptime', 'always on'],
    });
    expect(valueOf({ ...draft, expiresAt: '2027-01-31' })).toMatchObject({
      expiresAt: '2027-01-31',
    });
  });

  it("names the line of each forbidden wording the API's schema refuses", () => {
    const draft = { ...draftOf(undefined), forbidden: `fine\n${'x'.repeat(1000)}` };
    const parsed = createClaimSchema.safeParse(valueOf(draft));
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const found = forbiddenErrors((field) => errors[field], draft);
    expect(found).toHaveLength(1);
    expect(found![0]).toMatch(/^The forbidden wording "x{1000}" .+\.$/);
    expect(forbiddenErrors(() => undefined, draft)).toBeUndefined();
  });
});
