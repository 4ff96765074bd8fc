// The form editor's live preview: the definition as edited, drawn by the public forms' own
// renderer (site/islands/forms/form-fields.tsx), in the dialog's look or the contact page's,
// so what the team previews is what visitors get. It can be filled in; nothing is sent.
import { useId, useState } from 'react';
import type { FormDefinition } from '../../../../functions/shared/forms/definition.ts';
import { FormFields, type FormLook } from '../../forms/form-fields.tsx';

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * What the renderer can draw while the definition is being edited: fields with a usable,
 * unique name (a half-typed name or a duplicate shows once it is fixed).
 */
export function previewable(form: FormDefinition): FormDefinition {
  const seen = new Set<string>();
  return {
    ...form,
    fields: form.fields.filter((field) => {
      if (!FIELD_NAME.test(field.name) || seen.has(field.name)) return false;
      seen.add(field.name);
      return true;
    }),
  };
}

export function FormPreview({ form, formId }: { form: FormDefinition; formId: string }) {
  const [look, setLook] = useState<FormLook>(
    formId === 'contact' || formId === 'pilot-request' ? 'page' : 'dialog',
  );
  const [note, setNote] = useState('');
  const idPrefix = useId();
  const shown = previewable(form);
  // The renderer keeps its own values from its first render: a new field, or a new
  // preselected option, starts it afresh.
  const shape = shown.fields
    .map((field) => `${field.name}:${field.type}:${field.default ?? ''}`)
    .join('|');
  const hiddenCount = shown.fields.filter((field) => field.type === 'hidden').length;
  return (
    <section
      aria-labelledby={`${idPrefix}-heading`}
      data-testid="form-preview"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 id={`${idPrefix}-heading`} className="text-lg font-semibold text-ink">
          Preview
        </h3>
        <fieldset className="flex items-center gap-1 text-sm">
          <legend className="sr-only">Preview as</legend>
          {(
            [
              ['dialog', 'Dialog'],
              ['page', 'Page'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="cursor-pointer rounded-md border border-slate-300 px-2.5 py-1 text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={`${idPrefix}-look`}
                value={value}
                checked={look === value}
                onChange={() => setLook(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="p-4">
        <p className="mb-4 text-xs text-slate-600">
          As visitors see it. Try it out: nothing is sent from here.
          {hiddenCount > 0 &&
            ` ${hiddenCount === 1 ? 'One hidden field is' : `${hiddenCount} hidden fields are`} filled as visitors arrive and not shown.`}
        </p>
        <form
          aria-label="Preview of the form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setNote(
              `This is a preview: nothing was sent. Visitors would read: ${form.successMessage}`,
            );
          }}
          onChange={() => setNote('')}
          className={look === 'page' ? 'grid gap-5' : 'space-y-4'}
        >
          <FormFields
            key={shape}
            form={shown}
            idPrefix={`${idPrefix}-field`}
            look={look}
            submit={{}}
          />
          <p role="status" className="text-sm text-slate-700">
            {note}
          </p>
        </form>
      </div>
    </section>
  );
}
