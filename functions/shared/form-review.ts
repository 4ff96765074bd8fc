// A form definition under review (issue 33, docs/decisions/0310-forms-under-review.md): with
// `approvalsRequired` >= 1 (functions/shared/workflow.ts settingsSchema), a form gets a
// working copy like a page's, approved by electronic signatures of its whole definition, and
// visitors keep the live definition until the copy is published. The shapes of
// GET|PUT /api/admin/forms/:formId and POST .../submit|approve|publish, shared by the API
// and the admin. The request bodies are the page workflow's own (submitSchema,
// approveSchema, publishSchema); the records extend the page's working copy and signature.
import * as z from 'zod';
import { formDefinitionSchema, storedFormSchema } from './forms/definition.ts';
import { signatureSchema, workflowStatusSchema, workingCopySchema } from './workflow.ts';

/** A form's working copy: the page copy's bookkeeping around a definition instead of content. */
export const formWorkingCopySchema = workingCopySchema
  .omit({ title: true, slug: true, content: true })
  .extend({
    form: formDefinitionSchema,
    /** The version of its consent text (functions/shared/forms/consent.ts consentVersion; '' for none). */
    consentVersion: z.string(),
  });
export type FormWorkingCopy = z.infer<typeof formWorkingCopySchema>;

/**
 * A signature of a form's working copy. `contentHash` covers the whole definition (fields,
 * labels, consent, auto-reply, success message); `consentVersion` names the consent text
 * signed, since a consent change is a legal change the record must show on its own.
 */
export const formSignatureSchema = signatureSchema.extend({ consentVersion: z.string() });
export type FormSignature = z.infer<typeof formSignatureSchema>;

/** The review part of a form's answer: its signatures and what publishing still needs. */
export const formWorkflowSchema = workflowStatusSchema
  .pick({ approvalsRequired: true, approvalsMissing: true })
  .extend({
    approvals: z.array(formSignatureSchema),
    /** The hash of the live definition: the signatures that signed what visitors get. */
    liveHash: z.string().nullable(),
  });

/**
 * GET (and PUT) /api/admin/forms/:formId. `live` is what visitors get (null for a form never
 * published); `workingCopy` the copy under review, if any. The StoredForm fields at the top
 * are the definition an editor edits and the revision a save sends back: the working copy's
 * when there is one, else the live one's, so a caller written before review (which reads
 * `form` and `revision`) keeps working in both modes.
 */
export const formStateSchema = storedFormSchema.extend({
  live: storedFormSchema.nullable(),
  workingCopy: formWorkingCopySchema.nullable(),
  workflow: formWorkflowSchema,
  /**
   * The site's locales (the `locales` setting, functions/shared/workflow.ts), the default
   * first: the editor's Translations section offers the others (issue 39).
   */
  locales: z.array(z.string()).optional(),
});
export type FormState = z.infer<typeof formStateSchema>;

/** GET /api/admin/form-reviews: the forms whose working copy waits for approvals. */
export const formInReviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  revision: z.number(),
  submittedAt: z.string().optional(),
  submittedBy: z.string().optional(),
});
export type FormInReview = z.infer<typeof formInReviewSchema>;

export const formReviewListSchema = z.object({ forms: z.array(formInReviewSchema) });
export type FormReviewList = z.infer<typeof formReviewListSchema>;
