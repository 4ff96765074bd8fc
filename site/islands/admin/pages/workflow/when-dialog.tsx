// The Review tab's time dialog: publish or unpublish at a time in the admin's own time zone
// (sent as UTC), unpublishing now or later with an optional redirect
// (docs/decisions/0132-working-copy.md).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, HttpError, type FieldErrors } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { utcTime } from '../../common/workflow-api.ts';
import { FormAlert, inputClass, Modal } from '../../ui.tsx';
import { DialogButtons, Labelled, RedirectField } from './form-parts.tsx';

const isFuture = (date: Date) => date.getTime() > Date.now();

/** A time in the admin's own time zone (datetime-local), sent as UTC. */
export function WhenDialog({
  open,
  title,
  description,
  confirmLabel,
  allowNow = false,
  withRedirect = false,
  onClose,
  run,
  onDone,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  allowNow?: boolean;
  withRedirect?: boolean;
  onClose: () => void;
  run: (at: string | undefined, redirectTo: string | undefined) => Promise<unknown>;
  onDone: (result: { at?: string } & Partial<LandingPage>) => void;
}) {
  const [when, setWhen] = useState(allowNow ? 'now' : 'later');
  const [local, setLocal] = useState('');
  const [redirectTo, setRedirectTo] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = local ? new Date(local) : undefined;
  const go = useMutation({
    mutationFn: () =>
      run(when === 'now' ? undefined : at?.toISOString(), redirectTo.trim() || undefined),
    onSuccess: (result) => {
      setLocal('');
      setRedirectTo('');
      onClose();
      onDone(result as { at?: string });
    },
    onError: (failure) => {
      setFields(failure instanceof HttpError ? failure.fields : {});
      setError(describeError(failure));
    },
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          if (when === 'later' && (!at || Number.isNaN(at.getTime()) || !isFuture(at))) {
            setFields({ at: ['must be a date and time in the future'] });
            return;
          }
          setFields({});
          go.mutate();
        }}
      >
        {allowNow && (
          <fieldset className="grid gap-1">
            <legend className="font-medium">When</legend>
            {(['now', 'later'] as const).map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="when"
                  value={option}
                  checked={when === option}
                  onChange={() => setWhen(option)}
                />
                {option === 'now' ? 'Now' : 'At a date and time'}
              </label>
            ))}
          </fieldset>
        )}
        {when === 'later' && (
          <Labelled id="when-at" label={`Date and time in ${zone}`} errors={fields['at']}>
            <input
              id="when-at"
              type="datetime-local"
              value={local}
              onChange={(event) => setLocal(event.target.value)}
              aria-invalid={Boolean(fields['at'])}
              aria-describedby={`when-at-utc${fields['at'] ? ' when-at-error' : ''}`}
              className={inputClass}
            />
            <p id="when-at-utc" className="mt-1 text-xs text-slate-600">
              {/* The field and its hint name the same zone (issue 35). */}
              {at && !Number.isNaN(at.getTime())
                ? `${local.replace('T', ' ')} in ${zone} is ${utcTime(at.toISOString())}.`
                : `Enter it in ${zone} time, this browser's time zone; it is stored in UTC.`}
            </p>
          </Labelled>
        )}
        {withRedirect && (
          <RedirectField
            id="when-redirect"
            label="Send visitors to (optional)"
            value={redirectTo}
            onChange={setRedirectTo}
            errors={fields['redirectTo']}
          />
        )}
        <FormAlert message={Object.keys(fields).length ? undefined : error} />
        <DialogButtons busy={go.isPending} label={confirmLabel} />
      </form>
    </Modal>
  );
}

/** A labelled text area (2,000 characters at most, as the API takes) with its error. */
