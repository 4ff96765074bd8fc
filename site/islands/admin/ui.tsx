// Small UI primitives of the admin, on Radix and Tailwind.
import * as Dialog from '@radix-ui/react-dialog';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useDialogCloser } from './dialog-stack.ts';
import { asSentence } from './errors.ts';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
};

export function Button({
  variant = 'secondary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}

/**
 * Focus goes back to whatever opened a dialog when it closes (issue 22 A). Radix does this
 * only for its own Dialog.Trigger; the admin opens most dialogs from state, and without
 * this focus fell to <body>. Use the result as Dialog.Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (in an ordinary effect).
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  }, []);
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
  role,
  closable = true,
  initialFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  role?: 'alertdialog';
  /** False for a dialog that must be completed (the re-sign-in). */
  closable?: boolean;
  /**
   * The id of the field that takes focus on opening, where the first one is not where the
   * user starts (the new experiment's Name, after an optional Language choice).
   */
  initialFocus?: string | undefined;
}) {
  const returnFocus = useReturnFocus(open);
  useDialogCloser(open && closable, () => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(event) => {
            const field = initialFocus ? document.getElementById(initialFocus) : null;
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          {...(role ? { role } : {})}
          {...(closable
            ? {}
            : {
                onEscapeKeyDown: (e: KeyboardEvent) => e.preventDefault(),
                onPointerDownOutside: (e: Event) => e.preventDefault(),
              })}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl ${
            wide ? 'max-w-5xl' : 'max-w-md'
          }`}
        >
          <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              {description}
            </Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
          {closable && (
            <Dialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded p-1 text-xl leading-none text-slate-500 hover:text-slate-900"
            >
              ×
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      role="alertdialog"
    >
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button>Cancel</Button>
        </Dialog.Close>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * A field's errors as whole sentences (issue 22 A). The API names problems as fragments
 * ("must be at most 80 characters"); with `label` they read "The slug must be at most 80
 * characters.", and a message that is already a sentence is shown as it is.
 */
export function FieldError({
  id,
  messages,
  label,
}: {
  id: string;
  messages: string[] | undefined;
  label?: string;
}) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages.map((message) => fieldSentence(message, label)).join(' ')}
    </p>
  );
}

export function fieldSentence(message: string, label?: string): string {
  const fragment = /^[a-z]/.test(message.trim());
  return asSentence(fragment && label ? `${label} ${message.trim()}` : message);
}

/** A form's own error (not one field's), announced as it appears; nothing when there is none. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/** A labelled input wired to its hint and its error for screen readers. */
export function TextField({
  label,
  hint,
  errors,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={id}
        {...input}
        aria-invalid={Boolean(errors?.length)}
        aria-describedby={
          [hint ? hintId : '', errors?.length ? errorId : ''].join(' ').trim() || undefined
        }
        className={inputClass}
      />
      <FieldError id={errorId} messages={errors} label={label} />
    </div>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600';

/** docs/requirements.md §9: a tooltip opens after 700 ms; moving to another within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Wraps the admin once, so every Tooltip shares docs/requirements.md §9's timing. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </RadixTooltip.Provider>
  );
}

/**
 * Explains an icon button or a figure. The child must be one focusable element (a
 * button, a link, or an element with tabIndex=0) so keyboard users get the tip on focus;
 * an icon-only button still needs its own aria-label.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-lg"
        >
          {content}
          <RadixTooltip.Arrow className="fill-slate-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/**
 * An "i" button whose tooltip explains the field or figure beside it (it takes keyboard
 * focus). 24 by 24 pixels: WCAG 2.2's minimum target size (2.5.8).
 */
export function InfoTip({ about, children }: { about: string; children: ReactNode }) {
  return (
    <Tooltip content={children}>
      <button
        type="button"
        aria-label={`About ${about}`}
        data-info-tip=""
        className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border border-slate-300 text-xs leading-none font-semibold text-slate-600 hover:bg-slate-100"
      >
        i
      </button>
    </Tooltip>
  );
}
