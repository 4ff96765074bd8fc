// /api/admin/goals (issue 25, docs/decisions/0159-goals.md and
// docs/decisions/0160-goal-breakdowns-and-funnels.md): the goals the Analytics tab shows (an event
// type, possibly about one form or one gated file, or views of pages matching a path with `*`), one goal's figures per page and per source,
// and the funnel built from goals. Everyone with `analytics` reads them; adding and deleting goals
// and setting the funnel, which change what the team's dashboard says, take `publish` (admins and
// publishers).
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { goalBreakdown } from '../../data/analytics/goal-breakdown.ts';
import { handlerPermission, requirePermission, sameSiteReads } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { InvalidError } from '../../core/domain-errors.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonBody, params, query, requireJson } from '../../lib/validate.ts';
import {
  createGoalSchema,
  goalBreakdownQuerySchema,
  goalFunnelSchema,
  type Goal,
  type GoalBreakdown,
  type GoalFunnel,
} from '../../shared/analytics.ts';
import { actorOf } from '../support/actor.ts';

const { createHandlers } = createFactory<AppEnv>();
const idParam = params(z.object({ id: z.uuid() }));
const mayChange = handlerPermission('publish');
const list = createHandlers(async (c) =>
  c.json<{ goals: Goal[] }>({ goals: await c.get('services').goals.list() }),
);

/**
 * POST /: a goal. A form goal's form and a file goal's file must exist; the goal keeps the
 * form's title or the file's name beside it (docs/decisions/0412-form-and-file-goals.md).
 */
const create = createHandlers(mayChange, requireJson, jsonBody(createGoalSchema), async (c) => {
  const services = c.get('services');
  const body = c.req.valid('json');
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
});

const remove = createHandlers(mayChange, idParam, async (c) => {
  await c.get('services').goals.delete(c.req.valid('param').id, actorOf(c));
  return c.body(null, 204);
});

/** GET /funnel: the funnel's goal ids in order; [] while the default funnel is shown. */
const funnel = createHandlers(async (c) =>
  c.json<GoalFunnel>({ goalIds: (await c.get('services').goals.listWithFunnel()).funnel }),
);

/** PUT /funnel {goalIds}: 2 to 5 goals in order, or [] for the default funnel. */
const setFunnel = createHandlers(mayChange, requireJson, jsonBody(goalFunnelSchema), async (c) =>
  c.json<GoalFunnel>({
    goalIds: await c.get('services').goals.setFunnel(c.req.valid('json').goalIds, actorOf(c)),
  }),
);

/** GET /:id/breakdown?from&to: the goal's conversions, converters and rate per page and source. */
const breakdown = createHandlers(
  sameSiteReads,
  idParam,
  query(goalBreakdownQuerySchema),
  async (c) => {
    const answer = await goalBreakdown(
      c.get('services'),
      c.req.valid('param').id,
      c.req.valid('query'),
    );
    if (!answer) throw notFound('Goal');
    c.header('Cache-Control', 'no-store');
    return c.json<GoalBreakdown>(answer);
  },
);

export const goals = new Hono<AppEnv>()
  .use(requirePermission('analytics'))
  .get('/', ...list)
  .post('/', ...create)
  .get('/funnel', ...funnel)
  .put('/funnel', ...setFunnel)
  .get('/:id/breakdown', ...breakdown)
  .delete('/:id', ...remove);
