// Governed publishing (issue 23, docs/decisions/0132-working-copy.md): the working copy
// of a page and its way to the live site, under /api/landing-pages/:id/... . Each route
// checks the role's permission (functions/shared/roles.ts) before it reads the body; the
// workflow's refusals are domain errors of functions/data/workflow/errors.ts.
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { requireAdmin, requirePermission } from '../lib/auth.ts';
import { checksResult } from '../data/workflow/checks.ts';
import { pageChecksSchema } from '../shared/page-checks.ts';
import type { AppEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import { landingPageSchema } from '../shared/api/pages.ts';
import { pageIdSchema } from '../shared/slug.ts';
import {
  approveSchema,
  commentEntrySchema,
  commentSchema,
  createdPreviewLinkSchema,
  previewLinkRequestSchema,
  publishSchema,
  rejectSchema,
  saveDraftSchema,
  scheduleEntrySchema,
  signatureSchema,
  submitSchema,
  unpublishSchema,
  workingCopySchema,
  type CreatedPreviewLink,
} from '../shared/workflow.ts';
import { confirmSigner } from './support/identity.ts';
import { checkCopySlug } from './support/review-gate.ts';
import { assertFormsExist } from './support/form-references.ts';
import { actorOf } from './support/actor.ts';
import { defineRoute, mount } from './support/define-route.ts';
import { publishOrSchedule, unpublishOrSchedule } from './support/publishing.ts';
import { notifyMentions, resolveMentions } from '../mail/comment-mention.ts';

const idParam = z.object({ id: pageIdSchema });
const linkParam = z.object({ id: pageIdSchema, linkId: z.uuid() });
const actionParam = z.object({ id: pageIdSchema, action: z.enum(['publish', 'unpublish']) });

const editing = requirePermission('edit');
const reviewing = requirePermission('review');
const publishing = requirePermission('publish');

async function pageOf(c: Context<AppEnv>, id: string): Promise<LandingPage> {
  const page = await c.get('services').pages.getById(id);
  if (!page) throw notFound('Landing page');
  return page;
}

export const saveDraft = defineRoute(
  {
    method: 'put',
    path: '/:id/draft',
    permission: 'edit',
    scope: 'pages:write',
    summary: "Saves the page's working copy, which visitors do not see",
    middleware: [editing],
    request: { params: idParam, json: saveDraftSchema },
    responses: { 200: workingCopySchema },
  },
  async (c, { params, json }) => {
    const page = await pageOf(c, params.id);
    const { title, slug, content, seo, revision } = json;
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
  },
);

/**
 * The checks before publishing (issue 38, docs/decisions/0564-checks-before-publishing.md) of
 * the working copy, or of the live page while there is none, run now. Any signed-in role.
 */
export const getChecks = defineRoute(
  {
    method: 'get',
    path: '/:id/checks',
    permission: 'session',
    scope: 'pages:read',
    summary: 'The checks before publishing of the working copy (the live page without one)',
    middleware: [requireAdmin],
    request: { params: idParam },
    responses: { 200: pageChecksSchema },
  },
  async (c, { params }) => {
    const { workflow, now } = c.get('services');
    const page = await pageOf(c, params.id);
    const [copy, settings] = await Promise.all([
      workflow.workingCopy(page.id),
      workflow.settings(),
    ]);
    const subject = copy ?? page;
    const checks = await workflow.runChecks(subject, settings);
    return c.json(
      checksResult(
        checks,
        copy ? 'working-copy' : 'live',
        subject.revision,
        now(),
        settings.checksBlockPublishing,
      ),
    );
  },
);

export const discardDraft = defineRoute(
  {
    method: 'delete',
    path: '/:id/draft',
    permission: 'edit',
    scope: 'pages:write',
    summary: "Discards the page's working copy",
    middleware: [editing],
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params }) => {
    const page = await pageOf(c, params.id);
    await c.get('services').workflow.discard(page, actorOf(c));
    return c.body(null, 204);
  },
);

export const submit = defineRoute(
  {
    method: 'post',
    path: '/:id/submit',
    permission: 'edit',
    scope: 'pages:write',
    summary: 'Submits the working copy for review',
    middleware: [editing],
    request: { params: idParam, json: submitSchema },
    responses: { 200: workingCopySchema },
  },
  async (c, { params, json }) => {
    const page = await pageOf(c, params.id);
    const copy = await c.get('services').workflow.submit(page, json.note, actorOf(c));
    return c.json(copy);
  },
);

/** An approval is an electronic signature: the password again, and a code when enrolled. */
export const approve = defineRoute(
  {
    method: 'post',
    path: '/:id/approve',
    permission: 'review',
    summary:
      'Approves the working copy with an electronic signature: the password, and a code when enrolled',
    middleware: [reviewing],
    request: { params: idParam, json: approveSchema },
    responses: { 201: signatureSchema },
  },
  async (c, { params, json }) => {
    const page = await pageOf(c, params.id);
    const signature = await confirmSigner(c, json, (signer) =>
      c.get('services').workflow.sign(page, signer, json.meaning, json.comment, actorOf(c)),
    );
    return c.json(signature, 201);
  },
);

export const reject = defineRoute(
  {
    method: 'post',
    path: '/:id/reject',
    permission: 'review',
    summary: 'Rejects the working copy with a comment, back to draft',
    middleware: [reviewing],
    request: { params: idParam, json: rejectSchema },
    responses: { 200: workingCopySchema },
  },
  async (c, { params, json }) => {
    const page = await pageOf(c, params.id);
    const copy = await c.get('services').workflow.reject(page, json.comment, actorOf(c));
    return c.json(copy);
  },
);

/** `at` in the future schedules; only content that could be published now is scheduled. */
export const publish = defineRoute(
  {
    method: 'post',
    path: '/:id/publish',
    permission: 'publish',
    summary: 'Publishes the working copy now, or schedules it (202) for a time to come',
    middleware: [publishing],
    request: { params: idParam, json: publishSchema },
    responses: { 200: landingPageSchema, 202: scheduleEntrySchema },
  },
  async (c, { params, json }) => publishOrSchedule(c, await pageOf(c, params.id), json),
);

export const unpublish = defineRoute(
  {
    method: 'post',
    path: '/:id/unpublish',
    permission: 'publish',
    summary: 'Takes the page off the site now, or schedules it (202), with an optional redirect',
    middleware: [publishing],
    request: { params: idParam, json: unpublishSchema },
    responses: { 200: landingPageSchema, 202: scheduleEntrySchema },
  },
  async (c, { params, json }) => unpublishOrSchedule(c, await pageOf(c, params.id), json),
);

export const cancelSchedule = defineRoute(
  {
    method: 'delete',
    path: '/:id/schedule/:action',
    permission: 'publish',
    summary: "Cancels the page's scheduled publish or unpublish",
    middleware: [publishing],
    request: { params: actionParam },
    responses: { 204: null },
  },
  async (c, { params: { id, action } }) => {
    const page = await pageOf(c, id);
    await c.get('services').workflow.cancelSchedule(page, action, actorOf(c));
    return c.body(null, 204);
  },
);

/** Comments: whoever works on the page (edit) or reviews it. */
const commenting = requirePermission(['edit', 'review']);
const commentParam = z.object({ id: pageIdSchema, commentId: z.string().min(1).max(100) });

/**
 * A comment, a block's new thread or a reply (docs/decisions/0527-annotations.md); each
 * account its `@name`s name gets an e-mail once the comment is stored.
 */
export const addComment = defineRoute(
  {
    method: 'post',
    path: '/:id/comments',
    permission: ['edit', 'review'],
    summary: "Adds a comment to the page's review: anchored to a block, or a reply to a thread",
    middleware: [commenting],
    request: { params: idParam, json: commentSchema },
    responses: { 201: commentEntrySchema },
  },
  async (c, { params, json }) => {
    const services = c.get('services');
    const page = await pageOf(c, params.id);
    const actor = actorOf(c);
    const text = (json.text ?? json.body)!;
    const mentioned = await resolveMentions(services, text, actor.email);
    const entry = await services.workflow.addComment(
      page,
      { text, anchor: json.anchor, replyTo: json.replyTo, ...mentioned },
      actor,
    );
    await notifyMentions(services, page, entry);
    return c.json(entry, 201);
  },
);

const resolution = (resolved: boolean) =>
  defineRoute(
    {
      method: 'post',
      path: `/:id/comments/:commentId/${resolved ? 'resolve' : 'reopen'}`,
      permission: ['edit', 'review'],
      summary: resolved
        ? 'Resolves a comment thread by its first comment (folded in the Review tab)'
        : 'Reopens a resolved comment thread',
      middleware: [commenting],
      request: { params: commentParam },
      responses: { 200: commentEntrySchema },
    },
    async (c, { params }) => {
      const page = await pageOf(c, params.id);
      const entry = await c
        .get('services')
        .workflow.setResolved(page, params.commentId, resolved, actorOf(c));
      return c.json(entry);
    },
  );
export const resolveComment = resolution(true);
export const reopenComment = resolution(false);

export const createPreviewLink = defineRoute(
  {
    method: 'post',
    path: '/:id/preview-links',
    permission: 'edit',
    summary: 'A link that shows the working copy to someone without an account, for some days',
    middleware: [editing],
    request: { params: idParam, json: previewLinkRequestSchema },
    responses: { 201: createdPreviewLinkSchema },
  },
  async (c, { params, json }) => {
    const services = c.get('services');
    const page = await pageOf(c, params.id);
    const { token, ...link } = await services.workflow.createPreviewLink(
      page,
      json.days,
      actorOf(c),
    );
    const url = new URL(`/preview#${token}`, services.config.siteUrl).toString();
    return c.json<CreatedPreviewLink>({ ...link, url }, 201);
  },
);

export const revokePreviewLink = defineRoute(
  {
    method: 'delete',
    path: '/:id/preview-links/:linkId',
    permission: 'edit',
    summary: 'Revokes a preview link',
    middleware: [editing],
    request: { params: linkParam },
    responses: { 204: null },
  },
  async (c, { params: { id, linkId } }) => {
    const page = await pageOf(c, id);
    await c.get('services').workflow.revokePreviewLink(page, linkId, actorOf(c));
    return c.body(null, 204);
  },
);

/** Mounted at /landing-pages beside the page CRUD (landing-pages.ts). */
export const workflowRoutes = mount(new Hono<AppEnv>(), [
  saveDraft,
  getChecks,
  discardDraft,
  submit,
  approve,
  reject,
  publish,
  unpublish,
  cancelSchedule,
  addComment,
  resolveComment,
  reopenComment,
  createPreviewLink,
  revokePreviewLink,
]);
