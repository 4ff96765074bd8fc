// changes.html of an inspection package: what changed, field by field, from the version live
// before this one (the versions panel's diff, functions/shared/content-diff.ts), as a page an
// inspector opens in any browser: no script, no outside resource.
import { diffContent, jsonPath, shortValue } from '../shared/content-diff.ts';
import { pathLabel } from '../shared/schema-fields.ts';
import { escape } from './signature-page.ts';

interface State {
  title: string;
  slug: string;
  content: unknown;
}

export interface ChangesInput {
  /** This version's job code with its number. */
  label: string;
  title: string;
  /** The version live before it, with its label; none for a first publication. */
  before: (State & { label: string }) | undefined;
  after: State;
}

const KIND_LABELS = { changed: 'Changed', added: 'Added', removed: 'Removed' } as const;

export function changesHtml({ label, title, before, after }: ChangesInput): string {
  const settings = (['title', 'slug'] as const)
    .filter((key) => before && before[key] !== after[key])
    .map((key) => ({
      kind: 'changed' as const,
      code: key,
      label: key === 'title' ? 'Title' : 'URL Slug',
      before: `“${before![key]}”`,
      after: `“${after[key]}”`,
    }));
  const content = diffContent(before?.content ?? {}, after.content).map((change) => ({
    kind: change.kind,
    code: jsonPath(change.path),
    label: pathLabel(change.path),
    before: 'before' in change ? shortValue(change.before, change.path) : '',
    after: 'after' in change ? shortValue(change.after, change.path) : '',
  }));
  const rows = [...settings, ...content];
  const against = before
    ? `Compared with ${escape(before.label)}, the version visitors saw before it.`
    : 'The first publication of this page: every field is listed as added.';
  const body = rows.length
    ? `<table>
  <thead><tr><th scope="col">Field</th><th scope="col">Change</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
  <tbody>
${rows
  .map(
    (row) =>
      `    <tr><th scope="row">${escape(row.label || row.code)}<br><code>${escape(row.code)}</code></th><td>${KIND_LABELS[row.kind]}</td><td>${escape(row.before)}</td><td>${escape(row.after)}</td></tr>`,
  )
  .join('\n')}
  </tbody>
</table>`
    : '<p>No field changed: the same content went live again.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Changes in ${escape(label)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem; color: #111; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #bbb; padding: .4rem .6rem; text-align: left; vertical-align: top; }
  thead th { background: #eee; }
  code { font-size: .85em; color: #444; }
</style>
</head>
<body>
<main>
<h1>Changes in ${escape(label)}: ${escape(title)}</h1>
<p>${against}</p>
${body}
</main>
</body>
</html>
`;
}
