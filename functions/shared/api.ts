// The API's error envelope: the body of every non-2xx answer (functions/lib/errors.ts makes
// it). The pages, versions, audit log and build status shapes are in functions/shared/api/,
// one module per resource; the other resources keep theirs beside this file (contact.ts,
// events.ts, leads/, media.ts, account.ts) (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: fieldErrorsSchema.optional(),
    requestId: z.string().optional(),
    /** A 403's missing permission (functions/shared/roles.ts). */
    permission: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
