// /api/admin/templates (issue 27, docs/decisions/0176-page-templates.md): the page templates a new
// page can start from. GET lists the built-ins (functions/shared/page-templates.ts), then the ones
// the team saved (functions/data/page-templates.ts); it needs `edit`, the permission to create
// pages. Saving a page as a template and deleting a saved one take `publish`: templates are shared
// by the whole team. Each change is audited in its own transaction.
//
// A page is saved with what its editor shows: its working copy when it has one (the
// changes being prepared, functions/data/workflow/working-copy.ts), else its live content.
import { Hono } from 'hono';
import * as z from 'zod';
import { handlerPermission, requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../core/domain-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import { summaryOf } from '../../data/page-templates.ts';
import {
  saveTemplateSchema,
  templateIdSchema,
  templateListSchema,
  templateSummarySchema,
  type TemplateList,
  type TemplateSummary,
} from '../../shared/api/templates.ts';
import {
  BUILT_IN_TEMPLATES,
  builtInSummaries,
  builtInTemplate,
} from '../../shared/page-templates.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { templateRepository } from '../support/templates.ts';

const mayChange = handlerPermission('publish');

export const listTemplates = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'edit',
    summary: 'The templates a new page can start from: the built-ins, then the saved ones',
    middleware: [handlerPermission('edit')],
    responses: { 200: templateListSchema },
  },
  async (c) => {
    const saved = await templateRepository(c).list();
    c.header('Cache-Control', 'no-store');
    return c.json<TemplateList>({
      templates: [...builtInSummaries(c.get('services').now()), ...saved.map(summaryOf)],
    });
  },
);

export const saveTemplate = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'publish',
    summary: "Saves a page's content (its working copy, else its live content) as a template",
    middleware: [mayChange],
    request: { json: saveTemplateSchema },
    responses: { 201: templateSummarySchema },
  },
  async (c, { json: body }) => {
    const { pages, workflow } = c.get('services');
    const page = await pages.getById(body.pageId);
    if (!page) {
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid request: the page does not exist (it may have been deleted)',
        {
          pageId: ['does not name an existing page'],
        },
      );
    }
    const copy = await workflow.workingCopy(page.id);
    const template = await templateRepository(c).create(
      { name: body.name, description: body.description, content: copy?.content ?? page.content },
      { pageId: page.id, title: page.title, slug: page.slug },
      actorOf(c),
      BUILT_IN_TEMPLATES.map((builtIn) => builtIn.name),
    );
    return c.json<TemplateSummary>(summaryOf(template), 201);
  },
);

export const deleteTemplate = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'publish',
    summary: 'Deletes a template the team saved (the built-ins stay)',
    middleware: [mayChange],
    request: { params: z.object({ id: templateIdSchema }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    if (builtInTemplate(id)) {
      throw new ConflictError(
        'The built-in templates cannot be deleted: only templates saved by the team can',
      );
    }
    // A well-formed id that is neither a built-in nor a UUID can name no saved template.
    if (!z.uuid().safeParse(id).success) throw new NotFoundError('Template not found');
    await templateRepository(c).delete(id, actorOf(c));
    return c.body(null, 204);
  },
);

// Signed in for all; each route names its own permission, so a refusal names the one it
// lacks (publish for a save, not edit first).
export const templates = mount(new Hono<AppEnv>().use(requireAdmin), [
  listTemplates,
  saveTemplate,
  deleteTemplate,
]);
