// The content as forms, generated from the content schema and its editor metadata
// (functions/shared/landing-content.ts, read through schema-fields.ts;
// docs/decisions/0066-structured-editor.md). The block editor (blocks/block-form.tsx) renders
// each block's fields with ObjectFields; the page settings (section-settings.tsx) use it for
// the sections that are not blocks (an experiment variant's editor uses the block editor
// too). Lists add, remove and reorder items; image fields pick from the media library
// (media/image-picker.tsx). Values change through values.ts, on the same object as the
// Content (JSON) tab. Field errors come from the shared schema (as you type) and from the
// server.
import type { ReactNode } from 'react';
import type * as z from 'zod';
import { Icon, ICON_NAMES } from '../../../landing/icons.tsx';
import { ImageAltWarning, ImagePickerButton } from '../media/image-picker.tsx';
import { readsAsText } from '../../../../../functions/shared/claims/text-fields.ts';
import { AssetPicker } from './asset-picker.tsx';
import { ClaimPicker } from './claim-picker.tsx';
import { FormSelect } from './form-picker.tsx';
import {
  childOf,
  describeField,
  fieldsOf,
  type FieldInfo,
} from '../../../../../functions/shared/schema-fields.ts';
import { Button, FieldError, inputClass } from '../../ui.tsx';
import {
  blankOf,
  getAt,
  moveItem,
  setAt,
  type ContentErrors,
  type Json,
  type Path,
} from './values.ts';

const pathId = (path: Path) => `field-${path.join('-')}`;
const pathKey = (path: Path) => path.join('.');

export interface EditorProps {
  content: unknown;
  errors: ContentErrors;
  onChange: (next: unknown) => void;
}

/** Problems at `path` and, for lists of lines, at its entries ("line 2 ..."). */
function messagesAt(errors: ContentErrors, path: Path, deep = false): string[] | undefined {
  const key = pathKey(path);
  const found = Object.entries(errors)
    .filter(([name]) => name === key || (deep && name.startsWith(`${key}.`)))
    .map(([name, problems]) =>
      name === key
        ? problems.join('; ')
        : `line ${Number(name.split('.').at(-1)) + 1} ${problems.join('; ')}`,
    );
  return found.length ? found : undefined;
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-0.5 text-xs text-slate-600">
      {children}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** One field, chosen by its kind. */
function Field({ path, schema, ...props }: EditorProps & { path: Path; schema: z.ZodType }) {
  const field = describeField(schema);
  const label = field.title ?? String(path.at(-1));
  switch (field.kind) {
    case 'object':
      return <ObjectFields path={path} schema={schema} legend={label} {...props} />;
    case 'list':
      return <ItemList path={path} schema={schema} field={field} {...props} />;
    case 'record':
      return <RecordField path={path} schema={schema} field={field} {...props} />;
    case 'lines':
      return <LinesField path={path} field={field} label={label} {...props} />;
    case 'boolean':
      return <CheckboxField path={path} field={field} label={label} {...props} />;
    default:
      return <TextField path={path} field={field} label={label} {...props} />;
  }
}

function TextField({
  path,
  field,
  label,
  ...props
}: EditorProps & { path: Path; field: FieldInfo; label: string }) {
  const raw = getAt(props.content, path);
  const value = typeof raw === 'string' ? raw : '';
  const id = pathId(path);
  const messages = messagesAt(props.errors, path);
  const hintId = field.description ? `${id}-hint` : undefined;
  const change = (text: string) =>
    props.onChange(setAt(props.content, path, field.optional && text === '' ? undefined : text));
  const shared = {
    id,
    value,
    'aria-invalid': Boolean(messages),
    'aria-describedby': describedBy(hintId, messages && `${id}-error`),
    className: inputClass,
  };
  let control: ReactNode;
  if (field.kind === 'multiline') {
    control = <textarea rows={3} {...shared} onChange={(e) => change(e.target.value)} />;
  } else if (field.kind === 'enum') {
    control = (
      <select {...shared} onChange={(e) => change(e.target.value)}>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'icon') {
    const names = ICON_NAMES.includes(value) || !value ? ICON_NAMES : [value, ...ICON_NAMES];
    control = (
      <div className="flex items-center gap-2">
        <span className="mt-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-800">
          <Icon name={value} className="h-5 w-5" />
        </span>
        <select {...shared} onChange={(e) => change(e.target.value)}>
          {!value && <option value="">(none)</option>}
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    );
  } else if (field.kind === 'form') {
    control = (
      <FormSelect
        id={id}
        value={value || undefined}
        onChange={(formId) => change(formId ?? '')}
        invalid={shared['aria-invalid']}
        describedBy={shared['aria-describedby']}
        required={!field.optional}
        emptyChoice={field.emptyChoice}
      />
    );
  } else if (field.kind === 'asset') {
    control = (
      <AssetPicker
        id={id}
        value={value}
        onChange={change}
        describedBy={shared['aria-describedby']}
        invalid={shared['aria-invalid']}
        className={inputClass}
        label={label}
      />
    );
  } else {
    control = <input {...shared} onChange={(e) => change(e.target.value)} />;
  }
  // Words a visitor reads may say a claim by its token (issue 36).
  const claimable =
    (field.kind === 'text' || field.kind === 'multiline') && readsAsText(String(path.at(-1)));
  return (
    <div className="relative">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium">
          {label}
          {field.optional && <span className="font-normal text-slate-600"> (optional)</span>}
        </label>
        {claimable && (
          <ClaimPicker
            fieldId={id}
            labelId={`${id}-label`}
            label={label}
            value={value}
            onInsert={change}
          />
        )}
      </div>
      {control}
      {field.kind === 'image' && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {value && (
            <img
              src={value}
              alt=""
              className="h-12 w-20 rounded border border-slate-200 bg-slate-100 object-cover"
            />
          )}
          <ImagePickerButton
            fieldName={label}
            current={value || undefined}
            onPick={(media) => props.onChange(setAt(props.content, path, media.objectPath))}
          />
          {value && field.optional && (
            <Button variant="ghost" onClick={() => change('')} aria-label={`Remove ${label}`}>
              Remove image
            </Button>
          )}
        </div>
      )}
      {field.kind === 'image' && value && <ImageAltWarning path={value} />}
      {hintId && <Hint id={hintId}>{field.description}</Hint>}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

function CheckboxField({
  path,
  field,
  label,
  ...props
}: EditorProps & { path: Path; field: FieldInfo; label: string }) {
  const id = pathId(path);
  const hintId = field.description ? `${id}-hint` : undefined;
  const messages = messagesAt(props.errors, path);
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={getAt(props.content, path) === true}
          aria-describedby={describedBy(hintId, messages && `${id}-error`)}
          onChange={(e) =>
            props.onChange(
              setAt(
                props.content,
                path,
                field.optional && !e.target.checked ? undefined : e.target.checked,
              ),
            )
          }
          className="h-6 w-6 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      {hintId && <Hint id={hintId}>{field.description}</Hint>}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A list of strings edited one per line. */
function LinesField({
  path,
  field,
  label,
  ...props
}: EditorProps & { path: Path; field: FieldInfo; label: string }) {
  const value = getAt(props.content, path);
  const lines = Array.isArray(value) ? value.map(String) : [];
  const id = pathId(path);
  const messages = messagesAt(props.errors, path, true);
  const hintId = `${id}-hint`;
  const edit = (text: string) =>
    props.onChange(setAt(props.content, path, text === '' ? [] : text.split('\n')));
  return (
    <div className="relative">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium">
          {label} <span className="font-normal text-slate-600">(one per line)</span>
        </label>
        {readsAsText(String(path.at(-1))) && (
          <ClaimPicker
            fieldId={id}
            labelId={`${id}-label`}
            label={label}
            value={lines.join('\n')}
            onInsert={edit}
          />
        )}
      </div>
      <textarea
        id={id}
        rows={Math.max(2, lines.length + 1)}
        value={lines.join('\n')}
        aria-invalid={Boolean(messages)}
        aria-describedby={describedBy(hintId, messages && `${id}-error`)}
        className={inputClass}
        onChange={(e) => edit(e.target.value)}
      />
      <Hint id={hintId}>
        {field.description && field.description !== 'One per line' ? `${field.description}. ` : ''}
        {field.maxItems !== undefined && `At most ${field.maxItems}.`}
      </Hint>
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

export function ObjectFields({
  path,
  schema,
  legend,
  ...props
}: EditorProps & { path: Path; schema: z.ZodType; legend?: string }) {
  const fields = fieldsOf(schema).map(([key, child]) => (
    <Field key={key} path={[...path, key]} schema={child} {...props} />
  ));
  if (!legend) return <div className="grid gap-3">{fields}</div>;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {fields}
    </fieldset>
  );
}

function ItemList({
  path,
  schema,
  field,
  ...props
}: EditorProps & { path: Path; schema: z.ZodType; field: FieldInfo }) {
  const value = getAt(props.content, path);
  const items = Array.isArray(value) ? value : [];
  const itemSchema = childOf(schema)!;
  const itemLabel = field.itemLabel ?? 'Item';
  const noun = itemLabel.toLowerCase();
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  const listId = pathId(path);
  const set = (next: unknown[]) => props.onChange(setAt(props.content, path, next));
  const nameOf = (item: unknown, index: number) => {
    const title = field.itemTitleKey ? (item as Json | null)?.[field.itemTitleKey] : undefined;
    return typeof title === 'string' && title.trim() ? title : `${itemLabel} ${index + 1}`;
  };
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
      data-testid={`list-${pathKey(path)}`}
    >
      <legend className="px-1 text-sm font-semibold">
        {field.title ?? itemLabel}{' '}
        <span className="font-normal text-slate-600">
          ({items.length}
          {field.maxItems !== undefined ? ` of at most ${field.maxItems}` : ''})
        </span>
      </legend>
      {items.length === 0 && <p className="text-sm text-slate-600">No {noun}s yet.</p>}
      {items.map((item, index) => (
        <fieldset
          key={index}
          className="grid gap-2 rounded-md bg-slate-50 p-3"
          data-testid="list-item"
        >
          <legend className="max-w-full truncate text-sm font-medium">
            {itemLabel} {index + 1}
            {nameOf(item, index) !== `${itemLabel} ${index + 1}` && (
              <span className="font-normal text-slate-600">: {nameOf(item, index)}</span>
            )}
          </legend>
          <ObjectFields path={[...path, index]} schema={itemSchema} {...props} />
          <div className="flex flex-wrap gap-1">
            <Button
              variant="ghost"
              disabled={index === 0}
              aria-label={`Move ${noun} ${index + 1} up`}
              onClick={() => set(moveItem(items, index, index - 1))}
            >
              Move up
            </Button>
            <Button
              variant="ghost"
              disabled={index === items.length - 1}
              aria-label={`Move ${noun} ${index + 1} down`}
              onClick={() => set(moveItem(items, index, index + 1))}
            >
              Move down
            </Button>
            <Button
              variant="ghost"
              className="text-red-800 hover:bg-red-50"
              onClick={() => set(items.filter((_, i) => i !== index))}
            >
              Remove {noun} {index + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      <FieldError id={`${listId}-error`} messages={messagesAt(props.errors, path)} />
      <div>
        <Button disabled={full} onClick={() => set([...items, blankOf(itemSchema)])}>
          Add {noun}
        </Button>
        {full && <span className="ml-2 text-xs text-slate-600">The list is full.</span>}
      </div>
    </fieldset>
  );
}

/** A record with a fixed set of keys (benefits' role styles): each key on or off. */
function RecordField({
  path,
  schema,
  field,
  ...props
}: EditorProps & { path: Path; schema: z.ZodType; field: FieldInfo }) {
  const value = getAt(props.content, path);
  const record = value && typeof value === 'object' ? (value as Json) : {};
  const valueSchema = childOf(schema)!;
  const id = pathId(path);
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{field.title}</legend>
      {field.description && <Hint id={`${id}-hint`}>{field.description}</Hint>}
      {(field.options ?? []).map((key) => {
        const on = record[key] !== undefined;
        const toggleId = `${id}-${key}-on`;
        return (
          <div key={key} className="grid gap-2 rounded-md bg-slate-50 p-3">
            <div className="flex items-center gap-2">
              <input
                id={toggleId}
                type="checkbox"
                checked={on}
                className="h-6 w-6 accent-brand-700"
                onChange={(e) =>
                  props.onChange(
                    setAt(
                      props.content,
                      [...path, key],
                      e.target.checked ? blankOf(valueSchema) : undefined,
                    ),
                  )
                }
              />
              <label htmlFor={toggleId} className="text-sm font-medium capitalize">
                Own style for {key}
              </label>
            </div>
            {on && <ObjectFields path={[...path, key]} schema={valueSchema} {...props} />}
          </div>
        );
      })}
    </fieldset>
  );
}
