// The experiments tests' team (issue 24): one app over DynamoDB Local with a clock, a
// signed-in person of each role, the approvals setting, a live page, and helpers to create an
// experiment, edit its variant B, read its results, send events and leads as a visitor, and
// ask the edge's own code (infra/edge/clean-urls.js) which variant a visitor gets. Client
// addresses come from X-Forwarded-For in the harness. Used by the test files beside
// functions/data/experiments/'s parts.
import { expect } from 'vitest';
import { loadEdgeScript } from '../../infra/edge/edge-script.ts';
import type { ExperimentResults } from '../shared/experiments.ts';
import type { Role } from '../shared/roles.ts';
import { landingTemplate } from '../shared/template.ts';
import { testApp } from './harness.ts';

export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const visitor = (ip: string, userAgent = BROWSER) => ({
  'x-forwarded-for': ip,
  'user-agent': userAgent,
});
const edge = loadEdgeScript<{
  experimentVariant(value: string, secret: string, ip: string, userAgent: string): string;
}>('clean-urls.js', ['experimentVariant']);

export async function team(approvalsRequired = 0) {
  let now = new Date('2026-11-20T10:00:00Z').getTime();
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
  if (approvalsRequired) {
    expect(
      (await people['admin']!('PUT', '/api/admin/settings', { approvalsRequired })).status,
    ).toBe(200);
  }
  const page = await base.services.pages.create({
    title: 'Spring campaign',
    slug: 'spring',
    isActive: true,
    content: landingTemplate(),
  });
  const as = (who: string) => people[who]!;
  const create = async (who = 'editor', body: object = {}) => {
    const response = await as(who)('POST', '/api/admin/experiments', {
      pageId: page.id,
      name: 'Shorter headline',
      hypothesis: 'A shorter headline brings more demo requests',
      variants: [
        { name: 'Control', weight: 50 },
        { name: 'B', weight: 50 },
      ],
      ...body,
    });
    return response;
  };
  const editB = async (id: string, headline: string, revision: number, who = 'editor') =>
    as(who)('PUT', `/api/admin/experiments/${id}/variants/b`, {
      content: { ...page.content, hero: { ...page.content.hero, headline } },
      revision,
    });
  const results = async (id: string) =>
    (await (
      await as('reviewer')('GET', `/api/admin/experiments/${id}/results`)
    ).json()) as ExperimentResults;
  const event = (
    ip: string,
    variantId: string,
    eventType = 'page_view',
    extra: object = {},
    userAgent = BROWSER,
  ) =>
    base.json(
      'POST',
      '/api/conversions',
      { landingPageId: 'spring', eventType, variantId, ...extra },
      visitor(ip, userAgent),
    );
  const lead = (ip: string, variantId: string, userAgent = BROWSER) =>
    base.json(
      'POST',
      '/api/contact',
      {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        company: 'Acme Pharma',
        message: 'A demo, please',
        formType: 'general',
        landingPageId: 'spring',
        variantId,
      },
      visitor(ip, userAgent),
    );
  /** The variant the edge serves this visitor of a 50/50 experiment (the page's data-variant). */
  const servedTo = async (experimentId: string, ip: string, userAgent = BROWSER) => {
    const secret = await base.services.experiments.assignmentSecret();
    const value = `x ${experimentId} /variants/spring a:50 b:50`;
    return /\/([a-d])\/index\.html$/.exec(
      edge.experimentVariant(value, secret, ip, userAgent),
    )![1]!;
  };
  /** `count` addresses `${prefix}<n>` the edge assigns `variant`, n from 1 up. */
  const addressesOf = async (
    experimentId: string,
    variant: string,
    count: number,
    prefix = '203.0.113.',
  ) => {
    const found: string[] = [];
    for (let n = 1; found.length < count && n < 255; n++) {
      if ((await servedTo(experimentId, `${prefix}${n}`)) === variant) found.push(`${prefix}${n}`);
    }
    expect(found).toHaveLength(count);
    return found;
  };
  return { ...base, clock, as, page, create, editB, results, event, lead, servedTo, addressesOf };
}
