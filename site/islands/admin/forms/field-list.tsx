// The form editor's field list: one row per field (its label, name, type and required mark as
// the row's handle, which opens the field's settings), a Required toggle, Move up and Move
// down, and Remove. Alt+ArrowUp and Alt+ArrowDown move the row that has focus; focus stays
// on the moved row (docs/decisions/0165-form-editor.md), and a live region says where it went.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FIELD_TYPE_LABELS } from '../../../../functions/shared/forms/fields.ts';
import type { FieldErrors } from '../api.ts';
import { Icon } from '../icons.tsx';
import { Button, Tooltip } from '../ui.tsx';
import {
  errorsOfField,
  isReserved,
  moveItem,
  moveKey,
  removalBlocked,
  type DraftField,
} from './form-editing.ts';

type Focus = { key: string; on: 'handle' | 'up' | 'down' };

const ICON_BUTTON =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-base text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300';

export const KEYBOARD_HINT = 'Alt+Arrow Up and Alt+Arrow Down move the field that has focus.';

export function FieldList({
  fields,
  selected,
  errors,
  onSelect,
  onChange,
  onRequired,
  onRemove,
}: {
  fields: DraftField[];
  selected: string | undefined;
  errors: FieldErrors;
  onSelect: (key: string) => void;
  onChange: (fields: DraftField[]) => void;
  onRequired: (key: string, required: boolean) => void;
  onRemove: (row: DraftField) => void;
}) {
  const controls = useRef(new Map<string, HTMLElement>());
  // Where focus goes once the moved row has re-rendered in its new place.
  const pending = useRef<Focus | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');

  useLayoutEffect(() => {
    const focus = pending.current;
    if (!focus) return;
    pending.current = undefined;
    const wanted = controls.current.get(`${focus.key}:${focus.on}`);
    // A move button at the end of the list is disabled: its row's handle takes focus.
    const target =
      wanted && !(wanted as HTMLButtonElement).disabled
        ? wanted
        : controls.current.get(`${focus.key}:handle`);
    target?.focus();
  });

  const move = (index: number, delta: -1 | 1, on: Focus['on']) => {
    const to = index + delta;
    const row = fields[index];
    if (!row || to < 0 || to >= fields.length) return;
    onChange(moveItem(fields, index, to));
    pending.current = { key: row.key, on };
    setAnnouncement(
      `${row.field.label || row.field.name} moved to position ${to + 1} of ${fields.length}.`,
    );
  };

  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) controls.current.set(key, element);
    else controls.current.delete(key);
  };

  return (
    <>
      <p id="field-list-hint" className="text-xs text-slate-600">
        {KEYBOARD_HINT}
      </p>
      <ol aria-label="Fields" className="grid grid-cols-1 gap-2" data-testid="field-list">
        {fields.map((row, index) => {
          const { field, key } = row;
          const title = field.label || field.name;
          const problems = Object.keys(errorsOfField(errors, index)).length > 0;
          const blocked = removalBlocked(field.name);
          const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
            const delta = moveKey(event);
            if (!delta) return;
            event.preventDefault();
            move(index, delta, 'handle');
          };
          const isSelected = key === selected;
          return (
            <li
              key={key}
              data-testid="field-row"
              data-field-name={field.name}
              onKeyDown={onKeyDown}
              className={`flex flex-wrap items-center gap-2 rounded-lg border p-2 ${
                isSelected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'
              } ${problems ? 'border-l-4 border-l-red-600' : ''}`}
            >
              <button
                type="button"
                ref={register(`${key}:handle`)}
                onClick={() => onSelect(key)}
                aria-pressed={isSelected}
                aria-describedby="field-list-hint"
                data-testid="field-handle"
                className="flex min-w-0 flex-1 basis-full items-center gap-2 rounded-md px-1 py-1 text-left hover:bg-slate-50 sm:basis-48"
              >
                <span aria-hidden="true" className="cursor-grab text-slate-500 select-none">
                  ⋮⋮
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">
                    {title}
                    {field.required && (
                      <span className="text-red-700">
                        <span aria-hidden="true"> *</span>
                        <span className="sr-only">, required</span>
                      </span>
                    )}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    <span className="font-mono">{field.name}</span> ·{' '}
                    {FIELD_TYPE_LABELS[field.type]}
                    {isReserved(field.name) && ' · reserved'}
                    {problems && (
                      <span className="font-medium text-red-700"> · needs attention</span>
                    )}
                  </span>
                </span>
              </button>
              <label className="flex items-center gap-1.5 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={field.required}
                  disabled={field.type === 'hidden'}
                  onChange={(event) => onRequired(key, event.target.checked)}
                  className="h-6 w-6 accent-brand-700"
                />
                Required<span className="sr-only">: {title}</span>
              </label>
              <div className="ml-auto flex items-center">
                <Tooltip content={`Move ${title} up (Alt+Arrow Up)`}>
                  <button
                    type="button"
                    ref={register(`${key}:up`)}
                    aria-label={`Move ${title} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1, 'up')}
                    className={ICON_BUTTON}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                </Tooltip>
                <Tooltip content={`Move ${title} down (Alt+Arrow Down)`}>
                  <button
                    type="button"
                    ref={register(`${key}:down`)}
                    aria-label={`Move ${title} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, 1, 'down')}
                    className={ICON_BUTTON}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                </Tooltip>
                <Tooltip content={blocked ?? `Remove ${title}`}>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${title}`}
                    aria-disabled={blocked ? true : undefined}
                    onClick={() => !blocked && onRemove(row)}
                    className={`px-2 ${blocked ? 'cursor-not-allowed text-slate-400' : 'text-red-700'}`}
                  >
                    <Icon name="trash" />
                  </Button>
                </Tooltip>
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
