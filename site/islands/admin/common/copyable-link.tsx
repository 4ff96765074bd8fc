// Copying text to the clipboard: a Copy button, and a one-time link shown once beside it
// (invitations, password resets, 2FA recovery codes, preview links, analytics shares;
// docs/decisions/0450-admin-common-kernel.md).
import { useState } from 'react';
import { Button } from '../ui.tsx';

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

/** A one-time link shown once: read-only (selected on focus) beside its Copy button. */
export function CopyableLink({ id, label, url }: { id: string; label: string; url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.target.select()}
        className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
      />
      <CopyButton text={url} label="Copy link" />
    </div>
  );
}
