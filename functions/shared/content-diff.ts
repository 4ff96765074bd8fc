// A readable, field-level comparison of two versions of a page: one line per changed
// field ("hero.headline: old → new"), list items added and removed as items (matched by
// content, so removing the first of six items is one removal, not six changes), keys in
// the schema's order then sorted, so the same two versions always read the same. Shared by the
// admin's versions panel and the inspection package's changes.html (functions/inspection/).
import { diffArrays } from 'diff';
import { sameJson } from './stable-json.ts';
import { describeField, orderedKeys, schemaAt } from './schema-fields.ts';

export type ContentChange =
  | { kind: 'changed'; path: (string | number)[]; before: unknown; after: unknown }
  | { kind: 'added'; path: (string | number)[]; after: unknown }
  | { kind: 'removed'; path: (string | number)[]; before: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function diffContent(
  before: unknown,
  after: unknown,
  path: (string | number)[] = [],
): ContentChange[] {
  if (sameJson(before, after)) return [];
  // A whole section or object added or removed reads field by field; a list item stays one.
  const inList = typeof path.at(-1) === 'number';
  if (before === undefined && isObject(after) && !inList) return diffContent({}, after, path);
  if (after === undefined && isObject(before) && !inList) return diffContent(before, {}, path);
  if (before === undefined) return [{ kind: 'added', path, after }];
  if (after === undefined) return [{ kind: 'removed', path, before }];
  if (isObject(before) && isObject(after)) {
    return orderedKeys(path, [...Object.keys(before), ...Object.keys(after)]).flatMap((key) =>
      diffContent(before[key], after[key], [...path, key]),
    );
  }
  if (Array.isArray(before) && Array.isArray(after)) return diffList(before, after, path);
  return [{ kind: 'changed', path, before, after }];
}

function diffList(before: unknown[], after: unknown[], path: (string | number)[]): ContentChange[] {
  const changes: ContentChange[] = [];
  const parts = diffArrays(before, after, { comparator: sameJson });
  let oldIndex = 0;
  let newIndex = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (!part.added && !part.removed) {
      oldIndex += part.count ?? part.value.length;
      newIndex += part.count ?? part.value.length;
      continue;
    }
    const next = parts[index + 1];
    // Items replaced in place (edited): compare them field by field.
    if (part.removed && next?.added) {
      const paired = Math.min(part.value.length, next.value.length);
      for (let i = 0; i < paired; i++) {
        changes.push(...diffContent(part.value[i], next.value[i], [...path, newIndex + i]));
      }
      for (let i = paired; i < part.value.length; i++) {
        changes.push({ kind: 'removed', path: [...path, oldIndex + i], before: part.value[i] });
      }
      for (let i = paired; i < next.value.length; i++) {
        changes.push({ kind: 'added', path: [...path, newIndex + i], after: next.value[i] });
      }
      oldIndex += part.value.length;
      newIndex += next.value.length;
      index += 1;
      continue;
    }
    for (const [i, value] of part.value.entries()) {
      if (part.removed)
        changes.push({ kind: 'removed', path: [...path, oldIndex + i], before: value });
      else changes.push({ kind: 'added', path: [...path, newIndex + i], after: value });
    }
    if (part.removed) oldIndex += part.value.length;
    else newIndex += part.value.length;
  }
  return changes;
}

/** `features.items[2].title`: the path as the JSON tab spells it. */
export function jsonPath(path: readonly (string | number)[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
}

/** A value in one line: text quoted, lists and items by their name where they have one. */
export function shortValue(value: unknown, path: readonly (string | number)[]): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : `“${value}”`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string'))
      return value.map((v) => `“${v}”`).join(', ') || '(empty list)';
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  if (isObject(value)) {
    const list = typeof path.at(-1) === 'number' ? schemaAt(path.slice(0, -1)) : undefined;
    const titleKey = list ? describeField(list).itemTitleKey : undefined;
    const title = titleKey ? value[titleKey] : undefined;
    if (typeof title === 'string' && title) return `“${title}”`;
    const count = Object.keys(value).length;
    return `${count} field${count === 1 ? '' : 's'}`;
  }
  return JSON.stringify(value);
}
