// The settings of the field chosen in the field list: label, name (a reserved name locks its
// type, and the two names the page sets are refused with a sentence), type, required, help,
// the longest value, a choice list's options (options-editor.tsx: value, label, the
// preselected one; added, removed and moved) and a hidden field's source (fill-editor.tsx: a
// URL parameter or a fact of the page). Governed by docs/decisions/0165-form-editor.md.
import {
  DEFAULT_MAX_LENGTH,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  type FieldType,
  type FormField,
} from '../../../../functions/shared/forms/fields.ts';
import type { FieldErrors } from '../api.ts';
import { InfoTip, TextField } from '../ui.tsx';
import { CheckboxField, SelectField } from './controls.tsx';
import { FillEditor } from './fill-editor.tsx';
import { OptionsEditor } from './options-editor.tsx';
import {
  isReserved,
  lockedTypeReason,
  refusedName,
  RESERVED_MEANINGS,
  without,
  withType,
} from './form-editing.ts';

export function FieldForm({
  field,
  errors,
  onLabel,
  onName,
  onChange,
}: {
  field: FormField;
  /** This field's errors, by property (`name`, `options.0.value`). */
  errors: FieldErrors;
  onLabel: (label: string) => void;
  onName: (name: string) => void;
  onChange: (field: FormField) => void;
}) {
  const locked = lockedTypeReason(field.name);
  const refused = refusedName(field.name);
  const lengthy = field.type !== 'checkbox' && field.type !== 'select' && field.type !== 'hidden';
  const nameHint = isReserved(field.name)
    ? `Reserved: fills ${RESERVED_MEANINGS[field.name]}.`
    : 'The key in the lead: a letter, then letters, digits or _.';
  // The schema says the same as `refused` in other words: one sentence is enough.
  const nameErrors = refused ? [refused] : errors['name'];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        data-focus="label"
        label="Label"
        hint="What visitors read above the field."
        value={field.label}
        onChange={(event) => onLabel(event.target.value)}
        errors={errors['label']}
      />
      <TextField
        label="Name"
        hint={nameHint}
        value={field.name}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onName(event.target.value.trim())}
        errors={nameErrors}
      />
      <SelectField
        label="Type"
        value={field.type}
        disabled={Boolean(locked)}
        onChange={(event) => onChange(withType(field, event.target.value as FieldType))}
        errors={errors['type']}
        after={locked ? <InfoTip about="the locked type">{locked}</InfoTip> : undefined}
        {...(locked ? { hint: `Locked: "${field.name}" is a reserved name.` } : {})}
      >
        {FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {FIELD_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label="Required"
        hint={
          field.type === 'hidden'
            ? 'A hidden field is never required: visitors cannot fill it in.'
            : 'Visitors cannot send the form without it.'
        }
        checked={field.required}
        disabled={field.type === 'hidden'}
        onChange={(required) => onChange({ ...field, required })}
        errors={errors['required']}
        className="self-end"
      />
      {field.type !== 'hidden' && (
        <TextField
          label="Help text"
          hint="Optional: a line under the field."
          value={field.help ?? ''}
          onChange={(event) => {
            const rest = without(field, 'help');
            onChange(event.target.value ? { ...rest, help: event.target.value } : rest);
          }}
          errors={errors['help']}
          className="sm:col-span-2"
        />
      )}
      {lengthy && (
        <TextField
          label="Longest value"
          hint={`Characters; empty for ${DEFAULT_MAX_LENGTH[field.type]}.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={DEFAULT_MAX_LENGTH[field.type]}
          value={field.maxLength ?? ''}
          onChange={(event) => {
            const rest = without(field, 'maxLength');
            const value = event.target.value;
            onChange(value === '' ? rest : { ...rest, maxLength: Number(value) });
          }}
          errors={errors['maxLength']}
        />
      )}
      {field.type === 'select' && (
        <div className="sm:col-span-2">
          <OptionsEditor field={field} errors={errors} onChange={onChange} />
        </div>
      )}
      {field.type === 'hidden' && (
        <div className="sm:col-span-2">
          <FillEditor field={field} errors={errors} onChange={onChange} />
        </div>
      )}
    </div>
  );
}
