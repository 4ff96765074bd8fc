// "Source changed" (issue 39, docs/decisions/0573-pages-per-locale.md): the default locale's
// texts a translation was made from against its texts now, unit by unit.
import type { SourceDiff } from '../shared/translations.ts';
import { translatableUnits } from './units.ts';
import type { PageTexts } from '../shared/page-texts.ts';

/** A page's translatable texts by unit id (`title`, `hero.headline`, ...). */
export function textsOf(page: PageTexts): Record<string, string> {
  return Object.fromEntries(translatableUnits(page).map((unit) => [unit.id, unit.text]));
}

/**
 * The units whose text differs between `before` (the base) and `after` (now), in the order of
 * `after`'s units, then those gone: changed, added (before null) and removed (after null).
 */
export function sourceDiff(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): SourceDiff[] {
  const diff: SourceDiff[] = [];
  for (const [path, text] of Object.entries(after)) {
    const was = Object.hasOwn(before, path) ? before[path]! : null;
    if (was !== text) diff.push({ path, before: was, after: text });
  }
  for (const [path, text] of Object.entries(before)) {
    if (!Object.hasOwn(after, path)) diff.push({ path, before: text, after: null });
  }
  return diff;
}
