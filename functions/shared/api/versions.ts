// A page's versions and the deleted pages (/api/admin/pages/:id/versions,
// /api/admin/deleted-pages). Part of functions/shared/api/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { landingContentSchema } from '../landing-content.ts';
import { landingPageSchema } from './pages.ts';
import { publicationSchema } from '../job-codes.ts';

export const VERSION_REASONS = [
  'update',
  'reset',
  'delete',
  'restore',
  // Governed publishing (functions/data/workflow/publish.ts): the live version a publish replaced.
  'publish',
  'unpublish',
] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

export const versionSummarySchema = z.object({
  versionId: z.string(),
  reason: z.enum(VERSION_REASONS),
  actor: z.string(),
  createdAt: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  /**
   * The publication of the state this version kept, when that state was live with a job
   * code: the code, and the approvals that covered it (docs/decisions/0551-publication-record.md).
   */
  publication: publicationSchema.optional(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;
/** GET /api/admin/pages/{id}/versions: the page's versions, newest first. */
export const versionListSchema = z.array(versionSummarySchema);

export const pageVersionSchema = versionSummarySchema.extend({
  pageId: z.string(),
  content: landingContentSchema,
});
export type PageVersionDto = z.infer<typeof pageVersionSchema>;

export const deletedPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  deletedAt: z.string(),
  deletedBy: z.string(),
  /** When it can no longer be restored. */
  restorableUntil: z.string(),
});
export type DeletedPageDto = z.infer<typeof deletedPageSchema>;
/** GET /api/admin/deleted-pages */
export const deletedPageListSchema = z.array(deletedPageSchema);

/**
 * POST /api/admin/deleted-pages/{id}/restore: the page back, and, when it came back as a
 * draft because review is required (issue 33), the sentence that says so.
 */
export const deletedPageRestoredSchema = landingPageSchema.extend({
  notice: z.string().optional(),
});
export type DeletedPageRestored = z.infer<typeof deletedPageRestoredSchema>;
