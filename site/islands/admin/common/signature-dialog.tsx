// The admin's one electronic-signature dialog (issue 34, "The admin"): approving a page's
// working copy (pages/workflow-panel.tsx), an experiment's variant
// (experiments/variants-panel.tsx) or a form's working copy (forms/form-review-panel.tsx).
// The body is the page workflow's approveSchema (functions/shared/workflow.ts): the reviewer
// checklist's items, each confirmed; the meaning; the e-mail address on the session's first
// signature (21 CFR 11.200(a)(1)(i); GET /api/auth/me says whether the session has signed,
// docs/decisions/0530-signature-components-and-checklist.md); the password again; a code when
// the account signs in with two-factor codes; a comment. Sign stays enabled: missing fields
// and unconfirmed items are named in sentences when it is pressed, before anything is sent; the API's refusals (a wrong password or
// code, a copy changed meanwhile, one's own work) are shown as sentences, beside the field
// they name, which takes the focus. Closing clears what was typed, and the Modal gives the
// focus back to the button that opened it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type { Me } from '../../../../functions/shared/account.ts';
import { type ApproveRequest } from '../../../../functions/shared/workflow.ts';
import {
  MEANING_LABELS,
  SIGNATURE_MEANINGS,
  type SignatureMeaning,
} from '../../../../functions/shared/signatures.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { meQuery, ME_KEY } from '../permissions.ts';
import { accountQuery } from './signatures.tsx';
import { Button, FieldError, FormAlert, inputClass, Modal, TextField } from '../ui.tsx';

export const SIGNATURE_DESCRIPTION =
  'Your approval is an electronic signature: it records your printed name, the date and time, what it means, the checklist items you confirm, and a fingerprint of exactly this content. An edit afterwards voids it.';

/** The fields in the order they are shown: the first with a problem takes the focus. */
const FIELD_ORDER = ['checklist', 'meaning', 'email', 'password', 'code', 'comment'] as const;

/** The first unconfirmed item's sentence, or nothing when every one is confirmed. */
export function unconfirmed(items: readonly string[], checked: readonly boolean[]) {
  const open = items.findIndex((_, index) => !checked[index]);
  return open < 0 ? undefined : `item ${open + 1} ("${items[open]}") is not confirmed`;
}

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
  const account = useQuery({ ...accountQuery, enabled: open });
  // Asked again at each opening: whether this session has signed, and the checklist now.
  const me = useQuery({ ...meQuery, enabled: open, staleTime: 0 });
  const client = useQueryClient();
  const [meaning, setMeaning] = useState<SignatureMeaning>('approved');
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<boolean[]>([]);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [comment, setComment] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const focusProblem = useRef(false);
  const ids = useId();
  const twoFactor = account.data?.twoFactor.enabled ?? false;
  // Until the answer comes, the e-mail is asked: the safe side of the first signature.
  const needsEmail = !(me.data?.signing.signedThisSession ?? false);
  const checklist = me.data?.signing.checklist ?? [];

  const clear = () => {
    setMeaning('approved');
    setEmail('');
    setChecked([]);
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
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(checklist.length > 0
          ? { checklist: checklist.map((_, index) => !!checked[index]) }
          : {}),
        ...(twoFactor ? { code: code.trim() } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }),
    onSuccess: (result) => {
      // The session has signed: the next signature asks for the password only.
      client.setQueryData<Me>(ME_KEY, (old) =>
        old ? { ...old, signing: { ...old.signing, signedThisSession: true } } : old,
      );
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
    const item = unconfirmed(checklist, checked);
    if (item) missing['checklist'] = [item];
    if (needsEmail && !email.trim()) {
      missing['email'] = ['is required for the first signature of a session'];
    }
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
        {checklist.length > 0 && (
          <fieldset
            className="grid gap-1"
            aria-describedby={fields['checklist'] ? `${ids}-checklist-error` : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">
              Reviewer checklist: confirm each item
            </legend>
            {checklist.map((text, index) => (
              <label key={text} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={!!checked[index]}
                  aria-invalid={Boolean(fields['checklist']) && !checked[index]}
                  {...(index === checklist.findIndex((_, i) => !checked[i])
                    ? { 'data-signature-field': 'checklist' }
                    : {})}
                  onChange={(event) => {
                    const next = checklist.map((_, i) => !!checked[i]);
                    next[index] = event.target.checked;
                    setChecked(next);
                  }}
                />
                <span>{text}</span>
              </label>
            ))}
            <FieldError
              id={`${ids}-checklist-error`}
              messages={fields['checklist']}
              label="Checklist"
            />
          </fieldset>
        )}
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
        {needsEmail && (
          <TextField
            label="Your e-mail address"
            hint="The first signature of a session needs both: your e-mail address (your user ID) and your password."
            type="email"
            autoComplete="username"
            data-signature-field="email"
            value={email}
            errors={fields['email']}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
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
