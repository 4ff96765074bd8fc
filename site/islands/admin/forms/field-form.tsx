// The settings of the field chosen in the field list: label, name (a reserved name locks its
// type, and the two names the page sets are refused with a sentence), type, required, help,
// the longest value, a choice list's options (value, label, the preselected one; added,
// removed and moved) and a hidden field's source (a URL parameter or a fact of the page).
import { useId, useLayoutEffect, useRef } from 'react';
import {
  DEFAULT_MAX_LENGTH,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  MAX_OPTIONS,
  PAGE_VALUE_LABELS,
  PAGE_VALUES,
  type FieldType,
  type FormField,
} from '../../../../functions/shared/forms.ts';
import type { FieldErrors } from '../api.ts';
import { Icon } from '../icons.tsx';
import { Button, FieldError, InfoTip, inputClass, TextField, Tooltip } from '../ui.tsx';
import { CheckboxField, SelectField } from './controls.tsx';
import {
  isReserved,
  lockedTypeReason,
  moveItem,
  moveKey,
  optionValueFrom,
  refusedName,
  RESERVED_MEANINGS,
  SUGGESTED_PARAMS,
  without,
  withType,
} from './form-editing.ts';

type Option = NonNullable<FormField['options']>[number];

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

function OptionsEditor({
  field,
  errors,
  onChange,
}: {
  field: FormField;
  errors: FieldErrors;
  onChange: (field: FormField) => void;
}) {
  const options = field.options ?? [];
  const legend = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  // Where focus goes once the list has re-rendered after a move, an addition or a removal.
  const pending = useRef<string | undefined>(undefined);
  const setFocus = (key: string) => {
    pending.current = key;
  };
  useLayoutEffect(() => {
    const focus = pending.current;
    if (focus === undefined) return;
    pending.current = undefined;
    const wanted = box.current?.querySelector<HTMLElement>(`[data-focus="${focus}"]`);
    // A move button at the end of the list is disabled: the option's label takes focus.
    const target =
      wanted && !(wanted as HTMLButtonElement).disabled
        ? wanted
        : box.current?.querySelector<HTMLElement>(`[data-focus="${focus.split(':')[0]}:label"]`);
    target?.focus();
  });
  const setOptions = (next: Option[], preselected = field.default) => {
    const rest = without(field, 'default');
    onChange(
      preselected !== undefined
        ? { ...rest, options: next, default: preselected }
        : { ...rest, options: next },
    );
  };
  const relabel = (index: number, label: string) => {
    const option = options[index]!;
    // The value follows the label while it is the label's own (a new option's).
    const follows = option.value === '' || option.value === optionValueFrom(option.label);
    const value = follows ? optionValueFrom(label) : option.value;
    const preselected = field.default === option.value ? value : field.default;
    setOptions(
      options.map((o, at) => (at === index ? { value, label } : o)),
      preselected,
    );
  };
  const move = (index: number, delta: -1 | 1, on: string) => {
    const to = index + delta;
    if (to < 0 || to >= options.length) return;
    setOptions(moveItem(options, index, to));
    setFocus(`${to}:${on}`);
  };
  const remove = (index: number) => {
    const gone = options[index]!;
    setOptions(
      options.filter((_, at) => at !== index),
      field.default === gone.value ? undefined : field.default,
    );
    setFocus(options.length > 1 ? `${Math.min(index, options.length - 2)}:label` : 'add');
  };
  const add = () => {
    const label = `Option ${options.length + 1}`;
    setOptions([...options, { value: optionValueFrom(label), label }]);
    setFocus(`${options.length}:label`);
  };
  const listErrors = errors['options'];
  return (
    <fieldset ref={box} aria-describedby={listErrors ? `${legend}-error` : undefined}>
      <legend id={legend} className="text-sm font-medium text-slate-800">
        Options
      </legend>
      <p className="text-xs text-slate-600">
        The label is what visitors see; the value is what the lead keeps. Alt+Arrow Up and Alt+Arrow
        Down move the option that has focus.
      </p>
      <ol className="mt-2 grid grid-cols-1 gap-2" aria-label="Options" data-testid="option-list">
        {options.map((option, index) => {
          const n = index + 1;
          return (
            <li
              key={index}
              onKeyDown={(event) => {
                const delta = moveKey(event);
                if (!delta) return;
                event.preventDefault();
                const active = document.activeElement as HTMLElement | null;
                move(index, delta, active?.dataset['focus']?.split(':')[1] ?? 'label');
              }}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
            >
              <OptionInput
                label={`Option ${n} label`}
                value={option.label}
                focusKey={`${index}:label`}
                onChange={(label) => relabel(index, label)}
                errors={errors[`options.${index}.label`]}
              />
              <OptionInput
                label={`Option ${n} value`}
                value={option.value}
                focusKey={`${index}:value`}
                mono
                onChange={(value) =>
                  setOptions(
                    options.map((o, at) => (at === index ? { ...o, value } : o)),
                    field.default === option.value ? value : field.default,
                  )
                }
                errors={errors[`options.${index}.value`]}
              />
              <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 sm:col-span-1 sm:pt-5">
                <label className="flex items-center gap-1.5 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    data-focus={`${index}:preselected`}
                    checked={field.default === option.value}
                    onChange={(event) =>
                      setOptions(options, event.target.checked ? option.value : undefined)
                    }
                    className="h-6 w-6 accent-brand-700"
                  />
                  Preselected<span className="sr-only">: option {n}</span>
                </label>
                <span className="flex">
                  <Tooltip content={`Move option ${n} up`}>
                    <button
                      type="button"
                      data-focus={`${index}:up`}
                      aria-label={`Move option ${n} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1, 'up')}
                      className={SMALL_BUTTON}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                  </Tooltip>
                  <Tooltip content={`Move option ${n} down`}>
                    <button
                      type="button"
                      data-focus={`${index}:down`}
                      aria-label={`Move option ${n} down`}
                      disabled={index === options.length - 1}
                      onClick={() => move(index, 1, 'down')}
                      className={SMALL_BUTTON}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                  </Tooltip>
                  <Tooltip content={`Remove option ${n}`}>
                    <button
                      type="button"
                      aria-label={`Remove option ${n}`}
                      onClick={() => remove(index)}
                      className={`${SMALL_BUTTON} text-red-700`}
                    >
                      <Icon name="trash" />
                    </button>
                  </Tooltip>
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <FieldError id={`${legend}-error`} messages={listErrors} label="The option list" />
      {errors['default'] && (
        <FieldError
          id={`${legend}-default`}
          messages={errors['default']}
          label="The preselected option"
        />
      )}
      <Button
        data-focus="add"
        onClick={add}
        disabled={options.length >= MAX_OPTIONS}
        className="mt-2"
      >
        Add option
      </Button>
    </fieldset>
  );
}

const SMALL_BUTTON =
  'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300';

function OptionInput({
  label,
  value,
  focusKey,
  mono = false,
  onChange,
  errors,
}: {
  label: string;
  value: string;
  focusKey: string;
  mono?: boolean;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        data-focus={focusKey}
        value={value}
        spellCheck={!mono}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(errors?.length)}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className={`${inputClass} ${mono ? 'font-mono' : ''}`}
      />
      <FieldError
        id={`${id}-error`}
        messages={errors}
        label={label.replace(/^Option \d+ /, 'The ')}
      />
    </div>
  );
}

function FillEditor({
  field,
  errors,
  onChange,
}: {
  field: FormField;
  errors: FieldErrors;
  onChange: (field: FormField) => void;
}) {
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
