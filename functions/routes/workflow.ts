// Governed publishing (issue 23, docs/decisions/0132-working-copy.md): the working copy
// of a page and its way to the live site, under /api/landing-pages/:id/... . Each handler
// checks the role's permission (functions/shared/roles.ts) before it reads the body; the
// workflow's refusals are domain errors of functions/data/workflow/errors.ts.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { WorkflowRepository } from '../data/workflow/repository.ts';
import { requirePermission } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { jsonBody, params, requireJson } from '../lib/validate.ts';
import { pageIdSchema } from '../shared/slug.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';
import {
  approveSchema,
  commentSchema,
  previewLinkRequestSchema,
  publishSchema,
  rejectSchema,
  saveDraftSchema,
  submitSchema,
  unpublishSchema,
} from '../shared/workflow.ts';
import { confirmIdentity } from './support/identity.ts';
import { requestRebuild } from './support/changes.ts';
import { checkCopySlug } from './support/review-gate.ts';
import { addUnpublishRedirect } from '../publishing/unpublish-redirect.ts';
import { assertFormsExist } from './support/form-references.ts';
import { actorOf } from './support/actor.ts';

const idParam = params(z.object({ id: pageIdSchema }));
const linkParam = params(z.object({ id: pageIdSchema, linkId: z.uuid() }));
const actionParam = params(
  z.object({ id: pageIdSchema, action: z.enum(['publish', 'unpublish']) }),
);
const { createHandlers } = createFactory<AppEnv>();

/** A time this close to now, or past, means "now". */
const NOW_SLACK_MS = 5_000;

async function pageOf(c: Context<AppEnv>, id: string): Promise<LandingPage> {
  const page = await c.get('services').pages.getById(id);
  if (!page) throw notFound('Landing page');
  return page;
}

const fieldError = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: ${field} ${problem}`, {
    [field]: [problem],
  });

const saveDraft = createHandlers(idParam, requireJson, jsonBody(saveDraftSchema), async (c) => {
  const page = await pageOf(c, c.req.valid('param').id);
  const { title, slug, content, seo, revision } = c.req.valid('json');
  await checkCopySlug(c, page, slug);
  await assertFormsExist(c, content);
  const copy = await c
    .get('services')
    .workflow.saveDraft(
      page,
      { title, slug, content: seo ? { ...content, seo } : content },
      revision,
      actorOf(c),
    );
  return c.json(copy);
});

const discardDraft = createHandlers(idParam, async (c) => {
  const page = await pageOf(c, c.req.valid('param').id);
  await c.get('services').workflow.discard(page, actorOf(c));
  return c.body(null, 204);
});

const submit = createHandlers(idParam, requireJson, jsonBody(submitSchema), async (c) => {
  const page = await pageOf(c, c.req.valid('param').id);
  const copy = await c.get('services').workflow.submit(page, c.req.valid('json').note, actorOf(c));
  return c.json(copy);
});

/** An approval is an electronic signature: the password again, and a code when enrolled. */
const approve = createHandlers(idParam, requireJson, jsonBody(approveSchema), async (c) => {
  const page = await pageOf(c, c.req.valid('param').id);
  const { password, code, meaning, comment } = c.req.valid('json');
  const signer = await c.get('services').admins.get(c.get('admin')!.email);
  if (signer?.totpSecret && !code) {
    throw fieldError('code', 'is required: your account signs in with two-factor codes');
  }
  const { admin } = await confirmIdentity(c, {
    password: { field: 'password', value: password },
    ...(signer?.totpSecret && code ? { code: { field: 'code', value: code } } : {}),
  });
  const signature = await c
    .get('services')
    .workflow.sign(
      page,
      { email: admin.email, name: admin.name ?? admin.email },
      meaning,
      comment,
      actorOf(c),
    );
  return c.json(signature, 201);
});

const reject = createHandlers(idParam, requireJson, jsonBody(rejectSchema), async (c) => {
  const page = await pageOf(c, c.req.valid('param').id);
  const copy = await c
    .get('services')
    .workflow.reject(page, c.req.valid('json').comment, actorOf(c));
  return c.json(copy);
});

/** `at` in the future schedules; only content that could be published now is scheduled. */
const publish = createHandlers(idParam, requireJson, jsonBody(publishSchema), async (c) => {
  const services = c.get('services');
  const page = await pageOf(c, c.req.valid('param').id);
  const { at } = c.req.valid('json');
  const when = at ? new Date(at) : undefined;
  if (when && when.getTime() > services.now().getTime() + NOW_SLACK_MS) {
    const [copy, settings] = await Promise.all([
      services.workflow.workingCopy(page.id),
      services.workflow.settings(),
    ]);
    if (!copy && page.isActive) {
      throw new ApiError(
        409,
        'conflict',
        'There is nothing to publish: visitors already get the live version',
      );
    }
    const approvals = copy
      ? WorkflowRepository.approvalsOf(await services.workflow.signatures(page.id, copy))
      : 0;
    if (approvals < settings.approvalsRequired) {
      throw new ApiError(
        409,
        'conflict',
        `Only approved content can be scheduled: ${settings.approvalsRequired - approvals} more approval${
          settings.approvalsRequired - approvals === 1 ? ' is' : 's are'
        } needed`,
        {
          approvals: [
            `${approvals} of ${settings.approvalsRequired} approvals of the current content`,
          ],
        },
      );
    }
    const entry = await services.workflow.schedule(
      page,
      {
        action: 'publish',
        at: when.toISOString(),
        by: actorOf(c).email,
        ...(copy ? { contentHash: copy.contentHash } : {}),
      },
      actorOf(c),
    );
    return c.json(entry, 202);
  }
  const published = await services.workflow.publish(page, actorOf(c));
  await requestRebuild(c, 'publish', published);
  return c.json(published);
});

const unpublish = createHandlers(idParam, requireJson, jsonBody(unpublishSchema), async (c) => {
  const services = c.get('services');
  const page = await pageOf(c, c.req.valid('param').id);
  const { at, redirectTo } = c.req.valid('json');
  if (page.slug === DEFAULT_SLUG) {
    throw new ApiError(409, 'conflict', 'The default page renders the home page and stays live');
  }
  if (!page.isActive) throw new ApiError(409, 'conflict', 'The page is not live');
  const when = at ? new Date(at) : undefined;
  if (when && when.getTime() > services.now().getTime() + NOW_SLACK_MS) {
    const entry = await services.workflow.schedule(
      page,
      {
        action: 'unpublish',
        at: when.toISOString(),
        by: actorOf(c).email,
        ...(redirectTo ? { redirectTo } : {}),
      },
      actorOf(c),
    );
    return c.json(entry, 202);
  }
  const down = await services.workflow.unpublish(page, actorOf(c));
  await afterUnpublish(c, down, redirectTo);
  return c.json(down);
});

/** What follows taking a page down: its redirect, if one was asked for, and a rebuild. */
export async function afterUnpublish(
  c: Context<AppEnv>,
  page: LandingPage,
  redirectTo: string | undefined,
): Promise<void> {
  if (redirectTo) await addUnpublishRedirect(c.get('services'), page, redirectTo, actorOf(c));
  await requestRebuild(c, 'unpublish', page);
}

const cancelSchedule = createHandlers(actionParam, async (c) => {
  const { id, action } = c.req.valid('param');
  const page = await pageOf(c, id);
  await c.get('services').workflow.cancelSchedule(page, action, actorOf(c));
  return c.body(null, 204);
});

/** Comments: whoever works on the page (edit) or reviews it. */
const addComment = createHandlers(idParam, requireJson, jsonBody(commentSchema), async (c) => {
  const page = await pageOf(c, c.req.valid('param').id);
  const entry = await c
    .get('services')
    .workflow.addComment(page, c.req.valid('json').body, actorOf(c));
  return c.json(entry, 201);
});

const createPreviewLink = createHandlers(
  idParam,
  requireJson,
  jsonBody(previewLinkRequestSchema),
  async (c) => {
    const services = c.get('services');
    const page = await pageOf(c, c.req.valid('param').id);
    const { token, ...link } = await services.workflow.createPreviewLink(
      page,
      c.req.valid('json').days,
      actorOf(c),
    );
    const url = new URL(`/preview#${token}`, services.config.siteUrl).toString();
    return c.json({ ...link, url }, 201);
  },
);

const revokePreviewLink = createHandlers(linkParam, async (c) => {
  const { id, linkId } = c.req.valid('param');
  const page = await pageOf(c, id);
  await c.get('services').workflow.revokePreviewLink(page, linkId, actorOf(c));
  return c.body(null, 204);
});

const editing = requirePermission('edit');
const reviewing = requirePermission('review');
const publishing = requirePermission('publish');

/** Mounted at /landing-pages beside the page CRUD (landing-pages.ts). */
export const workflowRoutes = new Hono<AppEnv>()
  .put('/:id/draft', editing, ...saveDraft)
  .delete('/:id/draft', editing, ...discardDraft)
  .post('/:id/submit', editing, ...submit)
  .post('/:id/approve', reviewing, ...approve)
  .post('/:id/reject', reviewing, ...reject)
  .post('/:id/publish', publishing, ...publish)
  .post('/:id/unpublish', publishing, ...unpublish)
  .delete('/:id/schedule/:action', publishing, ...cancelSchedule)
  .post('/:id/comments', requirePermission(['edit', 'review']), ...addComment)
  .post('/:id/preview-links', editing, ...createPreviewLink)
  .delete('/:id/preview-links/:linkId', editing, ...revokePreviewLink);
