// /api/admin/experiments (issue 24, docs/decisions/0150-experiment-model.md): A/B tests of a live
// landing page. Everyone signed in reads them and their results (every role has
// `analytics`); editors create drafts and edit variants (`edit`); reviewers approve
// variants with an e-signature (`review`); publishers and admins start, pause, end and
// promote (`publish`). Starting, pausing and ending ask for a rebuild: the build prerenders
// the running experiments' variants and writes the edge's assignment map
// (functions/server/experiment-map.ts).
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { handlerPermission, requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { pageIdSchema } from '../../shared/slug.ts';
import { translationId } from '../../shared/translation-ids.ts';
import {
  CONTROL_ID,
  createExperimentSchema,
  experimentDetailSchema,
  experimentIdSchema,
  experimentListSchema,
  experimentResultsSchema,
  promoteSchema,
  promotedExperimentSchema,
  updateExperimentSchema,
  updateVariantSchema,
  approveVariantSchema,
  variantIdSchema,
  type ExperimentDetail,
  type ExperimentList,
  type ExperimentResults,
  type PromotedExperiment,
} from '../../shared/experiments.ts';
import { analyse } from '../../shared/stats/verdict.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import { addDays } from '../../shared/days.ts';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import { utcDay } from '../../data/salts.ts';
import { confirmSigner } from '../support/identity.ts';
import { requestRebuild } from '../support/changes.ts';
import { assertFormsExist } from '../support/form-references.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const idParam = z.object({ id: experimentIdSchema });
const variantParam = z.object({ id: experimentIdSchema, variantId: variantIdSchema });
const listQuery = z.object({ pageId: pageIdSchema.optional() });
const editor = handlerPermission('edit');
const publisher = handlerPermission('publish');

const DAY_MS = 86_400_000;

async function pageOf(c: Context<AppEnv>, id: string): Promise<LandingPage> {
  const page = await c.get('services').pages.getById(id);
  if (!page) throw notFound('Landing page');
  return page;
}

/**
 * The page a new experiment runs on: the landing page, or its version in `locale` (issue 39,
 * docs/decisions/0576-experiments-per-locale.md), which must be one of the site's locales and
 * exist; like the page's own, it must be live when the experiment starts.
 */
async function targetOf(
  c: Context<AppEnv>,
  pageId: string,
  locale: string | undefined,
): Promise<LandingPage> {
  const page = await pageOf(c, pageId);
  if (locale === undefined) return page;
  const { locales } = await c.get('services').workflow.settings();
  if (!locales.includes(locale)) {
    const message = `${locale} is not one of the site's locales (${locales.join(', ')}): an administrator adds it in Settings first`;
    throw new ApiError(400, 'validation_failed', `Invalid request: locale ${message}`, {
      locale: [message],
    });
  }
  const version = await c.get('services').pages.getById(translationId(pageId, locale));
  if (!version) {
    const message = `names a locale the page has no version in: translate and publish its ${locale} version first`;
    throw new ApiError(
      409,
      'conflict',
      `The page "${page.title}" has no ${locale} version: translate and publish it first, an experiment compares variants of a live page`,
      { locale: [message] },
    );
  }
  return version;
}

const approvalsRequired = async (c: Context<AppEnv>) =>
  (await c.get('services').workflow.settings()).approvalsRequired;

async function detailOf(c: Context<AppEnv>, id: string): Promise<ExperimentDetail> {
  const { experiments } = c.get('services');
  const page = await pageOf(c, await experiments.pageIdOf(id));
  return experiments.get(id, page.content, await approvalsRequired(c));
}

export const listExperiments = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: 'The experiments of one page, or of every page',
    request: { query: listQuery },
    responses: { 200: experimentListSchema },
  },
  async (c, { query }) => {
    const experiments = await c
      .get('services')
      .experiments.list(query.pageId, await approvalsRequired(c));
    return c.json<ExperimentList>({ experiments });
  },
);

export const getExperiment = defineRoute(
  {
    method: 'get',
    path: '/:id',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: "One experiment with every variant's content and approvals",
    request: { params: idParam },
    responses: { 200: experimentDetailSchema },
  },
  async (c, { params }) => c.json<ExperimentDetail>(await detailOf(c, params.id)),
);

export const createExperiment = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'edit',
    summary:
      'A draft experiment of a landing page (or of its version in one locale): its goal, its variants and their shares',
    middleware: [editor],
    request: { json: createExperimentSchema },
    responses: { 201: experimentDetailSchema },
  },
  async (c, { json: body }) => {
    const page = await targetOf(c, body.pageId, body.locale);
    for (const [index, variant] of body.variants.entries()) {
      await assertFormsExist(c, variant.content, ['variants', index, 'content']);
    }
    const item = await c.get('services').experiments.create(page, body, actorOf(c));
    const detail = await detailOf(c, item.id);
    return c.json<ExperimentDetail>(detail, 201);
  },
);

export const updateExperiment = defineRoute(
  {
    method: 'patch',
    path: '/:id',
    permission: 'edit',
    summary: "A draft's settings and its variants' names and shares",
    middleware: [editor],
    request: { params: idParam, json: updateExperimentSchema },
    responses: { 200: experimentDetailSchema },
  },
  async (c, { params: { id }, json }) => {
    await c.get('services').experiments.update(id, json, actorOf(c));
    return c.json<ExperimentDetail>(await detailOf(c, id));
  },
);

export const deleteExperiment = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'edit',
    summary: 'Deletes a draft experiment',
    middleware: [editor],
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params }) => {
    await c.get('services').experiments.deleteDraft(params.id, actorOf(c));
    return c.body(null, 204);
  },
);

export const putVariant = defineRoute(
  {
    method: 'put',
    path: '/:id/variants/:variantId',
    permission: 'edit',
    summary: "A variant's content (not the control's; a draft only)",
    middleware: [editor],
    request: { params: variantParam, json: updateVariantSchema },
    responses: { 200: experimentDetailSchema },
  },
  async (c, { params: { id, variantId }, json: { content, revision } }) => {
    await assertFormsExist(c, content);
    await c.get('services').experiments.putVariant(id, variantId, content, revision, actorOf(c));
    return c.json<ExperimentDetail>(await detailOf(c, id));
  },
);

/** An approval is an electronic signature: the password again, and a code when enrolled. */
export const approveVariant = defineRoute(
  {
    method: 'post',
    path: '/:id/variants/:variantId/approve',
    permission: 'review',
    summary: "A reviewer's electronic signature of a variant's content",
    middleware: [handlerPermission('review')],
    request: { params: variantParam, json: approveVariantSchema },
    responses: { 201: experimentDetailSchema },
  },
  async (c, { params: { id, variantId }, json }) => {
    await confirmSigner(c, json, (signer) =>
      c
        .get('services')
        .experiments.signVariant(id, variantId, signer, json.meaning, json.comment, actorOf(c)),
    );
    return c.json<ExperimentDetail>(await detailOf(c, id), 201);
  },
);

/** Start (or resume), pause, or end: each asks for a rebuild of the page's variants. */
const lifecycle = (action: 'start' | 'pause' | 'stop', summary: string) =>
  defineRoute(
    {
      method: 'post',
      path: `/:id/${action}`,
      permission: 'publish',
      summary,
      middleware: [publisher],
      request: { params: idParam },
      responses: { 200: experimentDetailSchema },
    },
    async (c, { params: { id } }) => {
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
    },
  );

export const startExperiment = lifecycle(
  'start',
  'Starts (or resumes) an experiment; the site is rebuilt with its variants',
);
export const pauseExperiment = lifecycle(
  'pause',
  'Pauses a running experiment; the site is rebuilt',
);
export const stopExperiment = lifecycle('stop', 'Ends an experiment; the site is rebuilt');

/**
 * The variant's content becomes the page's working copy and the experiment ends; with no
 * approvals required the copy is published at once, else it waits in review like any edit.
 */
export const promoteVariant = defineRoute(
  {
    method: 'post',
    path: '/:id/promote',
    permission: 'publish',
    summary:
      "Ends the experiment with a variant as the page's working copy, published when no approvals are required",
    middleware: [publisher],
    request: { params: idParam, json: promoteSchema },
    responses: { 200: promotedExperimentSchema },
  },
  async (c, { params: { id }, json: { variantId } }) => {
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
    // The page it ran on: a localized experiment's is its locale's version.
    const page = await pageOf(c, await experiments.pageIdOf(id));
    const actor = actorOf(c);
    if (variantId !== CONTROL_ID) {
      const copy = await workflow.workingCopy(page.id);
      const input = {
        title: copy?.title ?? page.title,
        slug: copy?.slug ?? page.slug,
        content: variant.content,
      };
      const revision = copy?.revision ?? page.revision;
      // A version's copy keeps the source texts its live version was translated from.
      const base =
        before.locale !== DEFAULT_LOCALE ? await workflow.sourceBase(page.id, 'live') : undefined;
      if (base) await workflow.saveTranslation(page, input, revision, actor, base);
      else await workflow.saveDraft(page, input, revision, actor);
    }
    await experiments.stop(id, actor, { variantId, name: variant.name });
    let published = false;
    if (variantId !== CONTROL_ID && (await approvalsRequired(c)) === 0) {
      await workflow.publish(await pageOf(c, page.id), actor);
      published = true;
    }
    await requestRebuild(c, 'experiment-promote', page);
    return c.json<PromotedExperiment>({
      ...(await detailOf(c, id)),
      published,
    });
  },
);

/** Whole days between two instants. */
const wholeDays = (from: string, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / DAY_MS));

export const experimentResults = defineRoute(
  {
    method: 'get',
    path: '/:id/results',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: "An experiment's figures per variant and per day, and the verdict",
    request: { params: idParam },
    responses: { 200: experimentResultsSchema },
  },
  async (c, { params: { id } }) => {
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
  },
);

export const experiments = mount(new Hono<AppEnv>().use(requirePermission('analytics')), [
  listExperiments,
  createExperiment,
  getExperiment,
  updateExperiment,
  deleteExperiment,
  experimentResults,
  putVariant,
  approveVariant,
  startExperiment,
  pauseExperiment,
  stopExperiment,
  promoteVariant,
]);
