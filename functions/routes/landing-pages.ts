// /api/landing-pages (SPEC.md §7). The GETs by slug are public; the rest needs a signed-in
// administrator (requireAdmin), is audited and asks for a site rebuild.
import { Hono } from 'hono';
import { z } from 'zod';
import { landingContentSchema, placeholderContent } from '../shared/landing-content.ts';
import { DEFAULT_SLUG, slugSchema } from '../shared/slug.ts';
import { landingTemplate } from '../shared/template.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { AppEnv } from '../lib/context.ts';
import { jsonBody, params, requireJson } from '../lib/validate.ts';
import { currentAdmin, requireAdmin } from '../lib/auth.ts';
import { actorOf, recordChange } from './admin-changes.ts';

const titleSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters');

const createPageSchema = z.strictObject({
  title: titleSchema,
  slug: slugSchema,
  isActive: z.boolean().default(true),
  content: landingContentSchema.optional(),
});

const updatePageSchema = z
  .strictObject({
    title: titleSchema.optional(),
    slug: slugSchema.optional(),
    isActive: z.boolean().optional(),
    content: landingContentSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'must contain at least one of title, slug, isActive, content',
  });

const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

export const landingPages = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const pages = await c.get('services').pages.list();
    c.header('Cache-Control', 'no-store');
    return c.json(pages);
  })
  .post('/', requireAdmin, requireJson, jsonBody(createPageSchema), async (c) => {
    const body = c.req.valid('json');
    const page = await c.get('services').pages.create({
      title: body.title,
      slug: body.slug,
      isActive: body.isActive,
      content: body.content ?? placeholderContent(),
    });
    await recordChange(c, 'create', page, page.isActive ? 'active' : 'inactive');
    return c.json(page, 201);
  })
  .get('/:slug', params(slugParam), async (c) => {
    const { slug } = c.req.valid('param');
    const page = await c.get('services').pages.getBySlug(slug);
    // Inactive pages are not public (DECISIONS.md Routes): same answer as a missing one.
    // A signed-in administrator may still preview them (never cached).
    if (!page) throw notFound('Landing page');
    if (!page.isActive) {
      if (!(await currentAdmin(c))) throw notFound('Landing page');
      c.header('Cache-Control', 'no-store');
      return c.json(page);
    }
    c.header('Cache-Control', 'no-cache');
    return c.json(page);
  })
  .put(
    '/:id',
    requireAdmin,
    params(idParam),
    requireJson,
    jsonBody(updatePageSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const { pages } = c.get('services');
      const current = await pages.getById(id);
      if (!current) throw notFound('Landing page');
      if (current.slug === DEFAULT_SLUG && body.slug !== undefined && body.slug !== DEFAULT_SLUG) {
        throw new ApiError(
          409,
          'conflict',
          'The default page renders the home page; its slug cannot change',
          {
            slug: ['cannot change on the default page'],
          },
        );
      }
      const page = await pages.update(id, body, actorOf(c));
      const changed = (['title', 'slug', 'isActive', 'content'] as const).filter(
        (field) =>
          body[field] !== undefined &&
          JSON.stringify(body[field]) !== JSON.stringify(current[field]),
      );
      await recordChange(
        c,
        'update',
        page,
        changed.length ? `changed ${changed.join(', ')}` : 'saved unchanged',
      );
      return c.json(page);
    },
  )
  .delete('/:id', requireAdmin, params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { pages } = c.get('services');
    const current = await pages.getById(id);
    if (!current) throw notFound('Landing page');
    if (current.slug === DEFAULT_SLUG) {
      throw new ApiError(
        409,
        'conflict',
        'The default page renders the home page and cannot be deleted',
      );
    }
    await pages.delete(id, actorOf(c));
    await recordChange(c, 'delete', current, 'restorable for 30 days');
    return c.body(null, 204);
  })
  .post('/:id/reset-to-template', requireAdmin, params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const page = await c
      .get('services')
      .pages.update(id, { content: landingTemplate() }, actorOf(c), 'reset');
    await recordChange(c, 'reset', page, 'content reset to the latest template');
    return c.json(page);
  });
