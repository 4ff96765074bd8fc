// The publishing settings' reviewer checklist editor (settings-section.tsx holds the form): the
// items in order, each with its problem beside it, moved up or down, removed and added up to
// MAX_CHECKLIST_ITEMS. Rows keep stable keys, so a moved row keeps its focus; the form owns the
// items, their keys and focusRow, which its Save also uses to reach the first faulty item.
import { useRef } from 'react';
import { CHECKLIST_ITEM_MAX, MAX_CHECKLIST_ITEMS } from '../../../../functions/shared/workflow.ts';
import { Button, FieldError, InfoTip, inputClass } from '../ui.tsx';

export function ChecklistEditor({
  ids,
  items,
  keys,
  problems,
  setItems,
  focusRow,
}: {
  /** The form's useId, the prefix of each item's input id. */
  ids: string;
  items: string[];
  /** The rows' stable keys, in the items' order. */
  keys: number[];
  /** The problems found at the last Save, by item index. */
  problems: Map<number, string>;
  setItems: (items: string[], order: number[]) => void;
  focusRow: (key: number, part?: 'input' | 'add') => void;
}) {
  const nextKey = useRef(1000);
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const nextItems = [...items];
    const nextKeys = [...keys];
    [nextItems[index], nextItems[target]] = [nextItems[target]!, nextItems[index]!];
    [nextKeys[index], nextKeys[target]] = [nextKeys[target]!, nextKeys[index]!];
    setItems(nextItems, nextKeys);
  };
  const remove = (index: number) => {
    const nextKeys = keys.filter((_, i) => i !== index);
    setItems(
      items.filter((_, i) => i !== index),
      nextKeys,
    );
    const neighbour = nextKeys[Math.min(index, nextKeys.length - 1)];
    if (neighbour === undefined) focusRow(0, 'add');
    else focusRow(neighbour);
  };
  const add = () => {
    const key = (nextKey.current += 1);
    setItems([...items, ''], [...keys, key]);
    focusRow(key);
  };

  return (
    <fieldset className="grid gap-2" data-testid="checklist-editor">
      <legend className="flex items-center gap-2 text-sm font-medium text-slate-800">
        Reviewer checklist ({items.length} of {MAX_CHECKLIST_ITEMS})
        <InfoTip about="the reviewer checklist">
          Every approval (pages, variants, forms, claims) confirms each item in the e-signature
          dialog, and the signature keeps the items as confirmed. Up to {MAX_CHECKLIST_ITEMS} items,
          each once; none means no checklist.
        </InfoTip>
      </legend>
      {items.length === 0 && (
        <p className="text-sm text-slate-600">
          No checklist: approvals confirm nothing beyond the signature itself.
        </p>
      )}
      <ol className="grid gap-2">
        {items.map((item, index) => {
          const key = keys[index]!;
          const problem = problems.get(index);
          const inputId = `${ids}-item-${key}`;
          return (
            <li key={key} data-checklist-row={key} className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <label htmlFor={inputId} className="w-16 text-sm text-slate-700">
                  Item {index + 1}
                </label>
                <input
                  id={inputId}
                  className={`${inputClass} mt-0 min-w-0 flex-1 basis-48`}
                  value={item}
                  maxLength={CHECKLIST_ITEM_MAX + 50}
                  aria-invalid={Boolean(problem)}
                  aria-describedby={problem ? `${inputId}-error` : undefined}
                  onChange={(event) => {
                    const next = [...items];
                    next[index] = event.target.value;
                    setItems(next, keys);
                  }}
                />
                <div className="flex gap-1">
                  <Button
                    aria-label={`Move item ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    aria-label={`Move item ${index + 1} down`}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                  <Button aria-label={`Remove item ${index + 1}`} onClick={() => remove(index)}>
                    Remove
                  </Button>
                </div>
              </div>
              <FieldError id={`${inputId}-error`} messages={problem ? [problem] : undefined} />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button data-checklist-add="" onClick={add} disabled={items.length >= MAX_CHECKLIST_ITEMS}>
          Add an item
        </Button>
        {items.length >= MAX_CHECKLIST_ITEMS && (
          <span className="text-sm text-slate-600">
            The checklist holds {MAX_CHECKLIST_ITEMS} items at most: remove one to add another.
          </span>
        )}
      </div>
    </fieldset>
  );
}
