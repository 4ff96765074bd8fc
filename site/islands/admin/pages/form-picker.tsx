// The page's contact form (issue 26: content.formId in functions/shared/landing-content.ts):
// which form its Request Demo dialog shows. A choice among the forms of GET /api/admin/forms;
// empty is the built-in demo request. When the list cannot be loaded, the id can still be
// typed, and the server checks it on save.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { FormSummary } from '../../../../functions/shared/forms.ts';
import { request, describeError } from '../api.ts';
import { FieldError, inputClass } from '../ui.tsx';

const PICKER_KEY = ['form-picker', '/api/admin/forms'] as const;
const DEFAULT_FORM = 'demo-request';

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
  const forms = useQuery({
    queryKey: PICKER_KEY,
    queryFn: async () => (await request<{ forms: FormSummary[] }>('GET', '/api/admin/forms')).forms,
    staleTime: 30_000,
  });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, errors?.length ? errorId : ''].filter(Boolean).join(' ');
  const change = (next: string) => onChange(next && next !== DEFAULT_FORM ? next : undefined);
  const list = forms.data;
  const known = !value || list?.some((form) => form.id === value);

  return (
    <div className="mb-3 rounded-md border border-slate-200 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        Contact form
      </label>
      {list ? (
        <select
          id={id}
          value={value ?? DEFAULT_FORM}
          onChange={(event) => change(event.target.value)}
          aria-invalid={Boolean(errors?.length)}
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
          aria-invalid={Boolean(errors?.length)}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
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
