// The page workflow tests' team (issue 23): one app over DynamoDB Local with a clock, a
// signed-in person of each role and a second reviewer, the approvals setting, and a live
// page with helpers to save its working copy and read what visitors get. Used by the test
// files beside functions/data/workflow/'s parts.
import { expect } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { Role } from '../shared/roles.ts';
import { landingTemplate } from '../shared/template.ts';
import type { WorkflowStatus } from '../shared/workflow.ts';
import { testApp, TEST_PASSWORD } from './harness.ts';

export const START = new Date('2026-11-25T14:00:00Z').getTime();

export async function team(approvalsRequired = 0) {
  let now = START;
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const base = await testApp({}, { now: clock.now });
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['admin', 'publisher', 'editor', 'reviewer'] as Role[]) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  const { cookie } = await base.signIn('reviewer2@pharmabridge.test', 'reviewer');
  people['reviewer2'] = async (method, path, body) => base.json(method, path, body, { cookie });
  await base.services.admins.create('dr.a@pharmabridge.test', 'unused', { role: 'reviewer' });
  if (approvalsRequired > 0) {
    const set = await people['admin']!('PUT', '/api/admin/settings', { approvalsRequired });
    expect(set.status).toBe(200);
  }
  const live = await base.services.pages.create({
    title: 'Spring campaign',
    slug: 'spring',
    isActive: true,
    content: landingTemplate(),
  });
  const as = (who: string) => people[who]!;
  const status = async (id = live.id) =>
    (
      (await (await as('admin')('GET', `/api/admin/pages/${id}`)).json()) as LandingPage & {
        workflow: WorkflowStatus;
      }
    ).workflow;
  const publicHeadline = async () =>
    ((await (await base.json('GET', '/api/landing-pages/spring')).json()) as LandingPage).content
      .hero.headline;
  const draft = (headline: string, revision: number, who = 'editor') =>
    as(who)('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: { ...live.content, hero: { ...live.content.hero, headline } },
      revision,
    });
  return { ...base, clock, as, live, status, publicHeadline, draft };
}

/**
 * An approval's body signed by `who` of the team: the e-mail goes with every one, as the
 * first signature of a session needs it (docs/decisions/0530-signature-components-and-checklist.md).
 */
export const approve = (meaning = 'approved-medical', who = 'reviewer') => ({
  email: `${who}@pharmabridge.test`,
  password: TEST_PASSWORD,
  meaning,
});
