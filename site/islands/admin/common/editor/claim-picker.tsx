// The claim picker of the block editor's text fields (issue 36): a small button ("Insert a
// claim") that opens a searchable list of the approved claims (by key or wording) and puts
// the token `{{claim:<key>}}` where the caret was (claim-insert.ts). The search box is a
// combobox over the list: the arrow keys move through it, Enter inserts, Escape closes and
// returns the focus to the field, with the caret after the token once inserted. The live
// preview renders the token as the claim's wording.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { describeError } from '../../api.ts';
import { CLAIMS_KEY, listClaims } from '../claims-api.ts';
import { Button, inputClass, Tooltip } from '../../ui.tsx';
import { claimToken, insertAtCaret, matchClaims } from './claim-insert.ts';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

export function ClaimPicker({
  fieldId,
  labelId,
  label,
  value,
  onInsert,
}: {
  /** The id of the field's input or textarea, whose caret says where the token goes. */
  fieldId: string;
  /** The id of the field's label, which describes the button. */
  labelId: string;
  label: string;
  value: string;
  onInsert: (next: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const caret = useRef<{ start: number | null; end: number | null }>({ start: null, end: null });
  const wrapper = useRef<HTMLDivElement>(null);
  const ids = useId();
  const claims = useQuery({ queryKey: CLAIMS_KEY, queryFn: listClaims, enabled: open });
  const matches = matchClaims(claims.data ?? [], query);
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  const field = () => document.getElementById(fieldId) as TextControl | null;
  const listId = `${ids}-claims`;
  const optionId = (index: number) => `${ids}-claim-${index}`;
  // The option the arrow keys reached stays in sight in a long list.
  useEffect(() => {
    if (open) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const show = () => {
    const control = field();
    caret.current = { start: control?.selectionStart ?? null, end: control?.selectionEnd ?? null };
    setQuery('');
    setActive(0);
    setOpen(true);
  };
  /** Closes the list; the field takes the focus back, its caret at `at` when given. */
  const close = (at?: number) => {
    setOpen(false);
    // After React has written the field's new value.
    requestAnimationFrame(() => {
      const control = field();
      control?.focus();
      if (at !== undefined) control?.setSelectionRange(at, at);
    });
  };
  const insert = (key: string) => {
    const next = insertAtCaret(value, caret.current.start, caret.current.end, claimToken(key));
    onInsert(next.value);
    close(next.caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      if (matches.length === 0) return;
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : matches.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = matches[current];
      if (chosen) insert(chosen.key);
    }
  };
  // Escape closes the list only, not the editor's dialog around it: Radix hears Escape on the
  // document in the capture phase, so the picker takes it first, on the window.
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !wrapper.current?.contains(event.target as Node)) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      requestAnimationFrame(() => document.getElementById(fieldId)?.focus());
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  }, [open, fieldId]);

  return (
    <div
      ref={wrapper}
      onBlur={(event) => {
        if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
        }
      }}
    >
      <Tooltip content="Insert a claim">
        <Button
          variant="ghost"
          // Every text field has one: the field's label describes which (a name of its own
          // would make the field's label match two controls).
          aria-describedby={labelId}
          aria-expanded={open}
          aria-controls={open ? `${ids}-panel` : undefined}
          data-claim-picker=""
          onClick={() => (open ? close() : show())}
          className="px-2 py-0.5 text-xs text-brand-700"
        >
          <span aria-hidden="true">
            <span className="font-mono">{'{ }'}</span> Claim
          </span>
          <span className="sr-only">Insert a claim</span>
        </Button>
      </Tooltip>
      {open && (
        <div
          id={`${ids}-panel`}
          data-testid="claim-picker"
          className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-300 bg-white p-2 shadow-lg"
        >
          <label htmlFor={`${ids}-search`} className="text-xs font-medium text-slate-800">
            Approved claims: search by key or wording
          </label>
          <input
            id={`${ids}-search`}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches.length ? optionId(current) : undefined}
            autoComplete="off"
            // The list opens on a click of its button: the search takes the focus at once.
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className={inputClass}
          />
          {claims.isPending && (
            <p role="status" className="mt-2 text-sm text-slate-600">
              Loading claims...
            </p>
          )}
          {claims.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              The claims could not be loaded. {describeError(claims.error)}
            </p>
          )}
          {claims.isSuccess && matches.length === 0 && (
            <p role="status" className="mt-2 text-sm text-slate-600">
              {query
                ? `No approved claim matches "${query}".`
                : 'No approved claim yet: a reviewer approves claims in the Claims view.'}
            </p>
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label={`Approved claims for ${label}`}
            className="mt-2 max-h-60 overflow-y-auto"
          >
            {matches.map((claim, index) => (
              // Keyboard users choose through the combobox (aria-activedescendant); the
              // options take clicks.
              <li
                key={claim.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(claim.key)}
                className="cursor-pointer rounded-md px-2 py-1.5 text-sm aria-selected:bg-brand-50 aria-selected:outline aria-selected:outline-brand-600"
              >
                <span className="block font-mono text-xs text-slate-700">{claim.key}</span>
                <span className="block text-slate-900">{claim.text}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
