// The public forms' fields as a definition describes them (issue 26,
// docs/decisions/0166-forms-on-the-public-site.md): the landing page's dialog
// (site/islands/landing/contact-dialog.tsx), the contact and pilot pages
// (site/islands/contact/contact-form.tsx) and the form editor's live preview render a definition
// through this one component, so what the team previews is what visitors get. Two looks, the
// dialog's and the page's, with the classes those forms had before definitions, so the built-in
// forms look as they always did.
import { useState, type ReactNode } from 'react';
import type { FormField } from '../../../functions/shared/forms/fields.ts';
import { formMessages, type FormMessages } from './form-messages.ts';
import { DEFAULT_PAGE_LOCALE } from './page-locale.ts';
import {
  CONSENT_KEY,
  initialValues,
  type FormErrors,
  type FormValue,
  type FormValues,
  type PageFacts,
  type RenderableForm,
} from './form-values.ts';

export {
  CONSENT_KEY,
  initialValues,
  type FormErrors,
  type FormValue,
  type FormValues,
  type PageFacts,
  type RenderableForm,
};

/** `dialog`: the landing page's dialog, one column. `page`: the contact page, one-line fields in two columns. */
export type FormLook = 'dialog' | 'page';

/** The submit button, when FormFields draws it (the dialog draws its own row with Cancel). */
export interface FormSubmit {
  /** Shown while sending (the dialog's 'Submitting...', the page's 'Sending...'). */
  sending?: boolean;
  sendingLabel?: string;
  disabled?: boolean;
}

export interface FormFieldsProps {
  /** A PublicForm (GET /api/forms/:id) or the editor's FormDefinition: fields, consent, submit label. */
  form: RenderableForm;
  /** Prefix of every control's id (React's useId()): labels, errors and help point at them. */
  idPrefix: string;
  look?: FormLook;
  /**
   * The values by field name (CONSENT_KEY: the consent box). Leave out with onChange for a
   * form that keeps its own values (the editor's preview).
   */
  values?: FormValues;
  onChange?: (name: string, value: FormValue) => void;
  /** Errors by field name or CONSENT_KEY: "<Label> <messages>." beside the field, aria-invalid. */
  errors?: FormErrors;
  /** Every control disabled (the dialog while it sends and once sent). */
  disabled?: boolean;
  /** Hidden fields' sources, for a form that keeps its own values. */
  facts?: PageFacts;
  /** Drawn after the fields and the consent box, before the submit button (the honeypot, the alert). */
  children?: ReactNode;
  /** Draws the submit button (the definition's label) after `children`. */
  submit?: FormSubmit;
  /**
   * The form's own words ("Choose...", the privacy link, field errors); by default those of the
   * definition's `locale` (English for one without), so the build and the browser agree.
   */
  messages?: FormMessages;
}

const LOOKS = {
  dialog: {
    label: 'block text-sm font-medium text-slate-800',
    control:
      'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600 disabled:bg-slate-100',
    rows: 4,
    join: '; ',
    checkbox: 'h-6 w-6 shrink-0 accent-brand-700 disabled:opacity-70',
    help: 'mt-1 text-sm text-slate-600',
    submit:
      'rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70',
  },
  page: {
    label: 'block text-sm font-medium text-ink',
    control:
      'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-700 aria-[invalid=true]:border-red-700',
    rows: 6,
    join: ', ',
    checkbox: 'h-6 w-6 shrink-0 accent-brand-700',
    help: 'mt-1 text-sm text-slate-700',
    submit:
      'inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto',
  },
} as const;

const ONE_LINE = new Set(['text', 'email', 'tel']);

/** The page look's rows: runs of one-line fields share a two-column grid, the rest span it. */
function rows(fields: readonly FormField[], look: FormLook): FormField[][] {
  if (look === 'dialog') return fields.map((field) => [field]);
  const result: FormField[][] = [];
  for (const field of fields) {
    const last = result.at(-1);
    if (ONE_LINE.has(field.type) && last && ONE_LINE.has(last[0]!.type)) last.push(field);
    else result.push([field]);
  }
  return result;
}

/**
 * A definition's fields (text, e-mail, phone, long text, choice list, checkbox; hidden ones
 * as hidden inputs), each with its label (a red * when required), help, length limit,
 * autocomplete token and errors; then the consent box (its text and the privacy link) and,
 * with `submit`, the submit button. The caller owns the <form> element.
 */
export function FormFields(props: FormFieldsProps) {
  const { form, idPrefix, look = 'page', errors = {}, disabled, children, submit } = props;
  const words = props.messages ?? formMessages(form.locale ?? DEFAULT_PAGE_LOCALE);
  // Without `values`, the changes made here over the empty form (which follows the definition).
  const [own, setOwn] = useState<FormValues>({});
  const values = props.values ?? { ...initialValues(form.fields, props.facts), ...own };
  const change = (name: string, value: FormValue) => {
    if (props.onChange) props.onChange(name, value);
    if (!props.values) setOwn((current) => ({ ...current, [name]: value }));
  };
  const classes = LOOKS[look];
  // The consent box's id cannot be a field's: field names have no hyphen.
  const idOf = (name: string) =>
    name === CONSENT_KEY ? `${idPrefix}--consent` : `${idPrefix}-${name}`;
  const errorId = (name: string) => `${idOf(name)}-error`;

  const errorText = (key: string, label: string) => {
    const messages = errors[key];
    if (!messages?.length) return null;
    return (
      <p id={errorId(key)} className="mt-1 text-sm text-red-700" data-field-error={key}>
        {label} {messages.map(words.problem).join(classes.join)}.
      </p>
    );
  };

  const describedBy = (key: string, help: boolean) =>
    [help ? `${idOf(key)}-help` : '', errors[key]?.length ? errorId(key) : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const requiredMark = (
    <span className="text-red-700" aria-hidden="true">
      {' '}
      *
    </span>
  );

  const control = (field: FormField) => {
    const value = values[field.name];
    const text = typeof value === 'string' ? value : '';
    const common = {
      id: idOf(field.name),
      name: field.name,
      required: field.required || undefined,
      disabled,
      'aria-invalid': errors[field.name]?.length ? true : undefined,
      'aria-describedby': describedBy(field.name, Boolean(field.help)),
    };
    switch (field.type) {
      case 'textarea':
        return (
          <textarea
            {...common}
            className={classes.control}
            rows={classes.rows}
            maxLength={field.maxLength}
            value={text}
            onChange={(event) => change(field.name, event.target.value)}
          />
        );
      case 'select':
        return (
          <select
            {...common}
            className={classes.control}
            autoComplete={field.autocomplete}
            value={text}
            onChange={(event) => change(field.name, event.target.value)}
          >
            {field.default === undefined && <option value="">{words.choose}</option>}
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        );
      default:
        return (
          <input
            {...common}
            type={field.type}
            className={classes.control}
            autoComplete={field.autocomplete}
            maxLength={field.maxLength}
            value={text}
            onChange={(event) => change(field.name, event.target.value)}
          />
        );
    }
  };

  const help = (key: string, text: string | undefined) =>
    text ? (
      <p id={`${idOf(key)}-help`} className={classes.help}>
        {text}
      </p>
    ) : null;

  const fieldBlock = (field: FormField) => {
    if (field.type === 'checkbox') {
      return (
        <div key={field.name}>
          <div className="flex items-start gap-3">
            <input
              id={idOf(field.name)}
              name={field.name}
              type="checkbox"
              className={classes.checkbox}
              required={field.required || undefined}
              disabled={disabled}
              checked={values[field.name] === true}
              aria-invalid={errors[field.name]?.length ? true : undefined}
              aria-describedby={describedBy(field.name, Boolean(field.help))}
              onChange={(event) => change(field.name, event.target.checked)}
            />
            <label htmlFor={idOf(field.name)} className={classes.label}>
              {field.label}
              {field.required && requiredMark}
            </label>
          </div>
          {help(field.name, field.help)}
          {errorText(field.name, field.label)}
        </div>
      );
    }
    return (
      <div key={field.name}>
        <label htmlFor={idOf(field.name)} className={classes.label}>
          {field.label}
          {field.required && requiredMark}
        </label>
        {control(field)}
        {help(field.name, field.help)}
        {errorText(field.name, field.label)}
      </div>
    );
  };

  const shown = form.fields.filter((field) => field.type !== 'hidden');
  const hidden = form.fields.filter((field) => field.type === 'hidden');
  const { consent } = form;
  const consentId = idOf(CONSENT_KEY);

  return (
    <>
      {rows(shown, look).map((row) =>
        row.length > 1 ? (
          <div key={row[0]!.name} className="grid gap-5 sm:grid-cols-2">
            {row.map(fieldBlock)}
          </div>
        ) : (
          fieldBlock(row[0]!)
        ),
      )}
      {hidden.map((field) => (
        <input
          key={field.name}
          type="hidden"
          name={field.name}
          value={String(values[field.name] ?? '')}
        />
      ))}
      {consent.text && (
        <div>
          <div className="flex items-start gap-3">
            <input
              id={consentId}
              type="checkbox"
              data-consent=""
              className={classes.checkbox}
              required={consent.required || undefined}
              disabled={disabled}
              checked={values[CONSENT_KEY] === true}
              aria-invalid={errors[CONSENT_KEY]?.length ? true : undefined}
              aria-describedby={errors[CONSENT_KEY]?.length ? errorId(CONSENT_KEY) : undefined}
              onChange={(event) => change(CONSENT_KEY, event.target.checked)}
            />
            <div className="text-sm text-slate-700">
              <label htmlFor={consentId} className="whitespace-pre-line">
                {consent.text}
                {consent.required && requiredMark}
              </label>
              {consent.privacyUrl && (
                <>
                  {' '}
                  <a
                    href={consent.privacyUrl}
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700"
                  >
                    {words.privacyPolicy}
                  </a>
                </>
              )}
            </div>
          </div>
          {errorText(CONSENT_KEY, words.consent)}
        </div>
      )}
      {children}
      {submit && (
        <button
          type="submit"
          disabled={submit.disabled || submit.sending}
          className={classes.submit}
        >
          {submit.sending ? (submit.sendingLabel ?? words.sending) : form.submitLabel}
        </button>
      )}
    </>
  );
}
