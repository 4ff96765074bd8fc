// /api/admin/experiments (issue 24, docs/decisions/0150-experiment-model.md): A/B tests of a live
// landing page. Everyone signed in reads them and their results (every role has
// `analytics`); editors create drafts and edit variants (`edit`); reviewers approve
// variants with an e-signature (`review`); publishers and admins start, pause, end and
// promote (`publish`). Starting, pausing and ending ask for a rebuild: the build prerenders
// the running experiments' variants and writes the edge's assignment map
// (functions/server/experiment-map.ts).
import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { handlerPermission, requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { jsonBody, params, query, requireJson } from '../../lib/validate.ts';
import { pageIdSchema } from '../../shared/slug.ts';
import {
  CONTROL_ID,
  createExperimentSchema,
  experimentIdSchema,
  promoteSchema,
  updateExperimentSchema,
  updateVariantSchema,
  approveVariantSchema,
  variantIdSchema,
  type Experiment,
  type ExperimentDetail,
  type ExperimentResults,
} from '../../shared/experiments.ts';
import { analyse } from '../../shared/stats/verdict.ts';
import { addDays } from '../../shared/days.ts';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import { utcDay } from '../../data/salts.ts';
import { confirmIdentity } from '../support/identity.ts';
import { requestRebuild } from '../support/changes.ts';
import { assertFormsExist } from '../support/form-references.ts';
import { actorOf } from '../support/actor.ts';

const { createHandlers } = createFactory<AppEnv>();
const idParam = params(z.object({ id: experimentIdSchema }));
const variantParam = params(z.object({ id: experimentIdSchema, variantId: variantIdSchema }));
const listQuery = query(z.object({ pageId: pageIdSchema.optional() }));

const DAY_MS = 86_400_000;

async function pageOf(c: Context<AppEnv>, id: string): Promise<LandingPage> {
  const page = await c.get('services').pages.getById(id);
  if (!page) throw notFound('Landing page');
  return page;
}

const approvalsRequired = async (c: Context<AppEnv>) =>
  (await c.get('services').workflow.settings()).approvalsRequired;

async function detailOf(c: Context<AppEnv>, id: string): Promise<ExperimentDetail> {
  const { experiments } = c.get('services');
  const page = await pageOf(c, await experiments.pageIdOf(id));
  return experiments.get(id, page.content, await approvalsRequired(c));
}

const list = createHandlers(listQuery, async (c) => {
  const experiments = await c
    .get('services')
    .experiments.list(c.req.valid('query').pageId, await approvalsRequired(c));
  return c.json<{ experiments: Experiment[] }>({ experiments });
});

const getOne = createHandlers(idParam, async (c) =>
  c.json<ExperimentDetail>(await detailOf(c, c.req.valid('param').id)),
);

const create = createHandlers(
  handlerPermission('edit'),
  requireJson,
  jsonBody(createExperimentSchema),
  async (c) => {
    const body = c.req.valid('json');
    const page = await pageOf(c, body.pageId);
    for (const [index, variant] of body.variants.entries()) {
      await assertFormsExist(c, variant.content, ['variants', index, 'content']);
    }
    const item = await c.get('services').experiments.create(page, body, actorOf(c));
    const detail = await detailOf(c, item.id);
    return c.json<ExperimentDetail>(detail, 201);
  },
);

const update = createHandlers(
  handlerPermission('edit'),
  idParam,
  requireJson,
  jsonBody(updateExperimentSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    await c.get('services').experiments.update(id, c.req.valid('json'), actorOf(c));
    return c.json<ExperimentDetail>(await detailOf(c, id));
  },
);

const remove = createHandlers(handlerPermission('edit'), idParam, async (c) => {
  await c.get('services').experiments.deleteDraft(c.req.valid('param').id, actorOf(c));
  return c.body(null, 204);
});

const putVariant = createHandlers(
  handlerPermission('edit'),
  variantParam,
  requireJson,
  jsonBody(updateVariantSchema),
  async (c) => {
    const { id, variantId } = c.req.valid('param');
    const { content, revision } = c.req.valid('json');
    await assertFormsExist(c, content);
    await c.get('services').experiments.putVariant(id, variantId, content, revision, actorOf(c));
    return c.json<ExperimentDetail>(await detailOf(c, id));
  },
);

/** An approval is an electronic signature: the password again, and a code when enrolled. */
const approveVariant = createHandlers(
  handlerPermission('review'),
  variantParam,
  requireJson,
  jsonBody(approveVariantSchema),
  async (c) => {
    const { id, variantId } = c.req.valid('param');
    const { password, code, meaning, comment } = c.req.valid('json');
    const signer = await c.get('services').admins.get(c.get('admin')!.email);
    if (signer?.totpSecret && !code) {
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid request: code is required: your account signs in with two-factor codes',
        { code: ['is required: your account signs in with two-factor codes'] },
      );
    }
    const { admin } = await confirmIdentity(c, {
      password: { field: 'password', value: password },
      ...(signer?.totpSecret && code ? { code: { field: 'code', value: code } } : {}),
    });
    await c
      .get('services')
      .experiments.signVariant(
        id,
        variantId,
        { email: admin.email, name: admin.name ?? admin.email },
        meaning,
        comment,
        actorOf(c),
      );
    return c.json<ExperimentDetail>(await detailOf(c, id), 201);
  },
);

/** Start (or resume), pause, or end: each asks for a rebuild of the page's variants. */
const lifecycle = (action: 'start' | 'pause' | 'stop') =>
  createHandlers(handlerPermission('publish'), idParam, async (c) => {
    const { id } = c.req.valid('param');
    const { experiments } = c.get('services');
    const page = await pageOf(c, await experiments.pageIdOf(id));
    if (action === 'start') {
      await experiments.start(id, page, await approvalsRequired(c), actorOf(c));
    } else if (action === 'pause') {
      await experiments.pause(id, actorOf(c));
    } else {
      await experiments.stop(id, actorOf(c));
    }
    await requestRebuild(c, `experiment-${action}`, page);
    return c.json<ExperimentDetail>(await detailOf(c, id));
  });

/**
 * The variant's content becomes the page's working copy and the experiment ends; with no
 * approvals required the copy is published at once, else it waits in review like any edit.
 */
const promote = createHandlers(
  handlerPermission('publish'),
  idParam,
  requireJson,
  jsonBody(promoteSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { variantId } = c.req.valid('json');
    const { experiments, workflow } = c.get('services');
    const before = await detailOf(c, id);
    const variant = before.variants.find((v) => v.id === variantId);
    if (!variant) throw notFound('Variant');
    if (before.status === 'draft') {
      throw new ApiError(
        409,
        'conflict',
        'A draft has not run: start it before promoting a variant',
      );
    }
    if (before.promotedVariantId) {
      throw new ApiError(409, 'conflict', 'A variant of this experiment was promoted already');
    }
    const page = await pageOf(c, before.pageId);
    const actor = actorOf(c);
    if (variantId !== CONTROL_ID) {
      const copy = await workflow.workingCopy(page.id);
      await workflow.saveDraft(
        page,
        {
          title: copy?.title ?? page.title,
          slug: copy?.slug ?? page.slug,
          content: variant.content,
        },
        copy?.revision ?? page.revision,
        actor,
      );
    }
    await experiments.stop(id, actor, { variantId, name: variant.name });
    let published = false;
    if (variantId !== CONTROL_ID && (await approvalsRequired(c)) === 0) {
      await workflow.publish(await pageOf(c, page.id), actor);
      published = true;
    }
    await requestRebuild(c, 'experiment-promote', page);
    return c.json<ExperimentDetail & { published: boolean }>({
      ...(await detailOf(c, id)),
      published,
    });
  },
);

/** Whole days between two instants. */
const wholeDays = (from: string, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / DAY_MS));

const results = createHandlers(idParam, async (c) => {
  const { id } = c.req.valid('param');
  const { experiments, now } = c.get('services');
  const experiment = await detailOf(c, id);
  const end = experiment.stoppedAt
    ? new Date(experiment.stoppedAt)
    : experiment.status === 'paused' && experiment.pausedAt
      ? new Date(experiment.pausedAt)
      : now();
  const counters = await experiments.counters(id);
  const totals = new Map(experiment.variants.map((v) => [v.id, { visitors: 0, conversions: 0 }]));
  const daily: ExperimentResults['daily'] = [];
  if (experiment.startedAt) {
    const byDay = new Map(counters.map((entry) => [entry.day, entry]));
    const last = utcDay(end);
    for (let day = utcDay(new Date(experiment.startedAt)); day <= last; day = addDays(day, 1)) {
      const entry = byDay.get(day);
      for (const [variantId, sum] of totals) {
        const counts = entry?.variants.get(variantId);
        if (counts) {
          sum.visitors += counts.visitors;
          sum.conversions += counts.conversions;
        }
      }
      daily.push({
        day,
        variants: [...totals].map(([variantId, sum]) => ({ id: variantId, ...sum })),
      });
    }
  }
  const analysis = analyse({
    variants: experiment.variants.map((v) => ({
      id: v.id,
      name: v.name,
      weight: v.weight,
      ...totals.get(v.id)!,
    })),
    daysRunning: experiment.startedAt ? wholeDays(experiment.startedAt, end) : 0,
    minDays: experiment.minDays,
    minVisitors: experiment.minVisitors,
  });
  return c.json<ExperimentResults>({
    status: experiment.status,
    startedAt: experiment.startedAt ?? null,
    daysRunning: experiment.startedAt ? wholeDays(experiment.startedAt, end) : 0,
    goal: experiment.goal,
    ...analysis,
    daily,
  });
});

export const experiments = new Hono<AppEnv>()
  .use(requirePermission('analytics'))
  .get('/', ...list)
  .post('/', ...create)
  .get('/:id', ...getOne)
  .patch('/:id', ...update)
  .delete('/:id', ...remove)
  .get('/:id/results', ...results)
  .put('/:id/variants/:variantId', ...putVariant)
  .post('/:id/variants/:variantId/approve', ...approveVariant)
  .post('/:id/start', ...lifecycle('start'))
  .post('/:id/pause', ...lifecycle('pause'))
  .post('/:id/stop', ...lifecycle('stop'))
  .post('/:id/promote', ...promote);
