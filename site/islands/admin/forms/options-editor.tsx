// A choice list's options in the field form: each option's label and value (the value
// follows the label while it is the label's own), the preselected one, and moving (buttons
// or Alt+Arrow keys; focus follows the moved option), adding and removing. Governed by
// docs/decisions/0165-form-editor.md.
import { useId, useLayoutEffect, useRef } from 'react';
import { MAX_OPTIONS, type FormField } from '../../../../functions/shared/forms/fields.ts';
import { Icon } from '../icons.tsx';
import { Button, FieldError, inputClass, Tooltip } from '../ui.tsx';
import {
  moveItem,
  moveKey,
  optionValueFrom,
  without,
  type FieldPartProps,
} from './form-editing.ts';

type Option = NonNullable<FormField['options']>[number];

export function OptionsEditor({ field, errors, onChange }: FieldPartProps) {
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
