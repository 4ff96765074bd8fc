// /api/admin/goals (issue 25, docs/decisions/0159-goals.md and
// docs/decisions/0160-goal-breakdowns-and-funnels.md): the goals the Analytics tab shows (an event
// type, possibly about one form or one gated file, or views of pages matching a path with `*`), one goal's figures per page and per source,
// and the funnel built from goals. Everyone with `analytics` reads them; adding and deleting goals
// and setting the funnel, which change what the team's dashboard says, take `publish` (admins and
// publishers).
import { Hono } from 'hono';
import * as z from 'zod';
import { goalBreakdown } from '../../data/analytics/goal-breakdown.ts';
import { handlerPermission, requirePermission, sameSiteReads } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { InvalidError } from '../../core/domain-errors.ts';
import { notFound } from '../../lib/errors.ts';
import {
  createGoalSchema,
  goalBreakdownQuerySchema,
  goalBreakdownSchema,
  goalFunnelSchema,
  goalListSchema,
  goalSchema,
  type Goal,
  type GoalBreakdown,
  type GoalFunnel,
  type GoalList,
} from '../../shared/analytics.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const idParam = z.object({ id: z.uuid() });
const mayChange = handlerPermission('publish');

export const listGoals = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: 'The goals the Analytics tab shows',
    responses: { 200: goalListSchema },
  },
  async (c) => c.json<GoalList>({ goals: await c.get('services').goals.list() }),
);

/**
 * POST /: a goal. A form goal's form and a file goal's file must exist; the goal keeps the
 * form's title or the file's name beside it (docs/decisions/0412-form-and-file-goals.md).
 */
export const createGoal = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'publish',
    summary: 'A new goal: an event type (of one form or one gated file, possibly) or a page path',
    middleware: [mayChange],
    request: { json: createGoalSchema },
    responses: { 201: goalSchema },
  },
  async (c, { json: body }) => {
    const services = c.get('services');
    let targetName: string | undefined;
    if (body.formId) {
      const stored = await services.forms.get(body.formId);
      if (!stored)
        throw new InvalidError('formId is not a form of this site', {
          formId: ['is not a form of this site'],
        });
      targetName = stored.form.title;
    }
    if (body.assetId) {
      const asset = await services.assets.get(body.assetId);
      if (!asset) {
        throw new InvalidError('assetId is not a gated file of this site', {
          assetId: ['is not a gated file of this site'],
        });
      }
      targetName = asset.fileName;
    }
    return c.json<Goal>(await services.goals.create(body, actorOf(c), targetName), 201);
  },
);

export const deleteGoal = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'publish',
    summary: 'Deletes a goal (and takes it out of the funnel)',
    middleware: [mayChange],
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params }) => {
    await c.get('services').goals.delete(params.id, actorOf(c));
    return c.body(null, 204);
  },
);

/** GET /funnel: the funnel's goal ids in order; [] while the default funnel is shown. */
export const getGoalFunnel = defineRoute(
  {
    method: 'get',
    path: '/funnel',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: "The funnel's goal ids in order; none while the default funnel is shown",
    responses: { 200: goalFunnelSchema },
  },
  async (c) =>
    c.json<GoalFunnel>({ goalIds: (await c.get('services').goals.listWithFunnel()).funnel }),
);

/** PUT /funnel {goalIds}: 2 to 5 goals in order, or [] for the default funnel. */
export const setGoalFunnel = defineRoute(
  {
    method: 'put',
    path: '/funnel',
    permission: 'publish',
    summary: 'Sets the funnel: 2 to 5 goals in order, or none for the default funnel',
    middleware: [mayChange],
    request: { json: goalFunnelSchema },
    responses: { 200: goalFunnelSchema },
  },
  async (c, { json }) =>
    c.json<GoalFunnel>({
      goalIds: await c.get('services').goals.setFunnel(json.goalIds, actorOf(c)),
    }),
);

/** GET /:id/breakdown?from&to: the goal's conversions, converters and rate per page and source. */
export const getGoalBreakdown = defineRoute(
  {
    method: 'get',
    path: '/:id/breakdown',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: "A goal's conversions, converters and rate per page and per source over days",
    middleware: [sameSiteReads],
    request: { params: idParam, query: goalBreakdownQuerySchema },
    responses: { 200: goalBreakdownSchema },
  },
  async (c, { params, query }) => {
    const answer = await goalBreakdown(c.get('services'), params.id, query);
    if (!answer) throw notFound('Goal');
    c.header('Cache-Control', 'no-store');
    return c.json<GoalBreakdown>(answer);
  },
);

export const goals = mount(new Hono<AppEnv>().use(requirePermission('analytics')), [
  listGoals,
  createGoal,
  getGoalFunnel,
  setGoalFunnel,
  getGoalBreakdown,
  deleteGoal,
]);
