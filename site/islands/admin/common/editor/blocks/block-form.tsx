// The form of the selected block (issue 27): its name in the block list, its style (only the
// choices styleRuleOf allows for its type, functions/shared/blocks.ts) and its own fields,
// generated from the type's schema by the structured editor's field renderer, over the
// content at layout.N (so its errors, "layout.3.markdown", land on their fields).
import { useId } from 'react';
import {
  ALIGNS,
  BLOCK_TYPES,
  SPACINGS,
  styleRuleOf,
  type Block,
  type BlockStyle,
} from '../../../../../../functions/shared/blocks.ts';
import { Button, FieldError, inputClass } from '../../../ui.tsx';
import { Hint, ObjectFields } from '../structured-editor.tsx';
import { fieldsOf } from '../../../../../../functions/shared/schema-fields.ts';
import { blockLabel, canDuplicate, fieldsSchemaOf, patchBlock } from './layout-ops.ts';

const STYLE_NAMES: Record<string, string> = {
  white: 'White',
  tint: 'Tint',
  brand: 'Brand colour',
  dark: 'Dark',
  compact: 'Compact',
  normal: 'Normal',
  start: 'Start (left)',
  center: 'Centre',
};

export function BlockForm({
  content,
  layout,
  index,
  errors,
  onChange,
  onLayout,
  onDuplicate,
  onRemove,
}: {
  /** The content with its layout (the derived one for a page without). */
  content: unknown;
  layout: readonly Block[];
  index: number;
  errors: Record<string, string[]>;
  /** The whole content after a field edit. */
  onChange: (next: unknown) => void;
  onLayout: (next: Block[]) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const ids = useId();
  const block = layout[index]!;
  const entry = BLOCK_TYPES[block.type];
  const rule = styleRuleOf(block.type);
  const schema = fieldsSchemaOf(block.type);
  const at = (key: string) => errors[`layout.${index}.${key}`];
  const blockProblems = [
    ...(errors[`layout.${index}`] ?? []),
    ...(at('id') ?? []),
    ...(at('type') ?? []),
  ];
  const style: BlockStyle = block.style ?? {};
  const setStyle = (key: keyof BlockStyle, value: string) => {
    const next = Object.fromEntries(
      Object.entries({ ...style, [key]: value }).filter(([, chosen]) => chosen),
    );
    onLayout(patchBlock(layout, index, { style: Object.keys(next).length ? next : undefined }));
  };
  const labelId = `${ids}-label`;
  const styleSelect = (key: keyof BlockStyle, title: string, options: readonly string[]) => {
    const id = `${ids}-style-${key}`;
    const messages = at(`style.${key}`);
    return (
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {title}
        </label>
        <select
          id={id}
          value={style[key] ?? ''}
          onChange={(e) => setStyle(key, e.target.value)}
          aria-invalid={Boolean(messages)}
          aria-describedby={messages ? `${id}-error` : undefined}
          className={inputClass}
        >
          <option value="">Default</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {STYLE_NAMES[option] ?? option}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} messages={messages} />
      </div>
    );
  };
  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="grid content-start gap-3"
      data-testid="block-form"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${ids}-heading`} className="truncate text-base font-semibold text-ink">
            {blockLabel(block)}
          </h3>
          <p className="text-xs text-slate-600">
            {entry.label} block · id <span className="font-mono">{block.id}</span>
            {block.hidden && ' · hidden: visitors do not see it'}
          </p>
        </div>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            onClick={onDuplicate}
            disabled={!canDuplicate(layout, index)}
            aria-label={`Duplicate ${blockLabel(block)}`}
          >
            Duplicate
          </Button>
          <Button
            variant="ghost"
            className="text-red-800 hover:bg-red-50"
            onClick={onRemove}
            aria-label={`Remove ${blockLabel(block)}`}
          >
            Remove
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700">{entry.description}</p>
      {blockProblems.length > 0 && (
        <FieldError id={`${ids}-problems`} messages={blockProblems} label="This block" />
      )}
      <div>
        <label htmlFor={labelId} className="text-sm font-medium">
          Name in the block list <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          id={labelId}
          value={block.label ?? ''}
          maxLength={60}
          placeholder={entry.label}
          onChange={(e) =>
            onLayout(
              patchBlock(layout, index, {
                label: e.target.value.trim() ? e.target.value : undefined,
              }),
            )
          }
          aria-invalid={Boolean(at('label'))}
          aria-describedby={`${labelId}-hint${at('label') ? ` ${labelId}-error` : ''}`}
          className={inputClass}
        />
        <Hint id={`${labelId}-hint`}>Only editors see it; empty shows the type’s name.</Hint>
        <FieldError id={`${labelId}-error`} messages={at('label')} />
      </div>
      {rule && (
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">Style</legend>
          {styleSelect('background', 'Background', rule.backgrounds)}
          {styleSelect('spacing', 'Spacing', SPACINGS)}
          {rule.align && styleSelect('align', 'Alignment', ALIGNS)}
        </fieldset>
      )}
      {fieldsOf(schema).length > 0 ? (
        <ObjectFields
          path={['layout', index]}
          schema={schema}
          content={content}
          errors={errors}
          onChange={onChange}
        />
      ) : (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          This block has no fields of its own
          {block.type === 'footer' ? ': the footer is the same on every page.' : '.'}
        </p>
      )}
    </section>
  );
}
