// The page's contact form (issue 26: content.formId in functions/shared/landing-content.ts):
// which form its Request Demo dialog shows; its select (FormSelect) also picks the form of a
// gated download, of a form block and of a hero's or final call to action's buttons
// (structured-editor.tsx, widget 'form'; issue 35). A choice among the forms of GET
// /api/admin/forms; empty is the built-in demo request, or what the field's `emptyChoice` says
// (a button's: the page's contact form), and a required field (a form block's) has no empty
// choice. When the list cannot be loaded, the id can still be typed, and the server checks it on
// save.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formListSchema } from '../../../../../functions/shared/forms/definition.ts';
import { request, describeError } from '../../api.ts';
import { FieldError, inputClass } from '../../ui.tsx';

const PICKER_KEY = ['form-picker', '/api/admin/forms'] as const;
const DEFAULT_FORM = 'demo-request';

/** The forms of the Forms tab as a select (a text box while the list cannot be loaded). */
export function FormSelect({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  required = false,
  emptyChoice,
}: {
  id: string;
  /** A form id; undefined: the built-in demo request (or `emptyChoice`). */
  value: string | undefined;
  onChange: (formId: string | undefined) => void;
  invalid: boolean;
  describedBy: string | undefined;
  /** A form must be chosen: the demo request is a choice like the others, never "empty". */
  required?: boolean;
  /** What no form means, as the first choice (the demo request is then a choice of its own). */
  emptyChoice?: string | undefined;
}) {
  const forms = useFormList();
  // Without an empty choice of its own, an optional field's empty is the demo request.
  const emptyIsDefault = !required && !emptyChoice;
  const change = (next: string) =>
    onChange(next && !(emptyIsDefault && next === DEFAULT_FORM) ? next : undefined);
  const list = forms.data;
  const known = !value || list?.some((form) => form.id === value);
  return list ? (
    <select
      id={id}
      value={value ?? (emptyIsDefault ? DEFAULT_FORM : '')}
      onChange={(event) => change(event.target.value)}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      className={inputClass}
    >
      {emptyChoice && <option value="">{emptyChoice}</option>}
      {required && !value && <option value="">Choose a form…</option>}
      {list.map((form) => (
        <option key={form.id} value={form.id}>
          {form.title}
          {emptyIsDefault && form.id === DEFAULT_FORM
            ? ' (default)'
            : form.builtIn
              ? ' (built-in)'
              : ''}
        </option>
      ))}
      {!known && <option value={value}>{value} (no such form)</option>}
    </select>
  ) : (
    <input
      id={id}
      value={value ?? ''}
      placeholder={emptyIsDefault ? DEFAULT_FORM : undefined}
      onChange={(event) => change(event.target.value.trim())}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      className={inputClass}
    />
  );
}

const useFormList = () =>
  useQuery({
    queryKey: PICKER_KEY,
    queryFn: async () => (await request(formListSchema, 'GET', '/api/admin/forms')).forms,
    staleTime: 30_000,
  });

export function FormPicker({
  value,
  onChange,
  errors,
}: {
  /** content.formId; undefined: the built-in demo request. */
  value: string | undefined;
  onChange: (formId: string | undefined) => void;
  errors: string[] | undefined;
}) {
  const id = useId();
  const forms = useFormList();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, errors?.length ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="mb-3 rounded-md border border-slate-200 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        Contact form
      </label>
      <FormSelect
        id={id}
        value={value}
        onChange={onChange}
        invalid={Boolean(errors?.length)}
        describedBy={describedBy}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        The form of this page&apos;s Request Demo dialog (Forms tab); the pricing dialog always uses
        the pricing form.
        {forms.isError && (
          <> The list of forms could not be loaded: {describeError(forms.error)} Type a form id.</>
        )}
      </p>
      <FieldError id={errorId} messages={errors} label="The contact form" />
    </div>
  );
}
