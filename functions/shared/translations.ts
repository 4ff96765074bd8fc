// A landing page's versions in other locales (issue 39, docs/decisions/0573-pages-per-locale.md):
// the shapes of /api/landing-pages/:id/locales/:locale/... and of `locales` in
// GET /api/admin/pages/:id and GET /api/admin/workflow, shared by the API and the admin.
// The ids and stored slugs: functions/shared/translation-ids.ts.
import * as z from 'zod';
import {
  pageWithWorkflowSchema,
  saveDraftSchema,
  workflowStatusSchema,
  workingCopySchema,
} from './workflow.ts';
import { DEFAULT_SLUG, slugSchema } from './slug.ts';
import { landingPageSchema } from './api/pages.ts';

/** Where a version is public: `/de/webinar`; the default page's version is the locale's home. */
export const translationPath = (prefix: string, slug: string) =>
  slug === DEFAULT_SLUG ? `/${prefix}/` : `/${prefix}/${slug}`;

/**
 * PUT /api/landing-pages/:id/locales/:locale/draft: as the default locale's save, the slug
 * localized (without the prefix); `revision` 0 when the locale has no version yet.
 */
export const localeDraftSchema = saveDraftSchema.extend({
  slug: slugSchema,
  revision: z.number().int().min(0),
});

/** A text of the default locale that changed since a translation's base. */
export const sourceDiffSchema = z.object({
  /** The unit's content path (`hero.headline`; `title`). */
  path: z.string(),
  /** The source text the translation was made from (null: the unit is new). */
  before: z.string().nullable(),
  /** The source text now (null: the unit is gone). */
  after: z.string().nullable(),
});
export type SourceDiff = z.infer<typeof sourceDiffSchema>;

/** A version in a locale as the admin shows it. */
export const localeVersionSchema = z.object({
  locale: z.string(),
  prefix: z.string(),
  /** Where it is, or would be, public (null before a slug was chosen). */
  path: z.string().nullable(),
  /**
   * The version's own revision (null: none yet): what a save sends while it has no working
   * copy, live or not (the working copy's revision while it has one).
   */
  revision: z.number().int().nullable(),
  /** The live version (slug localized), null while it is not on the site. */
  live: landingPageSchema.nullable(),
  workingCopy: workingCopySchema.nullable(),
  workflow: workflowStatusSchema.nullable(),
  /** The default locale's live texts changed since this version's base. */
  sourceChanged: z.boolean(),
  sourceDiff: z.array(sourceDiffSchema),
});
export type LocaleVersion = z.infer<typeof localeVersionSchema>;

/** `locales` of GET /api/admin/pages/:id: every configured locale but the default. */
export const pageLocalesSchema = z.record(z.string(), localeVersionSchema);
export type PageLocales = z.infer<typeof pageLocalesSchema>;

/** GET /api/admin/pages/:id: the page, its workflow, and its versions in the other locales. */
export const pageDetailSchema = pageWithWorkflowSchema.extend({ locales: pageLocalesSchema });
export type PageDetail = z.infer<typeof pageDetailSchema>;

/** PUT .../xliff's answer: how many units carried a translation, and the copy saved. */
export const xliffImportAnswerSchema = z.object({
  units: z.number().int().min(0),
  workingCopy: workingCopySchema,
});
