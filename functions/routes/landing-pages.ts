// /api/landing-pages (docs/requirements.md §7), the administrators' part: everything here needs a
// session, and changes a role with edit (and publish for a live page; functions/shared/roles.ts). The public GET by slug is landing-page-by-slug.ts, its own module so the
// public Lambda function does not carry these routes. Each change writes its audit entry in
// its own transaction and then asks for a site rebuild (support/changes.ts).
import { Hono } from 'hono';
import * as z from 'zod';
import {
  createPageSchema,
  landingPageSchema,
  pageListSchema,
  updatePageSchema,
} from '../shared/api/pages.ts';
import { placeholderContent } from '../shared/landing-content.ts';
import { pageIdSchema } from '../shared/slug.ts';
import { landingTemplate } from '../shared/template.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { AppEnv } from '../lib/context.ts';
import { assertPermission, requireAdmin, requirePermission } from '../lib/auth.ts';
import {
  assertMayChange,
  changesPublicSite,
  describeUpdate,
  pageChange,
  requestRebuild,
} from './support/changes.ts';
import { templateContent } from './support/templates.ts';
import { assertFormsExist } from './support/form-references.ts';
import { approvalsRequired, approvalsText, saveToWorkingCopy } from './support/review-gate.ts';
import { ReviewRequiredError } from '../data/live-guard.ts';
import { NEW_LIVE_PAGE_NEEDS_REVIEW } from '../data/landing-pages/errors.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { sameJson } from '../shared/stable-json.ts';
import { savedToCopySchema } from '../shared/workflow.ts';
import { defineRoute, mount } from './support/define-route.ts';

const idParam = z.object({ id: pageIdSchema });
// Every change needs edit before its body is read; a live page needs publish too
// (assertMayChange, which knows the page). No router-wide middleware: the public
// GET /:slug (landing-page-by-slug.ts) shares this mount point.
const editor = requirePermission('edit');

export const listPages = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    scope: 'pages:read',
    summary: 'Every landing page, drafts included',
    middleware: [requireAdmin],
    responses: { 200: pageListSchema },
  },
  async (c) => {
    const pages = await c.get('services').pages.list();
    c.header('Cache-Control', 'no-store');
    return c.json(pages);
  },
);

export const createPage = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'edit',
    scope: 'pages:write',
    summary: 'A new page: placeholder content, a template or a copy of another page',
    middleware: [editor],
    request: { json: createPageSchema },
    responses: { 201: landingPageSchema },
  },
  async (c, { json: body }) => {
    await assertMayChange(c, undefined, body.isActive);
    await assertFormsExist(c, body.content);
    // While review is required a page goes live only through it (issue 33): nothing is
    // created, and the answer says how (SPEC's default is live, so API clients hear it).
    if (body.isActive && (await approvalsRequired(c)) > 0) {
      throw new ReviewRequiredError(NEW_LIVE_PAGE_NEEDS_REVIEW, {
        isActive: ['must be false while approvals are required: the page goes live when published'],
      });
    }
    const { pages } = c.get('services');
    // A draft is not built: creating one asks for no rebuild (changesPublicSite).
    const seen = await changesPublicSite(c, undefined, body);
    let content = body.content;
    let detail = body.isActive ? 'published' : 'draft';
    if (body.startFrom === 'copy' && body.copyOf) {
      const source = await pages.getById(body.copyOf);
      if (!source) {
        throw new ApiError(400, 'validation_failed', 'Invalid request: copyOf names no page', {
          copyOf: ['does not name an existing page'],
        });
      }
      content = structuredClone(source.content);
      detail += `, copy of ${source.title} (/${source.slug})`;
    } else if (body.startFrom === 'template') {
      // A built-in (its dates computed now) or a saved template; none named: product pitch.
      const template = await templateContent(c, body.templateId);
      content = template.content;
      detail += `, from the template "${template.name}"`;
    }
    const page = await pages.create(
      {
        title: body.title,
        slug: body.slug,
        isActive: body.isActive,
        content: content ?? placeholderContent(),
      },
      { change: pageChange(c, 'create', () => detail) },
    );
    if (seen) await requestRebuild(c, 'create', page);
    return c.json(page, 201);
  },
);

export const updatePage = defineRoute(
  {
    method: 'put',
    path: '/:id',
    permission: 'publish',
    summary: 'Changes a page; a live page under review keeps the change in its working copy (202)',
    middleware: [editor],
    request: { params: idParam, json: updatePageSchema },
    responses: { 200: landingPageSchema, 202: savedToCopySchema },
  },
  async (c, { params: { id }, json: { revision, ...patch } }) => {
    const current = await c.get('services').pages.getById(id);
    await assertMayChange(c, current, patch.isActive);
    await assertFormsExist(c, patch.content);
    // While review is required, what visitors would see goes through it (issue 33): a change
    // to a live page that stays live goes into its working copy (202); making a page live
    // is a 409 naming the way. Taking a page down, or a page nobody sees, is as SPEC says.
    const required =
      current && (current.isActive || patch.isActive) ? await approvalsRequired(c) : 0;
    if (current && required > 0 && (patch.isActive ?? current.isActive)) {
      if (!current.isActive) {
        throw new ReviewRequiredError(
          `Making ${current.title} live needs ${approvalsText(required)} while approvals are required: submit it for review in the editor, and publish it once approved. Nothing was changed.`,
          {
            isActive: [
              'cannot become true here while approvals are required: publish the page instead',
            ],
          },
        );
      }
      if (changesLivePage(current, patch)) {
        return saveToWorkingCopy(c, current, patch, {
          revision,
          what: 'your change',
          audit: 'a change to the live page saved to the working copy',
          required,
        });
      }
    }
    const seen =
      !current ||
      (await changesPublicSite(c, current, {
        slug: patch.slug ?? current.slug,
        isActive: patch.isActive ?? current.isActive,
      }));
    const page = await c.get('services').pages.update(id, patch, {
      ...pageChange(c, 'update', describeUpdate),
      expectedRevision: revision,
    });
    if (seen) await requestRebuild(c, 'update', page);
    return c.json(page);
  },
);

export const deletePage = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'publish',
    summary: 'Deletes a page, restorable for 30 days',
    middleware: [editor],
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    await assertPermission(c, 'publish');
    const page = await c.get('services').pages.delete(
      id,
      pageChange(c, 'delete', () => 'restorable for 30 days'),
    );
    await requestRebuild(c, 'delete', page);
    return c.body(null, 204);
  },
);

export const resetPageToTemplate = defineRoute(
  {
    method: 'post',
    path: '/:id/reset-to-template',
    permission: 'publish',
    summary:
      'Replaces the content with the latest template, keeping the SEO settings (202 under review)',
    middleware: [editor],
    request: { params: idParam },
    responses: { 200: landingPageSchema, 202: savedToCopySchema },
  },
  async (c, { params: { id } }) => {
    const { pages } = c.get('services');
    const current = await pages.getById(id);
    if (!current) throw notFound('Landing page');
    await assertMayChange(c, current);
    const required = current.isActive ? await approvalsRequired(c) : 0;
    // The page's SEO settings are about the page, not the template's copy: a reset keeps
    // them, so a page hidden from search engines is not exposed by a reset.
    const seoOf = async () =>
      required > 0
        ? ((await c.get('services').workflow.workingCopy(id))?.content.seo ?? current.content.seo)
        : current.content.seo;
    const seo = await seoOf();
    const content = { ...landingTemplate(), ...(seo ? { seo } : {}) };
    // A live page while review is required: the template goes into the working copy, which
    // it replaces (kept as a version), and waits for review like any edit (issue 33).
    if (required > 0) {
      return saveToWorkingCopy(
        c,
        current,
        { content },
        {
          revision: 'replace',
          replacedAs: 'reset',
          what: 'the latest template',
          audit: 'working copy reset to the latest template',
          required,
        },
      );
    }
    const page = await pages.update(
      id,
      { content },
      {
        ...pageChange(c, 'reset', () => 'content reset to the latest template'),
        reason: 'reset',
        expectedRevision: current.revision,
      },
    );
    if (current.isActive) await requestRebuild(c, 'reset', page);
    return c.json(page);
  },
);

export const landingPages = mount(new Hono<AppEnv>(), [
  listPages,
  createPage,
  updatePage,
  deletePage,
  resetPageToTemplate,
]);

/** Whether a PUT's patch changes what a live page shows (its title, slug or content). */
function changesLivePage(
  page: LandingPage,
  patch: { title?: string | undefined; slug?: string | undefined; content?: unknown },
): boolean {
  return (
    (patch.title !== undefined && patch.title !== page.title) ||
    (patch.slug !== undefined && patch.slug !== page.slug) ||
    (patch.content !== undefined && !sameJson(patch.content, page.content))
  );
}
