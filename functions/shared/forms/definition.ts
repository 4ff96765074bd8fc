// A form's definition as a team edits it in the admin's form editor
// (docs/decisions/0161-form-model.md): its id, the whole definition with the rules that hold
// across its fields, a stored one read with today's rules, the PUT body and the admin API's
// answers. Part of functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { INQUIRY_TYPES } from '../contact.ts';
import {
  autoReplySchema,
  isMergeField,
  MERGE_FIELDS,
  MERGE_MARKS,
  withoutMergeFields,
} from './auto-reply.ts';
import { consentSchema } from './consent.ts';
import {
  DEFAULT_MAX_LENGTH,
  FIELD_TYPE_LABELS,
  fieldSchema,
  MAX_FIELDS,
  oneLineText,
  RESERVED_TYPES,
  type ReservedField,
} from './fields.ts';
import { checkTranslations, formTranslationsSchema } from './translations.ts';

/** PUT /api/admin/forms/:formId: the whole definition. */
export const formDefinitionSchema = z
  .strictObject({
    /** The form's name in the admin ("Webinar registration"). */
    title: oneLineText(120).pipe(z.string().min(1, 'is required')),
    fields: z
      .array(fieldSchema)
      .min(1, 'must have at least one field')
      .max(MAX_FIELDS, `must have at most ${MAX_FIELDS} fields`),
    consent: consentSchema.default({ required: false, text: '', privacyUrl: '' }),
    submitLabel: oneLineText(60).pipe(z.string().min(1, 'is required')),
    successMessage: oneLineText(300).pipe(z.string().min(1, 'is required')),
    autoReply: autoReplySchema.default({ enabled: false, subject: '', body: '' }),
    /**
     * The form's texts in the site's other locales (functions/shared/forms/translations.ts);
     * absent for a form in the default locale only, so its hash and review are as before.
     */
    translations: formTranslationsSchema.optional(),
  })
  .superRefine((form, ctx) => {
    checkTranslations(form, ctx);
    const seen = new Set<string>();
    form.fields.forEach((field, index) => {
      const at = (...rest: (string | number)[]) => ['fields', index, ...rest];
      if (seen.has(field.name))
        ctx.addIssue({
          code: 'custom',
          path: at('name'),
          message: `"${field.name}" is used twice`,
        });
      seen.add(field.name);
      if (field.name === 'formType' || field.name === 'landingPageId') {
        ctx.addIssue({
          code: 'custom',
          path: at('name'),
          message: `"${field.name}" is reserved: the page sets it, a visitor never fills it`,
        });
      }
      const reserved = RESERVED_TYPES[field.name as ReservedField];
      if (reserved && field.type !== reserved) {
        ctx.addIssue({
          code: 'custom',
          path: at('type'),
          message: `must be ${FIELD_TYPE_LABELS[reserved]} (${reserved}): "${field.name}" is a reserved name`,
        });
      }
      if (field.type === 'select') {
        if (!field.options?.length)
          ctx.addIssue({
            code: 'custom',
            path: at('options'),
            message: 'a choice list needs at least one option',
          });
        const values = new Set<string>();
        field.options?.forEach((option, o) => {
          if (values.has(option.value))
            ctx.addIssue({
              code: 'custom',
              path: at('options', o, 'value'),
              message: `"${option.value}" is used twice`,
            });
          values.add(option.value);
          if (
            field.name === 'inquiryType' &&
            !(INQUIRY_TYPES as readonly string[]).includes(option.value)
          ) {
            ctx.addIssue({
              code: 'custom',
              path: at('options', o, 'value'),
              message: `must be one of: ${INQUIRY_TYPES.join(', ')} ("inquiryType" is a reserved name)`,
            });
          }
        });
        if (
          field.default !== undefined &&
          !field.options?.some((option) => option.value === field.default)
        )
          ctx.addIssue({
            code: 'custom',
            path: at('default'),
            message: 'must be one of the options',
          });
      } else if (field.options !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: at('options'),
          message: 'only a choice list has options',
        });
      }
      if (field.type !== 'select' && field.default !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: at('default'),
          message: 'only a choice list has a preselected option',
        });
      if (field.type === 'hidden') {
        if (!field.fill)
          ctx.addIssue({
            code: 'custom',
            path: at('fill'),
            message: 'a hidden field needs a source (a URL parameter or the page)',
          });
        if (field.required)
          ctx.addIssue({
            code: 'custom',
            path: at('required'),
            message: 'a hidden field cannot be required',
          });
      } else if (field.fill) {
        ctx.addIssue({
          code: 'custom',
          path: at('fill'),
          message: 'only a hidden field has a source',
        });
      }
      if (field.type === 'checkbox' && field.maxLength !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: at('maxLength'),
          message: 'a checkbox has no length',
        });
      const max = DEFAULT_MAX_LENGTH[field.type];
      if (field.maxLength !== undefined && field.maxLength > max && field.type !== 'checkbox')
        ctx.addIssue({
          code: 'custom',
          path: at('maxLength'),
          message: `must be at most ${max} for ${FIELD_TYPE_LABELS[field.type]}`,
        });
    });
    // Every lead has a name and an e-mail address (the inbox, the notification, the CRM).
    for (const name of ['name', 'email'] as const) {
      const field = form.fields.find((candidate) => candidate.name === name);
      if (!field) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields'],
          message: `must have a "${name}" field (every lead has one)`,
        });
      } else if (!field.required) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', form.fields.indexOf(field), 'required'],
          message: `"${name}" must be required (every lead has one)`,
        });
      }
    }
    if (form.consent.required && !form.consent.text)
      ctx.addIssue({
        code: 'custom',
        path: ['consent', 'text'],
        message: 'a required consent needs its text',
      });
    // The subject goes to whatever address was typed: the team's words only (issue 33).
    const inSubject = form.autoReply.subject.match(MERGE_MARKS);
    if (inSubject)
      ctx.addIssue({
        code: 'custom',
        path: ['autoReply', 'subject'],
        message: `cannot hold ${inSubject[0]}: merge fields go in the message only, so no visitor's text is ever a subject`,
      });
    // Only MERGE_FIELDS are filled in (functions/mail/auto-reply.ts).
    for (const match of form.autoReply.body.matchAll(MERGE_MARKS)) {
      if (!isMergeField(match[1])) {
        ctx.addIssue({
          code: 'custom',
          path: ['autoReply', 'body'],
          message: `{{${match[1]}}} is not a merge field: use ${MERGE_FIELDS.map((name) => `{{${name}}}`).join(' or ')}`,
        });
      }
    }
    if (form.autoReply.enabled) {
      if (!form.autoReply.subject)
        ctx.addIssue({
          code: 'custom',
          path: ['autoReply', 'subject'],
          message: 'is required when the auto-reply is on',
        });
      if (!form.autoReply.body)
        ctx.addIssue({
          code: 'custom',
          path: ['autoReply', 'body'],
          message: 'is required when the auto-reply is on',
        });
    }
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;

/**
 * A definition as stored, parsed with today's rules: one saved before the auto-reply's
 * subject refused merge fields is read without them (withoutMergeFields), as it is sent.
 */
export function storedFormDefinition(stored: unknown): FormDefinition {
  const reply = (stored as { autoReply?: { subject?: unknown } } | null)?.autoReply;
  if (typeof reply?.subject === 'string' && reply.subject.match(MERGE_MARKS)) {
    const form = stored as { autoReply: object };
    return formDefinitionSchema.parse({
      ...form,
      autoReply: { ...form.autoReply, subject: withoutMergeFields(reply.subject) },
    });
  }
  return formDefinitionSchema.parse(stored);
}

/** PUT's body: the definition, and the revision it was edited from (409 when stale). */
export const formPutSchema = z.strictObject({
  form: formDefinitionSchema,
  /** The revision the editor loaded; absent for a form never saved. */
  revision: z.number().int().min(0).optional(),
});

/** A form as stored: GET /api/admin/forms/:formId's top fields, and publishing's answer. */
export const storedFormSchema = z.object({
  id: z.string(),
  builtIn: z.boolean(),
  /** 0 for a built-in form never saved (its defaults), then 1, 2, ... */
  revision: z.number(),
  form: formDefinitionSchema,
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
});
export type StoredForm = z.infer<typeof storedFormSchema>;

/** GET /api/admin/forms: one row per form. */
export const formSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  builtIn: z.boolean(),
  revision: z.number(),
  fieldCount: z.number(),
  consent: z.boolean(),
  autoReply: z.boolean(),
  updatedAt: z.string().optional(),
  /** False for a form whose only definition is a working copy never published (issue 33). */
  live: z.boolean().optional(),
  /** Its working copy under review, when there is one (functions/shared/form-review.ts). */
  workingCopy: z
    .object({
      state: z.enum(['draft', 'in_review']),
      revision: z.number(),
      updatedAt: z.string(),
    })
    .optional(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

/** GET /api/admin/forms */
export const formListSchema = z.object({ forms: z.array(formSummarySchema) });
export type FormList = z.infer<typeof formListSchema>;
