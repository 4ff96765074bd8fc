// The content's values as the editor changes them: a path into the content, reading and
// setting at a path without touching the original, moving a list item, and a blank value
// a schema accepts (docs/decisions/0066-structured-editor.md). The Images tab's slots use
// setAt too.
import type * as z from 'zod';
import { describeField, fieldsOf } from '../../../../../functions/shared/schema-fields.ts';

export type Json = Record<string, unknown>;

export type Path = (string | number)[];

export type ContentErrors = Record<string, string[]>;

export function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A copy of `root` with `value` at `path`; missing objects and arrays are created. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const base: Record<string | number, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : root && typeof root === 'object'
      ? { ...(root as Json) }
      : typeof head === 'number'
        ? []
        : {};
  const next = setAt((base as Record<string | number, unknown>)[head], rest, value);
  // An emptied optional field leaves the JSON rather than staying as "".
  if (next === undefined && !Array.isArray(base)) {
    return Object.fromEntries(Object.entries(base).filter(([key]) => key !== String(head)));
  }
  (base as Record<string | number, unknown>)[head] = next;
  return base;
}

/** `items` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** A new, empty value of a schema: required fields blank, optional ones left out. */
export function blankOf(schema: z.ZodType): unknown {
  const field = describeField(schema);
  switch (field.kind) {
    case 'object':
      return Object.fromEntries(
        fieldsOf(schema)
          .filter(([, child]) => !describeField(child).optional)
          .map(([key, child]) => [key, blankOf(child)]),
      );
    case 'list':
    case 'lines':
      return [];
    case 'record':
      return {};
    case 'boolean':
      return false;
    case 'enum':
      return field.options?.[0] ?? '';
    default:
      return '';
  }
}
