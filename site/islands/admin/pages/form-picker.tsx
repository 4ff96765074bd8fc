// The page's contact form (issue 26: content.formId in functions/shared/landing-content.ts):
// which form its Request Demo dialog shows; its select (FormSelect) also picks a gated
// download block's form (structured-editor.tsx, widget 'form'). A choice among the forms of GET /api/admin/forms;
// empty is the built-in demo request. When the list cannot be loaded, the id can still be
// typed, and the server checks it on save.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { FormSummary } from '../../../../functions/shared/forms.ts';
import { request, describeError } from '../api.ts';
import { FieldError, inputClass } from '../ui.tsx';

const PICKER_KEY = ['form-picker', '/api/admin/forms'] as const;
const DEFAULT_FORM = 'demo-request';

/** The forms of the Forms tab as a select (a text box while the list cannot be loaded). */
export function FormSelect({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  /** A form id; undefined: the built-in demo request. */
  value: string | undefined;
  onChange: (formId: string | undefined) => void;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  const forms = useFormList();
  const change = (next: string) => onChange(next && next !== DEFAULT_FORM ? next : undefined);
  const list = forms.data;
  const known = !value || list?.some((form) => form.id === value);
  return list ? (
    <select
      id={id}
      value={value ?? DEFAULT_FORM}
      onChange={(event) => change(event.target.value)}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      className={inputClass}
    >
      {list.map((form) => (
        <option key={form.id} value={form.id}>
          {form.title}
          {form.id === DEFAULT_FORM ? ' (default)' : form.builtIn ? ' (built-in)' : ''}
        </option>
      ))}
      {!known && <option value={value}>{value} (no such form)</option>}
    </select>
  ) : (
    <input
      id={id}
      value={value ?? ''}
      placeholder={DEFAULT_FORM}
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
    queryFn: async () => (await request<{ forms: FormSummary[] }>('GET', '/api/admin/forms')).forms,
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
