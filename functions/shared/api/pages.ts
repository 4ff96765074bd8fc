// Landing pages as the API sends and takes them (docs/requirements.md §3, §7): the page, its
// public read, the page list, and the create and update bodies. Imported by the routes
// (validation), the API tests (response checks) and the islands (typed client, form checks).
// Part of functions/shared/api/, one module per resource (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { submittedContentSchema } from '../block-sync.ts';
import { landingContentSchema } from '../landing-content.ts';
import { templateIdSchema } from './templates.ts';
import { pageIdSchema, slugSchema } from '../slug.ts';
import { lifecycleSchema } from './lifecycle.ts';
import { publicationSchema, publicPublicationSchema } from '../job-codes.ts';

export const titleSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters');

/**
 * A page as the API returns it. `revision` counts the page's writes: the edit form sends
 * back the one it read, and a stale one is refused with 409 instead of overwriting.
 */
export const landingPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  content: landingContentSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int().min(1),
  /** Who made the last change (absent on pages written before it was recorded). */
  updatedBy: z.string().optional(),
  /** Review-by date and expiry (issue 37; absent until set). */
  lifecycle: lifecycleSchema.optional(),
  /**
   * The live version's publication: its job code (`jobCode` with `version`: "PB-2026-0042
   * v3"), who published it and when, and the signatures that covered it (issue 37,
   * docs/decisions/0551-publication-record.md). Absent while the page is not live, and on a
   * page that has not gone live since job codes exist.
   */
  publication: publicationSchema.optional(),
});
export type LandingPageDto = z.infer<typeof landingPageSchema>;

/**
 * GET /api/landing-pages/{slug}, the public read (landing-page-by-slug.ts): the page
 * without `updatedBy`, since an admin's e-mail is nobody else's business (issue 21), plus
 * the library images it uses. Strict, so a field added to pages later is not public until
 * it is named here.
 */
export const publicLandingPageSchema = landingPageSchema
  .omit({ updatedBy: true, lifecycle: true, publication: true })
  .extend({
    /** The job code and its date for the small print (never the signers). */
    publication: publicPublicationSchema.optional(),
    media: z.record(z.string(), z.unknown()),
    /**
     * The claims the page says, when it says any: a PageClaims
     * (functions/shared/claims/page-claims.ts, whose tests check the shape; not imported here,
     * which would put the claims rules in the public function's cold start).
     */
    claims: z
      .object({
        claims: z.array(z.unknown()),
        evidence: z.array(z.unknown()),
        unapproved: z.array(z.unknown()),
      })
      .optional(),
  })
  .strict();
export type PublicLandingPageDto = z.infer<typeof publicLandingPageSchema>;

export const pageListSchema = z.array(landingPageSchema);

/** Where a new page's content comes from when the body carries none. */
export const START_FROM = ['placeholder', 'template', 'copy'] as const;

/**
 * POST /api/landing-pages. docs/requirements.md §3's defaults hold when the body leaves them out:
 * active, placeholder content. The admin's create form sends `isActive: false` (a draft)
 * unless "Publish now" is ticked, and `startFrom` (`copy` with `copyOf`, `template` with an
 * optional `templateId`: functions/shared/page-templates.ts).
 */
export const createPageSchema = z
  .strictObject({
    title: titleSchema,
    slug: slugSchema,
    isActive: z.boolean().default(true),
    content: submittedContentSchema.optional(),
    startFrom: z.enum(START_FROM).optional(),
    copyOf: pageIdSchema.optional(),
    /** With `startFrom: 'template'`: a built-in or saved template; absent: product pitch. */
    templateId: templateIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.content !== undefined && body.startFrom !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['startFrom'],
        message: 'cannot be combined with content; send one or the other',
      });
    }
    if (body.startFrom === 'copy' && body.copyOf === undefined) {
      ctx.addIssue({ code: 'custom', path: ['copyOf'], message: 'is required to copy a page' });
    }
    if (body.copyOf !== undefined && body.startFrom !== 'copy') {
      ctx.addIssue({
        code: 'custom',
        path: ['copyOf'],
        message: 'is only allowed with startFrom "copy"',
      });
    }
    if (body.templateId !== undefined && body.startFrom !== 'template') {
      ctx.addIssue({
        code: 'custom',
        path: ['templateId'],
        message: 'is only allowed with startFrom "template"',
      });
    }
  });
export type CreatePageRequest = z.input<typeof createPageSchema>;

/**
 * PUT /api/landing-pages/{id}: any of the fields; `revision` is the one the client read.
 * Without it (docs/requirements.md §7's `{content}` image assignment) the write applies to the page as
 * it is now.
 */
export const updatePageSchema = z
  .strictObject({
    title: titleSchema.optional(),
    slug: slugSchema.optional(),
    isActive: z.boolean().optional(),
    content: submittedContentSchema.optional(),
    revision: z.number().int().min(1, 'must be a revision number').optional(),
  })
  .refine(
    (body) =>
      (['title', 'slug', 'isActive', 'content'] as const).some((key) => body[key] !== undefined),
    { message: 'must contain at least one of title, slug, isActive, content' },
  );
export type UpdatePageRequest = z.input<typeof updatePageSchema>;
