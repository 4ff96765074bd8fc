// Experiments (issue 24, docs/decisions/0150-experiment-model.md): A/B tests of a landing page,
// chosen at the edge. The request and response shapes of /api/admin/experiments, shared by
// the API and the admin. The statistics are functions/shared/stats/ (figures in posterior.ts, the verdict in verdict.ts); the
// assignment is infra/edge/clean-urls.js.
import * as z from 'zod';
import { submittedContentSchema } from './block-sync.ts';
import { landingContentSchema } from './landing-content.ts';
import { DEFAULT_LOCALE, localeSchema } from './locales.ts';
import { pageIdSchema } from './slug.ts';
import { CTA_EVENT_TYPES, EVENT_LABELS, VARIANT_IDS, variantIdSchema } from './events.ts';
import { approveSchema, signatureSchema } from './workflow.ts';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
/** Variant ids, in order (functions/shared/events.ts): the first is the control. */
export { VARIANT_IDS, variantIdSchema, type VariantId } from './events.ts';
export const CONTROL_ID = VARIANT_IDS[0];
export const experimentIdSchema = z.uuid('must be an experiment id');

/** Defaults of the verdict rule (functions/shared/stats/verdict.ts), per experiment. */
export const DEFAULT_MIN_DAYS = 7;
export const DEFAULT_MIN_VISITORS = 100;

export const EXPERIMENT_STATUSES = ['draft', 'running', 'paused', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const EXPERIMENT_STATUS_LABELS: Record<ExperimentStatus, string> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Ended',
};

/** What counts as a conversion: a lead (the default) or a tracked button's event. */
export const GOALS = ['lead', 'contact_form_submit', ...CTA_EVENT_TYPES] as const;
export type Goal = (typeof GOALS)[number];
export const GOAL_LABELS: Record<Goal, string> = {
  lead: 'Leads (a contact request sent)',
  contact_form_submit: EVENT_LABELS.contact_form_submit,
  hero_primary_cta: EVENT_LABELS.hero_primary_cta,
  nav_cta_click: EVENT_LABELS.nav_cta_click,
  pricing_contact: EVENT_LABELS.pricing_contact,
  final_cta_primary: EVENT_LABELS.final_cta_primary,
  final_cta_secondary: EVENT_LABELS.final_cta_secondary,
};

const nameSchema = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
/** A variant's share of the traffic, in percent; the variants' shares add up to 100. */
export const weightSchema = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1 (%)')
  .max(99, 'must be at most 99 (%)');

const variantInputSchema = z.strictObject({
  name: nameSchema,
  weight: weightSchema,
  /** A variant's content; none for the control, and a copy of the live page by default. */
  content: submittedContentSchema.optional(),
});

function checkVariants(
  variants: { weight: number; content?: unknown }[],
  ctx: z.RefinementCtx,
  path: string[] = ['variants'],
) {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total !== 100) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `weights must add up to 100 (%), not ${total}`,
      input: variants,
    });
  }
  if (variants[0]?.content !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 0, 'content'],
      message: "must be left out: the control is the page's live version",
      input: variants[0].content,
    });
  }
}

/** POST /api/admin/experiments */
export const createExperimentSchema = z
  .strictObject({
    /** The landing page (its own id, never a translation's `<id>.<locale>`). */
    pageId: pageIdSchema,
    /**
     * The locale whose version of the page the experiment runs on (issue 39,
     * docs/decisions/0576-experiments-per-locale.md); left out for the default locale's.
     */
    locale: localeSchema
      .refine((locale) => locale !== DEFAULT_LOCALE, {
        message: `must be left out for ${DEFAULT_LOCALE}, the default locale (the page itself)`,
      })
      .optional(),
    name: nameSchema,
    hypothesis: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
    goal: z.enum(GOALS).default('lead'),
    variants: z
      .array(variantInputSchema)
      .min(MIN_VARIANTS, `must have at least ${MIN_VARIANTS} variants (the control and one more)`)
      .max(MAX_VARIANTS, `must have at most ${MAX_VARIANTS} variants`),
    /** The verdict never names a winner before this many days (default 7). */
    minDays: z.number().int().min(1).max(90).default(DEFAULT_MIN_DAYS),
    /** ... nor before each variant has this many visitors (default 100). */
    minVisitors: z.number().int().min(10).max(1_000_000).default(DEFAULT_MIN_VISITORS),
  })
  .superRefine((body, ctx) => checkVariants(body.variants, ctx));
export type CreateExperimentRequest = z.input<typeof createExperimentSchema>;

/** PATCH /api/admin/experiments/:id (a draft only): settings and the variants' names and shares. */
export const updateExperimentSchema = z
  .strictObject({
    name: nameSchema.optional(),
    hypothesis: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
    goal: z.enum(GOALS).optional(),
    minDays: z.number().int().min(1).max(90).optional(),
    minVisitors: z.number().int().min(10).max(1_000_000).optional(),
    /** Every variant, in order, with its name and share (the count cannot change). */
    variants: z.array(z.strictObject({ name: nameSchema, weight: weightSchema })).optional(),
    /** The experiment's revision as loaded. */
    revision: z.number().int().min(1),
  })
  .superRefine((body, ctx) => {
    if (body.variants) checkVariants(body.variants, ctx);
  });
export type UpdateExperimentRequest = z.input<typeof updateExperimentSchema>;

/** PUT /api/admin/experiments/:id/variants/:variantId (not the control; a draft only). */
export const updateVariantSchema = z.strictObject({
  content: submittedContentSchema,
  revision: z.number().int().min(1),
});

/** POST /api/admin/experiments/:id/variants/:variantId/approve: an e-signature, as for a page. */
export const approveVariantSchema = approveSchema;

/** POST /api/admin/experiments/:id/promote */
export const promoteSchema = z.strictObject({ variantId: variantIdSchema });

// ---- Responses -----------------------------------------------------------------------

export const variantSchema = z.object({
  id: variantIdSchema,
  name: z.string(),
  weight: z.number(),
  control: z.boolean(),
  /** The variant's revision (the control's is the experiment's). */
  revision: z.number(),
  /** SHA-256 of the variant's content (what an approval signs). */
  contentHash: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  /** Everyone who edited it: none of them may approve it. */
  authors: z.array(z.string()),
  /** Approvals of this variant, newest first; `current` ones sign its present content. */
  approvals: z.array(signatureSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const experimentSchema = z.object({
  id: z.string(),
  /** The landing page's id (the default locale's; for every locale the experiment runs in). */
  pageId: z.string(),
  /** The locale of the page's version it runs on: `en-US` (the page itself) or e.g. `de-DE`. */
  locale: z.string(),
  name: z.string(),
  hypothesis: z.string().optional(),
  goal: z.enum(GOALS),
  status: z.enum(EXPERIMENT_STATUSES),
  minDays: z.number(),
  minVisitors: z.number(),
  revision: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  startedAt: z.string().optional(),
  pausedAt: z.string().optional(),
  stoppedAt: z.string().optional(),
  /** Set once a variant was promoted: the experiment ended with it. */
  promotedVariantId: variantIdSchema.optional(),
  promotedAt: z.string().optional(),
  /** The page's revision the control was when the experiment started. */
  controlRevision: z.number().optional(),
  /** Distinct current approvals each variant needs before the experiment can start. */
  approvalsRequired: z.number(),
  variants: z.array(variantSchema),
});
export type Experiment = z.infer<typeof experimentSchema>;

/** GET /api/admin/experiments/:id: the experiment with every variant's content. */
export const experimentDetailSchema = experimentSchema.extend({
  variants: z.array(variantSchema.extend({ content: landingContentSchema })),
});
export type ExperimentDetail = z.infer<typeof experimentDetailSchema>;

/** GET /api/admin/experiments */
export const experimentListSchema = z.object({ experiments: z.array(experimentSchema) });
export type ExperimentList = z.infer<typeof experimentListSchema>;

/** POST /api/admin/experiments/:id/promote: the ended experiment, and whether the page went live. */
export const promotedExperimentSchema = experimentDetailSchema.extend({ published: z.boolean() });
export type PromotedExperiment = z.infer<typeof promotedExperimentSchema>;

/** The relative uplift p_v / p_c - 1: its posterior median and 95% credible interval. */
export const upliftSchema = z.object({
  estimate: z.number(),
  lower: z.number(),
  upper: z.number(),
});
export type Uplift = z.infer<typeof upliftSchema>;

export const VERDICT_KINDS = [
  'keep_running',
  'variant_wins',
  'control_wins',
  'no_difference',
  'sample_ratio_mismatch',
] as const;

export const verdictSchema = z.object({
  kind: z.enum(VERDICT_KINDS),
  /** The plain-language sentence the results screen shows. */
  message: z.string(),
  /** The winning variant (variant_wins, control_wins). */
  winner: variantIdSchema.optional(),
  /** keep_running: visitors each variant still needs for 80% power at the observed rates. */
  moreVisitorsPerVariant: z.number().optional(),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const variantResultSchema = z.object({
  id: variantIdSchema,
  name: z.string(),
  weight: z.number(),
  visitors: z.number(),
  conversions: z.number(),
  conversionRate: z.number(),
  rateInterval: z.tuple([z.number(), z.number()]),
  uplift: upliftSchema.nullable(),
  chanceToBeatControl: z.number().nullable(),
  /**
   * What choosing this variant is expected to cost: E[best rate - its rate] under the
   * posteriors, as a rate (absolute) and relative to the control's posterior mean.
   */
  expectedLoss: z.object({ absolute: z.number(), relative: z.number() }),
});
export type VariantResult = z.infer<typeof variantResultSchema>;

export const srmSchema = z.object({
  chiSquare: z.number(),
  pValue: z.number(),
  mismatch: z.boolean(),
});
export type SrmCheck = z.infer<typeof srmSchema>;

/** GET /api/admin/experiments/:id/results */
export const experimentResultsSchema = z.object({
  status: z.enum(EXPERIMENT_STATUSES),
  startedAt: z.string().nullable(),
  /** Whole days since it started (to its end, once ended). */
  daysRunning: z.number(),
  goal: z.enum(GOALS),
  variants: z.array(variantResultSchema),
  srm: srmSchema,
  verdict: verdictSchema,
  /** Per UTC day since the start, each variant's cumulative visitors and conversions. */
  daily: z.array(
    z.object({
      day: z.string(),
      variants: z.array(
        z.object({ id: variantIdSchema, visitors: z.number(), conversions: z.number() }),
      ),
    }),
  ),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;
