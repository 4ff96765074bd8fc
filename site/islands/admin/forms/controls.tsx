// The form editor's labelled controls besides ui.tsx's TextField: a text area, a select and
// a checkbox, each wired to its hint and its errors for screen readers, and the "i" button
// whose tooltip says why a control is as it is (a reserved name's locked type).
import {
  useId,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { FieldError, inputClass } from '../ui.tsx';

const describedBy = (hint: string | undefined, errors: string[] | undefined, id: string) =>
  [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].join(' ').trim() || undefined;

function Hint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={`${id}-hint`} className="text-xs text-slate-600">
      {text}
    </p>
  ) : null;
}

export function TextAreaField({
  label,
  hint,
  errors,
  className = '',
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Hint id={id} text={hint} />
      <textarea
        id={id}
        rows={3}
        {...area}
        aria-invalid={Boolean(errors?.length)}
        aria-describedby={describedBy(hint, errors, id)}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  errors,
  className = '',
  after,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  /** Beside the label (an InfoTip). */
  after?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {after}
      </div>
      <Hint id={id} text={hint} />
      <select
        id={id}
        {...select}
        aria-invalid={Boolean(errors?.length)}
        aria-describedby={describedBy(hint, errors, id)}
        className={`${inputClass} bg-white disabled:bg-slate-100 disabled:text-slate-600`}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}

export function CheckboxField({
  label,
  hint,
  errors,
  checked,
  onChange,
  disabled,
  className = '',
}: {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(errors?.length)}
          aria-describedby={describedBy(hint, errors, id)}
          className="mt-0.5 h-6 w-6 rounded border-slate-400 accent-brand-700"
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          <Hint id={id} text={hint} />
        </div>
      </div>
      <FieldError id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}

/** A titled group of the editor. */
export function Section({
  title,
  id,
  description,
  children,
  action,
}: {
  title: string;
  id: string;
  description?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={id} className="text-lg font-semibold text-ink">
            {title}
          </h3>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {action}
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4">{children}</div>
    </section>
  );
}

/**
 * The top of a Forms screen: what it is (a breadcrumb above, a sentence below), its heading,
 * which takes the focus when the screen opens, and its buttons.
 */
export function ViewHeader({
  id,
  title,
  headingRef,
  above,
  children,
  actions,
}: {
  id: string;
  title: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  above?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 basis-72">
        {above}
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className={`${above ? 'mt-1 ' : ''}text-2xl font-semibold wrap-anywhere text-ink outline-none`}
        >
          {title}
        </h2>
        {children}
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}
