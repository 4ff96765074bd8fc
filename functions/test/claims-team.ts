// The claims tests' team (issue 36): one app over DynamoDB Local with a clock that can be
// set, a signed-in admin, editor, reviewer and publisher, one piece of evidence, one draft
// claim citing it (`soc2-audited`), and a page that is not live yet saying it in its hero.
// Used by functions/routes/admin/claims-publishing.test.ts and claims-withdrawal.test.ts.
import { claimSchema, evidenceSchema, type Claim } from '../shared/claims/model.ts';
import { landingTemplate } from '../shared/template.ts';
import { testApp, TEST_PASSWORD } from './harness.ts';

export async function team() {
  let now = new Date('2026-12-01T09:00:00Z');
  const base = await testApp({}, { now: () => now });
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['admin', 'editor', 'reviewer', 'publisher'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  const as = (role: string) => people[role]!;
  const evidence = evidenceSchema.parse(
    await (
      await as('editor')('POST', '/api/admin/evidence', {
        title: 'SOC 2 Type II report 2026',
        source: 'Example Assurance LLP',
        date: '2026-10-01',
        kind: 'internal',
      })
    ).json(),
  );
  const claim = claimSchema.parse(
    await (
      await as('editor')('POST', '/api/admin/claims', {
        key: 'soc2-audited',
        text: 'SOC 2 Type II audited',
        category: 'certifications',
        references: [{ evidenceId: evidence.id, locator: 'Opinion' }],
        forbiddenWordings: ['/SOC ?2 certified/i'],
      })
    ).json(),
  );
  const approveClaim = (target: Claim) =>
    as('reviewer')('POST', `/api/admin/claims/${target.id}/approve`, {
      email: 'reviewer@pharmabridge.test',
      password: TEST_PASSWORD,
      meaning: 'approved',
    });
  const template = landingTemplate();
  const content = (headline: string) => ({ ...template, hero: { ...template.hero, headline } });
  const page = await base.services.pages.create({
    title: 'Trust',
    slug: 'trust',
    isActive: false,
    content: content('Trust: {{claim:soc2-audited}}'),
  });
  const read = async () => (await base.services.pages.getById(page.id))!;
  return {
    ...base,
    as,
    evidence,
    claim,
    approveClaim,
    page,
    read,
    content,
    setNow: (iso: string) => (now = new Date(iso)),
  };
}

/** The error envelope of an answer. */
export const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; fields?: Record<string, string[]> } })
    .error;
