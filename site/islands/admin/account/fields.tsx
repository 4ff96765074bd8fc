// Form pieces of the Account area: where a failed request's message goes, client checks
// with the same shared schemas the API uses, and copying text to the clipboard.
import { useState } from 'react';
import type * as z from 'zod';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { Button } from '../ui.tsx';

/**
 * Where a failed request's message goes: beside the fields the server named, or above the
 * form when it named none (a refused code, a lost connection).
 */
export function showFailure(
  failure: unknown,
  setFields: (fields: FieldErrors) => void,
  setError: (message: string) => void,
): void {
  if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
    setFields(failure.fields);
  } else setError(describeError(failure));
}

/** The shared schema's verdict on a form, as field errors (undefined: fine to send). */
export function checkForm(schema: z.ZodType, value: unknown): FieldErrors | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error.issues);
}

/** A button that copies `text`, and says so for a moment (also to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
