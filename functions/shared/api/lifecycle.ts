// A page's lifecycle (issue 37): the date its material is to be reviewed by, the time its
// approval ends and what happens then. Set by PUT /api/landing-pages/{id}/lifecycle, kept on
// the page item, read by the scheduler (expiry), the reminders and the content calendar.
// Part of functions/shared/api/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { redirectToSchema } from '../redirects.ts';

export const ON_EXPIRY = ['unpublish', 'flag'] as const;

/** As stored and answered (`redirectTo` already normalized when it was set). */
export const lifecycleSchema = z.strictObject({
  /** The day the material is to be reviewed again (a reminder, nothing automatic). */
  reviewBy: z.iso.date().optional(),
  /** When its approval ends: the page is then taken down or flagged (`onExpiry`). */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  onExpiry: z.enum(ON_EXPIRY),
  /**
   * Where its address redirects once it is taken down at expiry: checked (and normalized) by
   * the request's schema below; as stored and answered a plain string, as a transform has no
   * JSON Schema for the OpenAPI description's answers (route-declarations.test.ts).
   */
  redirectTo: z.string().optional(),
});
export type Lifecycle = z.infer<typeof lifecycleSchema>;

/**
 * PUT /api/landing-pages/{id}/lifecycle (docs/decisions/0556-page-lifecycle.md): the
 * lifecycle, and the page revision its author read (the write is refused if the page moved
 * on). Neither date clears it. A redirect belongs to an expiry that takes the page down.
 */
export const lifecycleRequestSchema = lifecycleSchema
  .extend({
    redirectTo: redirectToSchema.optional(),
    revision: z.number().int().min(1).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.redirectTo === undefined) return;
    if (!value.expiresAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['redirectTo'],
        message: 'needs an expiry: visitors are redirected once the page is taken down',
      });
    } else if (value.onExpiry === 'flag') {
      ctx.addIssue({
        code: 'custom',
        path: ['redirectTo'],
        message: 'is for an expiry that takes the page down; a flagged page stays live',
      });
    }
  });
export type LifecycleRequest = z.infer<typeof lifecycleRequestSchema>;

/**
 * When a page's material stops being approved (docs/decisions/0558-expiry-and-reminders.md):
 * its own expiry, or earlier the end of the last day of a claim it says, or of the
 * evidence that claim rests on.
 */
export const effectiveExpirySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  source: z.enum(['page', 'claim', 'evidence']),
  /** The claim key, when a claim (or its evidence) sets the date. */
  key: z.string().optional(),
});
export type EffectiveExpiry = z.infer<typeof effectiveExpirySchema>;

/** What GET /api/admin/workflow says of a page's lifecycle, for the Pages list and the dialog. */
export const lifecycleSummarySchema = z.object({
  expiry: effectiveExpirySchema.optional(),
  /** Its own expiry has passed: the Pages list says "Expired". */
  expired: z.boolean(),
});
export type LifecycleSummary = z.infer<typeof lifecycleSummarySchema>;
