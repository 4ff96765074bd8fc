// The translator view's model (issue 39, docs/decisions/0572-admin-localization.md). The units
// come from the server's own XLIFF export of the page (GET .../locales/:locale/xliff), read with
// the browser's DOMParser: one unit per translatable text, its id the content path, its source
// with the placeholders (`<ph>`, the original in `equiv`) and the locale's current translation
// as target. So the translator and the vendors' files never disagree about what a unit is,
// and the admin does not import functions/localization (site/ imports only functions/shared).
// A save sends the source content with the target texts written at their paths (applyTexts,
// functions/shared/page-texts.ts, the XLIFF import's own): addresses, images, ids and settings
// stay the source's.
import { BLOCK_TYPES, type BlockType } from '../../../../../functions/shared/blocks.ts';
import { applyTexts } from '../../../../../functions/shared/page-texts.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { shippedTranslation } from '../../../../../functions/shared/shipped-translations.ts';

export interface Placeholder {
  /** Exactly as the text writes it: `{{claim:efficacy-1}}`, `[`, `](/pilot)`. */
  original: string;
  /** What the translator is shown: "claim efficacy-1", "link to /pilot". */
  display: string;
}

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'placeholder'; placeholder: Placeholder };

export interface XliffUnit {
  /** The content path (`hero.headline`, `layout.3.markdown`); `title` is the page title. */
  id: string;
  source: TextPart[];
  /** The source as text (placeholders as their originals). */
  sourceText: string;
  /** The locale's translation, placeholders as their originals; null when not translated. */
  target: string | null;
}

export const joinParts = (parts: readonly TextPart[]): string =>
  parts.map((part) => (part.kind === 'text' ? part.text : part.placeholder.original)).join('');

function inlineParts(node: Element): TextPart[] {
  const parts: TextPart[] = [];
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE || child.nodeType === Node.CDATA_SECTION_NODE) {
      const last = parts.at(-1);
      if (last?.kind === 'text') last.text += child.textContent ?? '';
      else parts.push({ kind: 'text', text: child.textContent ?? '' });
    } else if (child instanceof Element && child.localName === 'ph') {
      parts.push({
        kind: 'placeholder',
        placeholder: {
          original: child.getAttribute('equiv') ?? '',
          display: child.getAttribute('disp') ?? child.getAttribute('equiv') ?? '',
        },
      });
    } else if (child instanceof Element) {
      parts.push(...inlineParts(child));
    }
  }
  return parts.filter((part) => part.kind === 'placeholder' || part.text !== '');
}

/** The units of an XLIFF 2.1 document as the export writes it; throws a sentence if unreadable. */
export function parseXliff(document: string): XliffUnit[] {
  const parsed = new DOMParser().parseFromString(document, 'application/xml');
  if (parsed.getElementsByTagName('parsererror').length > 0) {
    throw new Error('The XLIFF document of the page could not be read');
  }
  return Array.from(parsed.getElementsByTagNameNS('*', 'unit')).map((unit) => {
    const source: TextPart[] = [];
    let target: TextPart[] | null = null;
    for (const segment of Array.from(unit.getElementsByTagNameNS('*', 'segment'))) {
      const from = segment.getElementsByTagNameNS('*', 'source')[0];
      const to = segment.getElementsByTagNameNS('*', 'target')[0];
      if (from) source.push(...inlineParts(from));
      if (to) (target ??= []).push(...inlineParts(to));
    }
    const targetText = target ? joinParts(target) : null;
    return {
      id: unit.getAttribute('id') ?? '',
      source,
      sourceText: joinParts(source),
      target: targetText?.trim() ? targetText : null,
    };
  });
}

export interface UnitGroup {
  /** `title`, `seo`, `hero`, `layout.3`. */
  key: string;
  /** "Page", "Search and social", "Hero", "FAQ: Questions". */
  label: string;
  units: XliffUnit[];
}

const SECTION_LABELS: Record<string, string> = { title: 'Page', seo: 'Search and social' };

/** A field path inside its group, as the translator reads it ("items 1 · question"). */
export function fieldLabel(id: string): string {
  const parts = id.split('.');
  const rest = parts[0] === 'layout' ? parts.slice(2) : parts.slice(1);
  if (rest.length === 0) return parts[0] === 'title' ? 'Title' : parts[0]!;
  return rest.map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part)).join(' · ');
}

/** The units in document order, grouped per block (or per section of the content). */
export function groupUnits(content: LandingContent, units: readonly XliffUnit[]): UnitGroup[] {
  const groups: UnitGroup[] = [];
  for (const unit of units) {
    const parts = unit.id.split('.');
    const key = parts[0] === 'layout' ? parts.slice(0, 2).join('.') : parts[0]!;
    let group = groups.at(-1);
    if (group?.key !== key) {
      group = { key, label: groupLabel(content, key), units: [] };
      groups.push(group);
    }
    group.units.push(unit);
  }
  return groups;
}

function groupLabel(content: LandingContent, key: string): string {
  if (key.startsWith('layout.')) {
    const block = content.layout?.[Number(key.split('.')[1])];
    if (!block) return key;
    const type = Object.hasOwn(BLOCK_TYPES, block.type)
      ? BLOCK_TYPES[block.type as BlockType].label
      : block.type;
    return block.label ? `${type}: ${block.label}` : type;
  }
  return SECTION_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** The originals of the placeholders a text contains, found as the source's are written. */
function placeholdersIn(text: string, known: readonly string[]): string[] {
  const found: string[] = [];
  // Longest first, so `](/pilot-x)` is not counted as `](/pilot`.
  const candidates = [...new Set(known)].sort((a, b) => b.length - a.length);
  let rest = text;
  for (const candidate of candidates) {
    const pieces = rest.split(candidate);
    for (let i = 1; i < pieces.length; i += 1) found.push(candidate);
    rest = pieces.join('\u0000');
  }
  // A token the source does not have is an addition.
  for (const match of rest.matchAll(/\{\{(?:param|claim):[^}]*\}\}|\]\([^)]*\)/g)) {
    found.push(match[0]);
  }
  return found;
}

const count = (items: readonly string[], item: string) =>
  items.filter((entry) => entry === item).length;

/**
 * What a target lacks or adds of the source's placeholders, as a sentence; undefined when it
 * keeps each one exactly (in any order: a translation may move a link).
 */
export function placeholderProblem(unit: XliffUnit, target: string): string | undefined {
  const wanted = unit.source.flatMap((part) =>
    part.kind === 'placeholder' ? [part.placeholder.original] : [],
  );
  const found = placeholdersIn(target, wanted);
  const unique = (items: string[]) => [...new Set(items)];
  const missing = unique(wanted).filter((item) => count(found, item) < count(wanted, item));
  const extra = unique(found).filter((item) => count(found, item) > count(wanted, item));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const list = (items: string[]) => items.map((item) => `“${item}”`).join(', ');
  if (missing.length && extra.length) {
    return `Keep ${list(missing)} exactly as the English text has it, and remove ${list(extra)}.`;
  }
  if (missing.length) return `Keep ${list(missing)} exactly as the English text has it.`;
  return `Remove ${list(extra)}: the English text does not have it.`;
}

/**
 * The locale draft's title and content: the source with the target texts applied. An empty
 * target keeps the source's text (not yet translated), so the content stays complete.
 */
export function draftTexts(
  source: { title: string; content: LandingContent },
  units: readonly XliffUnit[],
  targets: ReadonlyMap<string, string>,
): { title: string; content: LandingContent; untranslated: number } {
  const texts: Record<string, string> = {};
  let untranslated = 0;
  for (const unit of units) {
    const target = targets.get(unit.id) ?? unit.target ?? '';
    if (target.trim()) texts[unit.id] = target;
    else untranslated += 1;
  }
  return { ...applyTexts(source, texts), untranslated };
}

/**
 * The shipped translations (functions/shared/shipped-translations.ts) of the units not yet
 * translated in this locale whose English source is the template's word for word: what the
 * translator view fills in as suggestions, by unit id.
 */
export function suggestedTargets(units: readonly XliffUnit[], locale: string): Map<string, string> {
  const suggestions = new Map<string, string>();
  for (const unit of units) {
    if (unit.target !== null) continue;
    const suggestion = shippedTranslation(locale, unit.sourceText);
    if (suggestion !== undefined) suggestions.set(unit.id, suggestion);
  }
  return suggestions;
}
