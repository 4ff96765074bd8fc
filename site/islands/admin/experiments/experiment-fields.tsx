// The experiment dialog's repeated fields: one variant's row (its name and traffic share,
// labelled with which variant it is, and Remove) and a whole-number field of the verdict
// rule's minimums, each with its errors beside it as sentences. Governed by
// docs/decisions/0150-experiment-model.md.
import { VARIANT_IDS } from '../../../../functions/shared/experiments.ts';
import { Button, FieldError, inputClass } from '../ui.tsx';
import type { VariantRow } from './form-rules.ts';

export function VariantRowFields({
  index,
  row,
  idPrefix,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  row: VariantRow;
  idPrefix: string;
  errors: { name?: string[]; weight?: string[]; other?: string[] };
  onChange: (patch: Partial<VariantRow>) => void;
  onRemove: (() => void) | undefined;
}) {
  const label =
    index === 0 ? 'Control' : `Variant ${VARIANT_IDS[index]?.toUpperCase() ?? index + 1}`;
  return (
    <li className="rounded-md border border-slate-200 p-2" data-testid="variant-row">
      <p aria-hidden="true" className="text-xs font-semibold text-slate-800">
        {index === 0 ? 'Control (the live page)' : label}
      </p>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${idPrefix}-name`} className="text-xs font-medium text-slate-700">
            <span className="sr-only">{label} </span>
            Name
          </label>
          <input
            id={`${idPrefix}-name`}
            value={row.name}
            maxLength={120}
            autoComplete="off"
            onChange={(event) => onChange({ name: event.target.value })}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? `${idPrefix}-name-error` : undefined}
            className={inputClass}
          />
        </div>
        <div className="w-24 shrink-0">
          <label htmlFor={`${idPrefix}-weight`} className="text-xs font-medium text-slate-700">
            <span className="sr-only">{label} </span>
            Share (%)
          </label>
          <input
            id={`${idPrefix}-weight`}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            step={1}
            value={row.weight}
            onChange={(event) => onChange({ weight: event.target.value })}
            aria-invalid={Boolean(errors.weight)}
            aria-describedby={errors.weight ? `${idPrefix}-weight-error` : undefined}
            className={`${inputClass} tabular-nums`}
          />
        </div>
        {onRemove && (
          <Button
            variant="ghost"
            aria-label={`Remove ${row.name || label}`}
            onClick={onRemove}
            className="shrink-0 text-red-800 hover:bg-red-50"
          >
            Remove
          </Button>
        )}
      </div>
      <FieldError id={`${idPrefix}-name-error`} messages={errors.name} label={`${label}'s name`} />
      <FieldError
        id={`${idPrefix}-weight-error`}
        messages={errors.weight}
        label={`${label}'s share`}
      />
      <FieldError id={`${idPrefix}-other-error`} messages={errors.other} label={label} />
    </li>
  );
}

export function NumberField({
  id,
  label,
  value,
  errors,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[] | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(errors)}
        aria-describedby={errors ? `${id}-error` : undefined}
        className={`${inputClass} tabular-nums`}
      />
      <FieldError id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}
