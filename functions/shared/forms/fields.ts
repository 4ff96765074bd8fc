// A form's fields (docs/decisions/0161-form-model.md): the field types, the reserved names
// a lead gives a meaning to, the default lengths, a hidden field's source, and the field's
// schema. Part of functions/shared/forms/, one module per concern (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { CONTROL_CHARACTERS, ONE_LINE_MESSAGE } from '../contact.ts';

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
export const MAX_OPTIONS = 50;

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

/** One line of text: trimmed, at most `max` characters, no control characters. */
export const oneLineText = (max: number, what = 'text') =>
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
