// The two components of a session's first e-signature and the reviewer checklist (issue 36,
// docs/decisions/0530-signature-components-and-checklist.md), for each approval that signs
// through confirmSigner: a page's working copy, an experiment's variant and a claim. The
// first signature of a session needs the e-mail (21 CFR 11.200(a)(1)(i)), later ones only
// the password; every one confirms each checklist item, and the record keeps them. The
// audit log carries each signature's printed name, time with zone and meaning (11.50).
// Real DynamoDB Local through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import { LOCAL_COOKIE } from '../lib/auth.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { Me } from '../shared/account.ts';
import { auditListSchema } from '../shared/api/audit.ts';
import { claimSchema, evidenceSchema } from '../shared/claims/model.ts';
import type { ExperimentDetail } from '../shared/experiments.ts';
import { landingTemplate } from '../shared/template.ts';
import type { Signature } from '../shared/workflow.ts';
import type { ChecklistEntry } from '../shared/signatures.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';

const REVIEWER = 'reviewer@pharmabridge.test';
const CHECKLIST = ['Every claim is referenced', 'Fair balance'];
const CONFIRMED: ChecklistEntry[] = CHECKLIST.map((item) => ({ item, confirmed: true }));

type Caller = (method: string, path: string, body?: unknown) => Promise<Response>;

async function team() {
  const now = new Date('2026-12-03T09:30:00Z');
  const base = await testApp({}, { now: () => now });
  const callers: Record<string, Caller> = {};
  for (const role of ['admin', 'editor', 'reviewer'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    callers[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  /** Another session of the reviewer: a fresh sign-in, which has not signed yet. */
  const newReviewerSession = async (): Promise<Caller> => {
    const session = await base.services.sessions.create(REVIEWER, 86400);
    const cookie = `${LOCAL_COOKIE}=${session.id}`;
    return async (method, path, body) => base.json(method, path, body, { cookie });
  };
  const as = (role: string) => callers[role]!;
  const set = await as('admin')('PUT', '/api/admin/settings', { reviewChecklist: CHECKLIST });
  expect(set.status).toBe(200);
  let pages = 0;
  /** A live page with a working copy in review, edited by the editor. */
  const pageInReview = async () => {
    pages += 1;
    const live = await base.services.pages.create({
      title: `Campaign ${pages}`,
      slug: `campaign-${pages}`,
      isActive: true,
      content: landingTemplate(),
    });
    const saved = await as('editor')('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: { ...live.content, hero: { ...live.content.hero, headline: 'Reviewed' } },
      revision: live.revision,
    });
    expect(saved.status).toBe(200);
    expect((await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {})).status).toBe(
      200,
    );
    return live;
  };
  return { ...base, as, newReviewerSession, pageInReview };
}
type Team = Awaited<ReturnType<typeof team>>;

let made = 0;
/** A slug or key no other target of the run has. */
const unique = (prefix: string) => `${prefix}-${(made += 1)}`;

/** One kind of approval: where it is signed, and the checklist its signature record kept. */
interface Kind {
  name: string;
  action: string;
  /** A new thing to approve; answers the approve path. */
  target(t: Team): Promise<string>;
  /** The checklist of the signature record in an approval's 2xx answer. */
  checklistOf(answer: unknown): ChecklistEntry[] | undefined;
}

const KINDS: Kind[] = [
  {
    name: "a page's working copy",
    action: 'approve',
    target: async (t) => `/api/landing-pages/${(await t.pageInReview()).id}/approve`,
    checklistOf: (answer) => (answer as Signature).checklist,
  },
  {
    name: "an experiment's variant",
    action: 'experiment-approve',
    target: async (t) => {
      const page = await t.services.pages.create({
        title: 'Experiment page',
        slug: unique('experiment'),
        isActive: true,
        content: landingTemplate(),
      });
      const created = await t.as('editor')('POST', '/api/admin/experiments', {
        pageId: page.id,
        name: 'Shorter headline',
        variants: [
          { name: 'Control', weight: 50 },
          { name: 'B', weight: 50 },
        ],
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as ExperimentDetail;
      const edited = await t.as('editor')('PUT', `/api/admin/experiments/${id}/variants/b`, {
        content: { ...page.content, hero: { ...page.content.hero, headline: 'Shorter' } },
        revision: 1,
      });
      expect(edited.status).toBe(200);
      return `/api/admin/experiments/${id}/variants/b/approve`;
    },
    checklistOf: (answer) =>
      (answer as ExperimentDetail).variants.find((v) => v.id === 'b')!.approvals[0]?.checklist,
  },
  {
    name: 'a claim',
    action: 'claim-approve',
    target: async (t) => {
      const evidence = evidenceSchema.parse(
        await (
          await t.as('editor')('POST', '/api/admin/evidence', {
            title: 'SOC 2 Type II report 2026',
            source: 'Example Assurance LLP',
            date: '2026-10-01',
            kind: 'internal',
          })
        ).json(),
      );
      const claim = await t.as('editor')('POST', '/api/admin/claims', {
        key: unique('soc2'),
        text: 'SOC 2 Type II audited',
        category: 'certifications',
        references: [{ evidenceId: evidence.id, locator: 'Section 4, opinion' }],
      });
      expect(claim.status).toBe(201);
      return `/api/admin/claims/${claimSchema.parse(await claim.json()).id}/approve`;
    },
    checklistOf: (answer) => claimSchema.parse(answer).approval?.checklist,
  },
];

const body = (extra: object = {}) => ({
  password: TEST_PASSWORD,
  meaning: 'approved-medical',
  checklist: [true, true],
  ...extra,
});
const fieldsOf = async (response: Response) => {
  expect(response.status).toBe(400);
  return ((await response.json()) as ErrorBody).error.fields;
};
const signing = async (caller: Caller) =>
  ((await (await caller('GET', '/api/auth/me')).json()) as Me).signing;

describe.each(KINDS)('the e-signature of $name', (kind) => {
  it('needs the e-mail on the first signature of a session and each checklist item confirmed', async () => {
    const t = await team();
    const reviewer = t.as('reviewer');
    const [first, second] = [await kind.target(t), await kind.target(t)];
    expect(await signing(reviewer)).toEqual({ signedThisSession: false, checklist: CHECKLIST });

    expect(await fieldsOf(await reviewer('POST', first, body()))).toEqual({
      email: [
        'is required for the first signature of a session: enter your e-mail address with your password',
      ],
    });
    expect(
      await fieldsOf(await reviewer('POST', first, body({ email: 'editor@pharmabridge.test' }))),
    ).toEqual({ email: ["is not the signed-in account's: sign with your own e-mail address"] });
    expect(
      await fieldsOf(
        await reviewer('POST', first, body({ email: REVIEWER, checklist: undefined })),
      ),
    ).toEqual({
      checklist: ["is required: confirm each of the reviewer checklist's 2 items"],
    });
    expect(
      await fieldsOf(await reviewer('POST', first, body({ email: REVIEWER, checklist: [true] }))),
    ).toEqual({
      checklist: ['has 1 answer, but the reviewer checklist has 2 items: reload and confirm each'],
    });
    expect(
      await fieldsOf(
        await reviewer('POST', first, body({ email: REVIEWER, checklist: [true, false] })),
      ),
    ).toEqual({ checklist: ['item 2 ("Fair balance") is not confirmed'] });
    // A wrong password is no signature: the session still has not signed.
    expect(
      await fieldsOf(await reviewer('POST', first, body({ email: REVIEWER, password: 'wrong' }))),
    ).toEqual({ password: ['is incorrect'] });
    expect((await signing(reviewer)).signedThisSession).toBe(false);

    // The e-mail is the account's whatever its case.
    const signed = await reviewer('POST', first, body({ email: 'Reviewer@PharmaBridge.test' }));
    expect(signed.status).toBeLessThan(300);
    expect(kind.checklistOf(await signed.json())).toEqual(CONFIRMED);
    expect((await signing(reviewer)).signedThisSession).toBe(true);

    // Later in the same session: the password alone, but a given e-mail must still match.
    expect(
      await fieldsOf(await reviewer('POST', second, body({ email: 'editor@pharmabridge.test' }))),
    ).toEqual({ email: ["is not the signed-in account's: sign with your own e-mail address"] });
    const later = await reviewer('POST', second, body());
    expect(later.status).toBeLessThan(300);
    expect(kind.checklistOf(await later.json())).toEqual(CONFIRMED);

    // Another session starts over; a signature the store refuses does not count.
    const again = await t.newReviewerSession();
    expect(Object.keys((await fieldsOf(await again('POST', second, body()))) ?? {})).toEqual([
      'email',
    ]);
    const refused = await again('POST', second, body({ email: REVIEWER }));
    expect(refused.status).toBe(409);
    expect((await signing(again)).signedThisSession).toBe(false);

    // The audit entry carries the signature's manifestation (21 CFR 11.50) apart.
    const audit = auditListSchema.parse(
      await (await t.as('admin')('GET', '/api/admin/audit?limit=200')).json(),
    );
    const entries = audit.entries.filter((entry) => entry.action === kind.action);
    expect(entries).toHaveLength(2);
    expect(entries[1]!.signature).toEqual({
      signerName: REVIEWER,
      signerEmail: REVIEWER,
      signedAt: '2026-12-03T09:30:00.000Z',
      signedAtText: '2026-12-03 09:30 UTC',
      meaning: 'approved-medical',
      meaningLabel: 'approved, medical',
      checklist: CHECKLIST,
    });
    expect(entries[1]!.summary).toContain(
      `approved by ${REVIEWER} <${REVIEWER}>, 2026-12-03 09:30 UTC, approved, medical`,
    );
  });
});

describe('the e-signature without a reviewer checklist', () => {
  it('takes no checklist, refuses answers to items that do not exist, and keeps none', async () => {
    const t = await team();
    expect(
      (await t.as('admin')('PUT', '/api/admin/settings', { reviewChecklist: [] })).status,
    ).toBe(200);
    const reviewer = t.as('reviewer');
    const path = await KINDS[0]!.target(t);
    expect(await fieldsOf(await reviewer('POST', path, body({ email: REVIEWER })))).toEqual({
      checklist: ['has 2 answers, but the reviewer checklist has 0 items: reload and confirm each'],
    });
    const signed = await reviewer('POST', path, body({ email: REVIEWER, checklist: undefined }));
    expect(signed.status).toBe(201);
    expect('checklist' in ((await signed.json()) as Signature)).toBe(false);
  });
});
