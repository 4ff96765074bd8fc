// Changes to leads (/api/admin/leads): a status, a note or an owner for one lead, the
// accounts a lead may be given to, a bulk change and its outcome, and the chosen leads of a
// CSV export. Part of functions/shared/leads/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { leadStatusSchema } from './lead.ts';

/** An owner in a change: an account's e-mail, or null for nobody. */
export const leadOwnerSchema = z
  .email('must be the e-mail address of an account, or null')
  .max(254, 'must be at most 254 characters')
  .toLowerCase()
  .nullable();

/** PATCH /api/admin/leads/:id */
export const leadPatchSchema = z
  .strictObject({
    status: leadStatusSchema.optional(),
    note: z
      .string('must be text')
      .trim()
      .min(1, 'must not be empty')
      .max(5000, 'must be at most 5000 characters')
      .optional(),
    owner: leadOwnerSchema.optional(),
  })
  .refine(
    (value) => value.status !== undefined || value.note !== undefined || value.owner !== undefined,
    { path: ['status'], message: 'give a status, a note, an owner, or several' },
  );
export type LeadPatch = z.infer<typeof leadPatchSchema>;

/** Accounts a lead may be given to: active, with a role that has the leads permission. */
export const leadOwnersSchema = z.object({
  owners: z.array(z.object({ email: z.string(), name: z.string().optional() })),
});
export type LeadOwners = z.infer<typeof leadOwnersSchema>;

export const BULK_ACTIONS = ['status', 'owner', 'spam'] as const;
export const BULK_MAX = 100;
const leadIdsSchema = z
  .array(z.uuid('must be lead ids'), 'must be a list of lead ids')
  .min(1, 'must name at least one lead')
  .max(BULK_MAX, `must name at most ${BULK_MAX} leads`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not name a lead twice');

/** POST /api/admin/leads/bulk: one change to each of up to 100 leads. */
export const leadBulkSchema = z
  .strictObject({
    ids: leadIdsSchema,
    action: z.enum(BULK_ACTIONS),
    status: leadStatusSchema.optional(),
    owner: leadOwnerSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.action === 'status' && value.status === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'is required to set a status',
      });
    }
    if (value.action === 'owner' && value.owner === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['owner'],
        message: 'is required to set an owner (null for nobody)',
      });
    }
  });
export type LeadBulk = z.infer<typeof leadBulkSchema>;

/** What happened to each lead of a bulk change, in the order asked. */
export const BULK_OUTCOMES = ['ok', 'unchanged', 'not-found', 'conflict'] as const;
export const leadBulkResultSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), outcome: z.enum(BULK_OUTCOMES), message: z.string().optional() }),
  ),
  /** Changed or already as asked. */
  succeeded: z.number().int(),
  /** Not found or changed by someone else meanwhile. */
  failed: z.number().int(),
});
export type LeadBulkResult = z.infer<typeof leadBulkResultSchema>;

/** POST /api/admin/leads/export: the CSV of chosen leads. */
export const leadExportSelectionSchema = z.strictObject({ ids: leadIdsSchema });
