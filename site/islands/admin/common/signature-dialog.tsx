// The admin's one electronic-signature dialog (issue 34, "The admin"): approving a page's
// working copy (pages/workflow-panel.tsx), an experiment's variant
// (experiments/variants-panel.tsx) or a form's working copy (forms/form-review-panel.tsx).
// The body is the page workflow's approveSchema (functions/shared/workflow.ts): the meaning,
// the password again, a code when the account signs in with two-factor codes, a comment.
// Missing fields are named before anything is sent; the API's refusals (a wrong password or
// code, a copy changed meanwhile, one's own work) are shown as sentences, beside the field
// they name, which takes the focus. Closing clears what was typed, and the Modal gives the
// focus back to the button that opened it.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type { Account } from '../../../../functions/shared/account.ts';
import {
  MEANING_LABELS,
  SIGNATURE_MEANINGS,
  type ApproveRequest,
  type SignatureMeaning,
} from '../../../../functions/shared/workflow.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { Button, FieldError, FormAlert, inputClass, Modal, TextField } from '../ui.tsx';
import { ACCOUNT_KEY } from './signatures.ts';

export const SIGNATURE_DESCRIPTION =
  'Your approval is an electronic signature: it records your name, the time (UTC), what it means, and a fingerprint of exactly this content. An edit afterwards voids it.';

/** The fields in the order they are shown: the first with a problem takes the focus. */
const FIELD_ORDER = ['meaning', 'password', 'code', 'comment'] as const;

/** A control's id and its invalid state, wired to its error line (Labelled's). */
const invalid = (id: string, errors: string[] | undefined) => ({
  id,
  'aria-invalid': Boolean(errors),
  'aria-describedby': errors ? `${id}-error` : undefined,
});

function Labelled({
  id,
  label,
  errors,
  children,
}: {
  id: string;
  label: string;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldError
        id={`${id}-error`}
        messages={errors}
        label={label.replace(/ \(optional\)$/, '')}
      />
    </div>
  );
}

export function SignatureDialog<T>({
  open,
  title,
  description = SIGNATURE_DESCRIPTION,
  onClose,
  sign,
  onSigned,
}: {
  open: boolean;
  /** "Approve the working copy", "Approve Variant B", ... */
  title: string;
  description?: string;
  onClose: () => void;
  /** Sends the signature (the API checks the password and code again). */
  sign: (body: ApproveRequest) => Promise<T>;
  /** After the API accepted it; the dialog has closed. */
  onSigned: (result: T) => void;
}) {
  const account = useQuery<Account>({ queryKey: ACCOUNT_KEY, enabled: open });
  const [meaning, setMeaning] = useState<SignatureMeaning>('approved');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [comment, setComment] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const focusProblem = useRef(false);
  const ids = useId();
  const twoFactor = account.data?.twoFactor.enabled ?? false;

  const clear = () => {
    setMeaning('approved');
    setPassword('');
    setCode('');
    setComment('');
    setFields({});
    setError(undefined);
  };
  const close = () => {
    clear();
    onClose();
  };

  const send = useMutation({
    mutationFn: () =>
      sign({
        password,
        meaning,
        ...(twoFactor ? { code: code.trim() } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }),
    onSuccess: (result) => {
      close();
      onSigned(result);
    },
    onError: (failure) => {
      setFields(failure instanceof HttpError ? failure.fields : {});
      setError(describeError(failure));
      focusProblem.current = true;
    },
  });

  // A refused signature moves the focus to the first field named, else to the sentence.
  useLayoutEffect(() => {
    if (!focusProblem.current) return;
    focusProblem.current = false;
    const named = FIELD_ORDER.find((name) => fields[name]);
    const target = named
      ? form.current?.querySelector<HTMLElement>(`[data-signature-field="${named}"]`)
      : form.current?.querySelector<HTMLElement>('[data-signature-alert]');
    target?.focus();
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const missing: FieldErrors = {};
    if (!password) missing['password'] = ['is required to sign'];
    if (twoFactor && !code.trim()) {
      missing['code'] = ['is required: your account uses two-factor codes'];
    }
    setFields(missing);
    if (Object.keys(missing).length > 0) {
      focusProblem.current = true;
      return;
    }
    send.mutate();
  };

  const named = FIELD_ORDER.some((name) => fields[name]);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={title}
      description={description}
    >
      <form ref={form} className="grid gap-3" onSubmit={submit} noValidate>
        <Labelled id={`${ids}-meaning`} label="Meaning" errors={fields['meaning']}>
          <select
            {...invalid(`${ids}-meaning`, fields['meaning'])}
            data-signature-field="meaning"
            value={meaning}
            onChange={(event) => setMeaning(event.target.value as SignatureMeaning)}
            className={inputClass}
          >
            {SIGNATURE_MEANINGS.map((option) => (
              <option key={option} value={option}>
                {MEANING_LABELS[option].replace(/^approved/, 'Approved')}
              </option>
            ))}
          </select>
        </Labelled>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          data-signature-field="password"
          value={password}
          errors={fields['password']}
          onChange={(event) => setPassword(event.target.value)}
        />
        {twoFactor && (
          <TextField
            label="Code from your authenticator app"
            hint="Or one of your recovery codes."
            inputMode="numeric"
            autoComplete="one-time-code"
            data-signature-field="code"
            value={code}
            errors={fields['code']}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <Labelled id={`${ids}-comment`} label="Comment (optional)" errors={fields['comment']}>
          <textarea
            {...invalid(`${ids}-comment`, fields['comment'])}
            data-signature-field="comment"
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            className={inputClass}
          />
        </Labelled>
        <div data-signature-alert="" tabIndex={-1} className="outline-none empty:hidden">
          <FormAlert message={named ? undefined : error} />
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={send.isPending}>
            {send.isPending ? 'Signing...' : 'Sign and approve'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
