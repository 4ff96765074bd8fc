// Page templates as the API sends and takes them (issue 27): a template's id (a built-in's
// name or a saved template's UUID), the save request, and the list the create form shows.
// The templates themselves are in functions/shared/page-templates.ts (built-ins) and
// functions/data/page-templates.ts (saved ones). Part of functions/shared/api/, one module per
// resource (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { pageIdSchema } from '../slug.ts';

/** Saved templates' ids are UUIDs, so they never collide with the built-ins' names. */
export const templateIdSchema = z
  .string()
  .regex(
    /^(?:[a-z]+(?:-[a-z]+)*|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
    'must be a template id (a built-in name like webinar, or a saved template’s id)',
  );

export const MAX_SAVED_TEMPLATES = 50;

export const templateNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(80, 'must be at most 80 characters');

/** POST /api/admin/templates: save a page's content as a template. */
export const saveTemplateSchema = z.strictObject({
  pageId: pageIdSchema,
  name: templateNameSchema,
  description: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
export type SaveTemplateRequest = z.input<typeof saveTemplateSchema>;

/** A template as GET /api/admin/templates lists it (no content). */
export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  /** Absent for built-ins. */
  createdAt: z.string().optional(),
  createdBy: z.string().optional(),
  /** The blocks' types in order (the create form's schematic). */
  blocks: z.array(z.string()),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** GET /api/admin/templates: the built-ins, then the ones the team saved. */
export const templateListSchema = z.object({ templates: z.array(templateSummarySchema) });
export type TemplateList = z.infer<typeof templateListSchema>;
