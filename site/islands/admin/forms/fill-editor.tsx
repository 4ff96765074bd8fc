// Where a hidden field takes its value from, in the field form: a URL parameter (suggested
// names, or one typed) or a fact of the page (its id, path or experiment variant). Governed
// by docs/decisions/0165-form-editor.md.
import { useId } from 'react';
import { PAGE_VALUE_LABELS, PAGE_VALUES } from '../../../../functions/shared/forms/fields.ts';
import { TextField } from '../ui.tsx';
import { SelectField } from './controls.tsx';
import { SUGGESTED_PARAMS, type FieldPartProps } from './form-editing.ts';

export function FillEditor({ field, errors, onChange }: FieldPartProps) {
  const fill = field.fill ?? { from: 'url' as const, param: '' };
  const group = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Source of the value</legend>
      <p className="text-xs text-slate-600">
        Visitors never see a hidden field: it takes its value from the address they came with, or
        from the page.
      </p>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input
            type="radio"
            name={group}
            checked={fill.from === 'url'}
            onChange={() => onChange({ ...field, fill: { from: 'url', param: 'utm_source' } })}
            className="mt-1"
          />
          <span>
            <span className="font-medium text-slate-900">A URL parameter</span>
            <span className="block text-xs text-slate-600">utm_campaign, gclid, ...</span>
          </span>
        </label>
        <label className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input
            type="radio"
            name={group}
            checked={fill.from === 'page'}
            onChange={() => onChange({ ...field, fill: { from: 'page', value: 'pageId' } })}
            className="mt-1"
          />
          <span>
            <span className="font-medium text-slate-900">The page</span>
            <span className="block text-xs text-slate-600">Its id, path or experiment variant</span>
          </span>
        </label>
      </div>
      <div className="mt-3">
        {fill.from === 'url' ? (
          <>
            <TextField
              label="URL parameter"
              hint="The parameter's name, as in ?utm_campaign=spring: pick one or type your own."
              value={fill.param}
              list={`${group}-params`}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) =>
                onChange({ ...field, fill: { from: 'url', param: event.target.value.trim() } })
              }
              errors={errors['fill.param'] ?? errors['fill']}
            />
            <datalist id={`${group}-params`}>
              {SUGGESTED_PARAMS.map((param) => (
                <option key={param} value={param} />
              ))}
            </datalist>
          </>
        ) : (
          <SelectField
            label="Page value"
            value={fill.value}
            onChange={(event) =>
              onChange({
                ...field,
                fill: { from: 'page', value: event.target.value as (typeof PAGE_VALUES)[number] },
              })
            }
            errors={errors['fill.value'] ?? errors['fill']}
            {...(fill.value === 'variantId'
              ? { hint: 'Empty when no experiment runs on the page.' }
              : {})}
          >
            {PAGE_VALUES.map((value) => (
              <option key={value} value={value}>
                {PAGE_VALUE_LABELS[value]}
              </option>
            ))}
          </SelectField>
        )}
      </div>
    </fieldset>
  );
}
