// The Review tab's form pieces: a labelled field with its errors, a labelled text area, and a
// dialog's submit button that says it is working (docs/decisions/0132-working-copy.md).
import type { ReactNode } from 'react';
import { Button, FieldError, inputClass } from '../../ui.tsx';

export function DialogButtons({ busy, label }: { busy: boolean; label: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Working...' : label}
      </Button>
    </div>
  );
}

export function LabelledText({
  id,
  label,
  value,
  onChange,
  rows = 2,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  errors?: string[] | undefined;
}) {
  return (
    <Labelled id={id} label={label} errors={errors}>
      <textarea
        id={id}
        rows={rows}
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(errors)}
        aria-describedby={errors ? `${id}-error` : undefined}
        className={inputClass}
      />
    </Labelled>
  );
}

export function Labelled({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}

/** Where an address sends visitors once its page is down: the unpublish and expiry dialogs'. */
export function RedirectField({
  id,
  label,
  value,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}) {
  return (
    <Labelled
      id={id}
      label={label}
      hint="A path on this site, such as /demo, or an https:// address. Empty: the address answers 404."
      errors={errors}
    >
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(errors)}
        aria-describedby={`${id}-hint${errors ? ` ${id}-error` : ''}`}
        className={inputClass}
      />
    </Labelled>
  );
}
