// A readable list of changes between two versions of a page: one row per field
// ("hero.headline: old → new"), items added and removed, page settings first.
import { pathLabel } from '../../../../functions/shared/schema-fields.ts';
import {
  diffContent,
  jsonPath,
  shortValue,
  type ContentChange,
} from '../../../../functions/shared/content-diff.ts';

export interface PageSnapshot {
  title: string;
  slug: string;
  isActive: boolean;
  content: unknown;
}

/** Settings, then content, from `before` to `after`. */
export function pageChanges(before: PageSnapshot, after: PageSnapshot): ContentChange[] {
  const settings: ContentChange[] = (['title', 'slug', 'isActive'] as const)
    .filter((key) => before[key] !== after[key])
    .map((key) => ({ kind: 'changed', path: [key], before: before[key], after: after[key] }));
  const content = diffContent(before.content, after.content).map((change) => ({
    ...change,
    path: ['content', ...change.path],
  }));
  return [...settings, ...content];
}

const SETTING_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'URL Slug',
  isActive: 'Published (Active)',
};

function labelOf(path: (string | number)[]): { code: string; label: string } {
  if (path[0] !== 'content')
    return { code: String(path[0]), label: SETTING_LABELS[String(path[0])] ?? '' };
  const inner = path.slice(1);
  return { code: jsonPath(inner), label: pathLabel(inner) };
}

export function ChangeList({
  changes,
  emptyText,
  testId,
}: {
  changes: ContentChange[];
  emptyText: string;
  testId?: string;
}) {
  if (changes.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="grid gap-2 text-sm" data-testid={testId}>
      {changes.map((change) => {
        const { code, label } = labelOf(change.path);
        const inner = change.path[0] === 'content' ? change.path.slice(1) : change.path;
        return (
          <li
            key={`${change.kind}:${code}`}
            data-testid="change"
            className="rounded-md border border-slate-200 p-2"
          >
            <p className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono text-xs font-semibold text-ink">{code}</code>
              {label && <span className="text-xs text-slate-600">{label}</span>}
              {change.kind !== 'changed' && (
                <span
                  className={`rounded px-1.5 text-xs font-medium ${
                    change.kind === 'added'
                      ? 'bg-green-100 text-green-900'
                      : 'bg-red-100 text-red-900'
                  }`}
                >
                  {change.kind}
                </span>
              )}
            </p>
            <p className="mt-1 break-words">
              {change.kind !== 'added' && (
                <del className="bg-red-50 text-red-900 decoration-red-700">
                  {shortValue(change.before, inner)}
                </del>
              )}
              {change.kind === 'changed' && (
                <span aria-hidden="true" className="mx-1 text-slate-500">
                  →
                </span>
              )}
              {change.kind === 'changed' && <span className="sr-only"> changed to </span>}
              {change.kind !== 'removed' && (
                <ins className="bg-green-50 text-green-900 no-underline">
                  {shortValue(change.after, inner)}
                </ins>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
