// /api/admin/goals (issue 25, docs/decisions.md "Goals"): the goals the Analytics tab shows
// (an event type, or views of pages matching a path with `*`). Everyone with `analytics`
// reads them; adding and deleting them, which changes what the team's dashboard says, takes
// `publish` (admins and publishers).
import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { handlerPermission, requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, params, requireJson } from '../../lib/validate.ts';
import { createGoalSchema, type Goal } from '../../shared/analytics.ts';

const { createHandlers } = createFactory<AppEnv>();
const idParam = params(z.object({ id: z.uuid() }));
const mayChange = handlerPermission('publish');
const actorOf = (c: Context<AppEnv>) => ({
  email: c.get('admin')!.email,
  ip: c.get('services').clientIp(c),
});

const list = createHandlers(async (c) =>
  c.json<{ goals: Goal[] }>({ goals: await c.get('services').goals.list() }),
);

const create = createHandlers(mayChange, requireJson, jsonBody(createGoalSchema), async (c) =>
  c.json<Goal>(await c.get('services').goals.create(c.req.valid('json'), actorOf(c)), 201),
);

const remove = createHandlers(mayChange, idParam, async (c) => {
  await c.get('services').goals.delete(c.req.valid('param').id, actorOf(c));
  return c.body(null, 204);
});

export const goals = new Hono<AppEnv>()
  .use(requirePermission('analytics'))
  .get('/', ...list)
  .post('/', ...create)
  .delete('/:id', ...remove);
