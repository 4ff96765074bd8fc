// GET /api/admin/workflow: each page's working copy state and schedules, for the Pages
// list (issue 23: "The Pages list shows scheduled times"), the claims it says that are
// not approved now (issue 36: a withdrawal "flags them in the Pages list"), and its
// effective expiry (issue 37: support/effective-expiry.ts), its versions in other locales
// (issue 39: support/page-locales.ts). Any signed-in role may read it,
// as it may read the pages.
import { Hono } from 'hono';
import { requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { workflowSummariesSchema, type WorkflowSummaries } from '../../shared/workflow.ts';
import { pagesWithClaims } from '../support/claim-usage.ts';
import { flaggedClaims } from '../support/claim-withdrawal.ts';
import { effectiveExpiry } from '../support/effective-expiry.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { localeSummaries } from '../support/page-locales.ts';

export const getWorkflowSummaries = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary:
      "Each page's working copy state, schedules, claims not approved now and effective expiry, by page id",
    responses: { 200: workflowSummariesSchema },
  },
  async (c) => {
    const services = c.get('services');
    const pages = await services.pages.list();
    const [summaries, walked, { claims, evidence }, locales] = await Promise.all([
      services.workflow.summaries(pages.map((page) => page.id)),
      pagesWithClaims(services, pages),
      services.claims.listWithEvidence(),
      localeSummaries(c, pages),
    ]);
    const flagged = flaggedClaims(walked, claims);
    const now = services.now().getTime();
    const lifecycles = new Map(
      walked.map(({ page, live, draft }) => {
        const expiresAt = page.lifecycle?.expiresAt;
        // What visitors read decides; a page not live: what it would say (its draft).
        const expiry = effectiveExpiry(
          page,
          (page.isActive ? live : draft).keys(),
          claims,
          evidence,
        );
        return [
          page.id,
          {
            ...(expiry ? { expiry } : {}),
            expired: expiresAt !== undefined && Date.parse(expiresAt) <= now,
          },
        ];
      }),
    );
    return c.json<WorkflowSummaries>(
      Object.fromEntries(
        Object.entries(summaries).map(([id, summary]) => [
          id,
          {
            ...summary,
            claims: flagged.get(id) ?? [],
            lifecycle: lifecycles.get(id) ?? { expired: false },
            ...(locales.has(id) ? { locales: locales.get(id) } : {}),
          },
        ]),
      ),
    );
  },
);

export const workflowSummary = mount(new Hono<AppEnv>().use(requireAdmin), [getWorkflowSummaries]);
