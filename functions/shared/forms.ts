// Forms as data (issue 26, docs/decisions/0161-form-model.md): the definition a team edits in the
// admin's form editor, the built-in forms that reproduce docs/requirements.md's dialog and
// contact page exactly, the public part of a definition, and the validation of a
// submission against a definition. One module for the API, the form editor and the
// public forms, so the three never disagree.
import * as z from 'zod';
import {
  CONTROL_CHARACTERS,
  INQUIRY_LABELS,
  INQUIRY_TYPES,
  ONE_LINE_MESSAGE,
  stripControls,
  type FormType,
} from './contact.ts';
import { checkPhone, normalPhone } from './phone.ts';

export const FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'textarea',
  'select',
  'checkbox',
  'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'E-mail',
  tel: 'Phone',
  textarea: 'Long text',
  select: 'Choice list',
  checkbox: 'Checkbox',
  hidden: 'Hidden',
};

/**
 * Names with a meaning of their own in a lead (docs/requirements.md §7's request body). A form
 * may hold the first six, each with its own type; the last two are set by the page, never
 * asked of a visitor.
 */
export const RESERVED_FIELDS = [
  'name',
  'email',
  'company',
  'message',
  'role',
  'inquiryType',
  'formType',
  'landingPageId',
] as const;
export type ReservedField = (typeof RESERVED_FIELDS)[number];

/** The type each reserved name must have in a form (formType and landingPageId: none). */
export const RESERVED_TYPES: Partial<Record<ReservedField, FieldType>> = {
  name: 'text',
  email: 'email',
  company: 'text',
  message: 'textarea',
  role: 'text',
  inquiryType: 'select',
};

/** The longest value each type takes when a field names no maxLength. */
export const DEFAULT_MAX_LENGTH: Record<FieldType, number> = {
  text: 200,
  email: 254,
  tel: 40,
  textarea: 5000,
  select: 200,
  checkbox: 5,
  hidden: 500,
};

export const MAX_FIELDS = 30;
/** The merge fields an auto-reply may use (filled by functions/mail/auto-reply.ts). */
export const MERGE_FIELDS = ['name', 'company'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
const isMergeField = (name: string | undefined): name is MergeField =>
  (MERGE_FIELDS as readonly (string | undefined)[]).includes(name);
/** Any `{{...}}` in a text, merge field or not. */
const MERGE_MARKS = /\{\{\s*([^}]*?)\s*\}\}/g;
/**
 * A text without its `{{...}}` marks, spaces closed up: an auto-reply's subject as sent and
 * as read from a form stored before the subject refused them (issue 33: the subject reaches
 * whatever address was typed, so it never holds what a visitor typed).
 */
export const withoutMergeFields = (text: string): string =>
  text
    .replace(MERGE_MARKS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ ([,.;:!?])/g, '$1')
    .replace(/[,;:]+(?=[.!?]|$)/g, '')
    .replace(/^[,.;:!? -]+/, '');
export const MAX_OPTIONS = 50;

/** The built-in forms: the dialog's two and the site's two. */
export const BUILT_IN_FORMS = [
  'demo-request',
  'pricing-request',
  'contact',
  'pilot-request',
] as const;
export type BuiltInForm = (typeof BUILT_IN_FORMS)[number];

/** A form's id: lowercase letters, digits and hyphens (it appears in URLs). */
export const FORM_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const formIdSchema = z
  .string()
  .regex(FORM_ID_PATTERN, 'must be lowercase letters, digits and hyphens (at most 64)');

/** The lead's formType (docs/requirements.md's four) a built-in form writes; other forms write 'general'. */
export const BUILT_IN_FORM_TYPES: Record<BuiltInForm, FormType> = {
  'demo-request': 'general',
  'pricing-request': 'pricing',
  contact: 'contact-page',
  'pilot-request': 'pilot',
};
export const FORM_FOR_TYPE: Record<FormType, BuiltInForm> = {
  general: 'demo-request',
  pricing: 'pricing-request',
  'contact-page': 'contact',
  pilot: 'pilot-request',
};

export const isBuiltInForm = (id: string): id is BuiltInForm =>
  (BUILT_IN_FORMS as readonly string[]).includes(id);

/** Where a hidden field takes its value: a URL parameter, or a fact of the page. */
export const PAGE_VALUES = ['pageId', 'variantId', 'path'] as const;
export const PAGE_VALUE_LABELS: Record<(typeof PAGE_VALUES)[number], string> = {
  pageId: 'The page id',
  variantId: 'The experiment variant',
  path: 'The page path',
};
export const fillSchema = z.discriminatedUnion('from', [
  z.strictObject({
    from: z.literal('url'),
    /** utm_source, gclid, any parameter a campaign adds. */
    param: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a URL parameter name (letters, digits, _ . -)'),
  }),
  z.strictObject({ from: z.literal('page'), value: z.enum(PAGE_VALUES) }),
]);
export type FieldFill = z.infer<typeof fillSchema>;

const oneLineText = (max: number, what = 'text') =>
  z
    .string(`must be ${what}`)
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE);

const optionSchema = z.strictObject({
  value: oneLineText(200).pipe(z.string().min(1, 'must not be empty')),
  label: oneLineText(200).pipe(z.string().min(1, 'must not be empty')),
});

export const fieldSchema = z.strictObject({
  /** The key in the submission and the lead: a letter, then letters, digits or _. */
  name: z
    .string('must be text')
    .regex(
      /^[A-Za-z][A-Za-z0-9_]{0,39}$/,
      'must start with a letter and hold only letters, digits and _ (at most 40)',
    ),
  label: oneLineText(200).pipe(z.string().min(1, 'is required')),
  type: z.enum(FIELD_TYPES, `must be one of: ${FIELD_TYPES.join(', ')}`),
  required: z.boolean('must be true or false').default(false),
  options: z
    .array(optionSchema)
    .max(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} options`)
    .optional(),
  maxLength: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(5000, 'must be at most 5000')
    .optional(),
  help: oneLineText(300).optional(),
  /** Hidden fields only. */
  fill: fillSchema.optional(),
  /** A choice list's preselected option (the contact page's inquiry type: demo). */
  default: oneLineText(200).optional(),
  /** The HTML autocomplete token (name, email, organization, tel...), for the browser. */
  autocomplete: z
    .string()
    .regex(/^[a-z0-9 -]{1,60}$/, 'must be an autocomplete token')
    .optional(),
});
export type FormField = z.infer<typeof fieldSchema>;

export const consentSchema = z.strictObject({
  /** A box that must be ticked before the form can be sent. */
  required: z.boolean('must be true or false').default(false),
  /** Empty: no consent box. What the visitor agrees to, shown beside the box. */
  text: z
    .string('must be text')
    .transform(stripControls)
    .pipe(z.string().trim().max(1000, 'must be at most 1000 characters'))
    .default(''),
  /** The privacy notice linked under the form: a path on this site or an https URL. */
  privacyUrl: z
    .string('must be text')
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine(
      (value) => value === '' || /^\/(?!\/)[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
      'must be a path on this site (/privacy) or an https:// address',
    )
    .default(''),
});
export type ConsentSettings = z.infer<typeof consentSchema>;

export const autoReplySchema = z.strictObject({
  enabled: z.boolean('must be true or false').default(false),
  subject: oneLineText(200).default(''),
  body: z
    .string('must be text')
    .transform(stripControls)
    .pipe(z.string().trim().max(5000, 'must be at most 5000 characters'))
    .default(''),
});
export type AutoReply = z.infer<typeof autoReplySchema>;

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
  })
  .superRefine((form, ctx) => {
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

/** GET /api/admin/forms/:formId */
export interface StoredForm {
  id: string;
  builtIn: boolean;
  /** 0 for a built-in form never saved (its defaults), then 1, 2, ... */
  revision: number;
  form: FormDefinition;
  updatedAt?: string;
  updatedBy?: string;
}

/** GET /api/admin/forms: one row per form. */
export interface FormSummary {
  id: string;
  title: string;
  builtIn: boolean;
  revision: number;
  fieldCount: number;
  consent: boolean;
  autoReply: boolean;
  updatedAt?: string;
  /** False for a form whose only definition is a working copy never published (issue 33). */
  live?: boolean;
  /** Its working copy under review, when there is one (functions/shared/form-review.ts). */
  workingCopy?: { state: 'draft' | 'in_review'; revision: number; updatedAt: string };
}

/** GET /api/forms/:formId: what a visitor's browser needs; no auto-reply, no authors. */
export interface PublicForm {
  id: string;
  /** What visitors read as its name (the dialog's title): publicTitle. */
  title: string;
  fields: FormField[];
  consent: ConsentSettings & { version: string };
  submitLabel: string;
  successMessage: string;
}

const SPEC_MESSAGE = "Thank you! We'll get back to you shortly.";

/** Every form's first two fields (every lead has a name and an e-mail address). */
export const nameAndEmailFields = (): FormField[] => [
  {
    name: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    maxLength: 200,
    autocomplete: 'name',
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    required: true,
    maxLength: 254,
    autocomplete: 'email',
  },
];

const companyField = (required: boolean): FormField => ({
  name: 'company',
  label: 'Company',
  type: 'text',
  required,
  maxLength: 200,
  autocomplete: 'organization',
});

const messageField = (required: boolean): FormField => ({
  name: 'message',
  label: 'Message',
  type: 'textarea',
  required,
  maxLength: 5000,
});

const dialogFields = (): FormField[] => [
  ...nameAndEmailFields(),
  companyField(false),
  messageField(false),
];

const contactFields = (messageRequired: boolean): FormField[] => [
  ...nameAndEmailFields(),
  companyField(messageRequired),
  {
    name: 'role',
    label: 'Role',
    type: 'text',
    required: false,
    maxLength: 200,
    autocomplete: 'organization-title',
  },
  {
    name: 'inquiryType',
    label: 'Inquiry type',
    type: 'select',
    required: false,
    options: INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_LABELS[value] })),
    default: 'demo',
  },
  messageField(messageRequired),
];

const noConsent = (): ConsentSettings => ({ required: false, text: '', privacyUrl: '' });
const noAutoReply = (): AutoReply => ({ enabled: false, subject: '', body: '' });

/**
 * The built-in forms before anyone edits them: docs/requirements.md's fields, labels, texts and
 * defaults exactly (the dialog's §2, the contact page's §5, the pilot page).
 */
export function builtInForm(id: BuiltInForm): FormDefinition {
  switch (id) {
    case 'demo-request':
      return {
        title: 'Demo request (dialog)',
        fields: dialogFields(),
        consent: noConsent(),
        submitLabel: 'Submit',
        successMessage: SPEC_MESSAGE,
        autoReply: noAutoReply(),
      };
    case 'pricing-request':
      return {
        title: 'Pricing request (dialog)',
        fields: dialogFields(),
        consent: noConsent(),
        submitLabel: 'Submit',
        successMessage: "Thank you! We'll get back to you shortly with pricing information.",
        autoReply: noAutoReply(),
      };
    case 'contact':
      return {
        title: 'Contact page',
        fields: contactFields(true),
        consent: noConsent(),
        submitLabel: 'Send Message',
        successMessage: "Thank you for your inquiry! We'll get back to you within 24 hours.",
        autoReply: noAutoReply(),
      };
    case 'pilot-request':
      return {
        title: 'Free trial request (pilot page)',
        fields: contactFields(false)
          .filter((field) => field.name !== 'inquiryType')
          .map((field) =>
            field.name === 'company'
              ? { ...field, required: true }
              : field.name === 'message'
                ? {
                    ...field,
                    help: 'Optional: which suppliers and data contracts would you like to include?',
                  }
                : field,
          ),
        consent: noConsent(),
        submitLabel: 'Start Free Trial',
        successMessage:
          "Thank you for your free trial request! We'll get back to you within 24 hours to plan your 30-day free trial.",
        autoReply: noAutoReply(),
      };
  }
}

/** A consent text's version: the first 16 hex digits of its SHA-256 (a new text, a new version). */
export async function consentVersion(text: string): Promise<string> {
  if (!text) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The titles visitors read for the built-in forms (the dialog's title, issue 35): docs/requirements.md
 * §2's dialog titles, and the headings of the contact and pilot pages' forms. Their own `title`
 * is the admin's name of the form ("Demo request (dialog)"), not meant for visitors.
 */
export const BUILT_IN_PUBLIC_TITLES: Record<BuiltInForm, string> = {
  'demo-request': 'Request Demo',
  'pricing-request': 'Get Pricing Information',
  contact: 'Send us a Message',
  'pilot-request': 'Request Your Free Trial',
};

/** A form's title as visitors read it: a custom form's own, a built-in form's fixed one. */
export const publicTitle = (id: string, form: Pick<FormDefinition, 'title'>): string =>
  isBuiltInForm(id) ? BUILT_IN_PUBLIC_TITLES[id] : form.title;

export async function publicForm(id: string, form: FormDefinition): Promise<PublicForm> {
  return {
    id,
    title: publicTitle(id, form),
    fields: form.fields,
    consent: { ...form.consent, version: await consentVersion(form.consent.text) },
    submitLabel: form.submitLabel,
    successMessage: form.successMessage,
  };
}

/** A consent as the lead keeps it: what the visitor saw and whether they ticked it. */
export const consentRecordSchema = z.object({
  given: z.boolean(),
  text: z.string(),
  version: z.string(),
  at: z.iso.datetime(),
  privacyUrl: z.string().optional(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** A custom field's value in a lead: text, or a checkbox's true/false. */
export const fieldValueSchema = z.union([z.string(), z.boolean()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

const EMAIL = z.email();

export type SubmissionIssue = { path: (string | number)[]; message: string };

/**
 * A submission's `fields` checked against a definition. Returns the cleaned values (one-line
 * fields trimmed, text areas without control characters, empty optional fields dropped, a
 * phone number as typed with its spaces tidied) with the phone fields' E.164 form where one
 * can be derived (functions/shared/phone.ts), or the problems, each naming its field:
 * `fields.<name>`.
 */
export function checkSubmission(
  form: FormDefinition,
  values: Record<string, unknown>,
):
  | { ok: true; values: Record<string, FieldValue>; phones: Record<string, string> }
  | { ok: false; issues: SubmissionIssue[] } {
  const issues: SubmissionIssue[] = [];
  const cleaned: Record<string, FieldValue> = {};
  const phones: Record<string, string> = {};
  const byName = new Map(form.fields.map((field) => [field.name, field]));
  for (const name of Object.keys(values)) {
    if (!byName.has(name))
      issues.push({ path: ['fields', name], message: 'is not a field of this form' });
  }
  for (const field of form.fields) {
    const path = ['fields', field.name];
    const raw = values[field.name];
    if (field.type === 'checkbox') {
      if (raw === undefined || raw === null) {
        if (field.required) issues.push({ path, message: 'must be ticked' });
        else cleaned[field.name] = false;
        continue;
      }
      if (typeof raw !== 'boolean') {
        issues.push({ path, message: 'must be true or false' });
        continue;
      }
      if (field.required && !raw) issues.push({ path, message: 'must be ticked' });
      cleaned[field.name] = raw;
      continue;
    }
    if (raw === undefined || raw === null) {
      if (field.required) issues.push({ path, message: 'is required' });
      continue;
    }
    if (typeof raw !== 'string') {
      issues.push({ path, message: 'must be text' });
      continue;
    }
    let value: string;
    if (field.type === 'textarea') {
      value = stripControls(raw).trim();
    } else {
      if (CONTROL_CHARACTERS.test(raw)) {
        issues.push({ path, message: ONE_LINE_MESSAGE });
        continue;
      }
      value = raw.trim();
    }
    const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
    if (value.length > max) {
      issues.push({ path, message: `must be at most ${max} characters` });
      continue;
    }
    if (!value) {
      if (field.required) issues.push({ path, message: 'is required' });
      continue;
    }
    if (field.type === 'email' && !EMAIL.safeParse(value).success) {
      issues.push({ path, message: 'must be a valid email address' });
      continue;
    }
    if (field.type === 'tel') {
      const phone = checkPhone(value);
      if (!phone.ok) {
        issues.push({ path, message: phone.problem });
        continue;
      }
      value = phone.phone.display;
      const normal = normalPhone(phone.phone);
      if (normal) phones[field.name] = normal;
    }
    if (field.type === 'select' && !field.options?.some((option) => option.value === value)) {
      const choices = (field.options ?? []).map((option) => option.value).join(', ');
      issues.push({ path, message: `must be one of: ${choices}` });
      continue;
    }
    cleaned[field.name] = value;
  }
  return issues.length ? { ok: false, issues } : { ok: true, values: cleaned, phones };
}
