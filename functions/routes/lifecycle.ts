// PUT /api/landing-pages/:id/lifecycle (issue 37, docs/decisions/0556-page-lifecycle.md):
// a page's review-by date, expiry and what happens at the expiry, set by publishers. Not new
// content: no approvals, no version, but the revision guard of every page write and an
// audit entry. Neither date clears the lifecycle. While the approval period setting is on,
// a live page keeps an expiry within it (docs/decisions/0557-approval-period.md).
import { Hono } from 'hono';
import * as z from 'zod';
import { assertApprovalPeriod } from '../data/workflow/approval-period.ts';
import { requirePermission } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { lifecycleRequestSchema, type Lifecycle } from '../shared/api/lifecycle.ts';
import { landingPageSchema } from '../shared/api/pages.ts';
import { pageIdSchema } from '../shared/slug.ts';
import { actorOf } from './support/actor.ts';
import { defineRoute, mount } from './support/define-route.ts';

export const setLifecycle = defineRoute(
  {
    method: 'put',
    path: '/:id/lifecycle',
    permission: 'publish',
    summary:
      "Sets the page's review-by date and expiry, and what the expiry does (take it down, with a redirect, or flag it); neither date clears them",
    middleware: [requirePermission('publish')],
    request: { params: z.object({ id: pageIdSchema }), json: lifecycleRequestSchema },
    responses: { 200: landingPageSchema },
  },
  async (c, { params, json }) => {
    const services = c.get('services');
    const page = await services.pages.getById(params.id);
    if (!page) throw notFound('Landing page');
    const { revision, reviewBy, expiresAt, onExpiry, redirectTo } = json;
    const now = services.now();
    if (expiresAt && Date.parse(expiresAt) <= now.getTime()) {
      throw new ApiError(400, 'validation_failed', 'Invalid request: the expiry is in the past', {
        expiresAt: [`is ${expiresAt}, in the past: choose a time to come`],
      });
    }
    const lifecycle: Lifecycle | undefined =
      reviewBy || expiresAt
        ? {
            ...(reviewBy ? { reviewBy } : {}),
            ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
            onExpiry,
            ...(redirectTo ? { redirectTo } : {}),
          }
        : undefined;
    if (page.isActive) {
      const { maxApprovalMonths } = await services.workflow.settings();
      assertApprovalPeriod(lifecycle, maxApprovalMonths, now);
    }
    return c.json(await services.workflow.setLifecycle(page, lifecycle, revision, actorOf(c)));
  },
);

/** Mounted at /landing-pages beside the workflow routes (workflow.ts). */
export const lifecycleRoutes = mount(new Hono<AppEnv>(), [setLifecycle]);
