// The built-in forms (docs/decisions/0161-form-model.md): the dialog's two and the site's
// two, the lead type each writes, and their definitions before anyone edits them, which
// reproduce docs/requirements.md's dialog and contact page exactly. Part of
// functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import { INQUIRY_LABELS, INQUIRY_TYPES, type FormType } from '../contact.ts';
import type { AutoReply } from './auto-reply.ts';
import type { ConsentSettings } from './consent.ts';
import type { FormDefinition } from './definition.ts';
import type { FormField } from './fields.ts';

/** The built-in forms: the dialog's two and the site's two. */
export const BUILT_IN_FORMS = [
  'demo-request',
  'pricing-request',
  'contact',
  'pilot-request',
] as const;
export type BuiltInForm = (typeof BUILT_IN_FORMS)[number];

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
