// XLIFF 2.1 for translation vendors (issue 39, docs/localization.md "The XLIFF profile",
// docs/decisions/0569-xliff-profile.md). exportXliff (xliff-write.ts) writes one unit per
// translatable text of a landing page (units.ts), its id the content path, placeholders
// (placeholders.ts) as inline `<ph>` codes with their original in the unit's `<originalData>`;
// importXliff reads a translated document back (xliff-read.ts), refusing with the unit named
// anything that does not fit the page's current source. Pure functions: the routes
// (GET/PUT /api/landing-pages/:id/locales/:locale/xliff) read and write the page versions.
import { dynamicTextProblem } from '../shared/dynamic-text.ts';
import { claimTokenProblem } from '../shared/claims/tokens.ts';
import { splitPlaceholders } from './placeholders.ts';
import { stringLeaves, translatableUnits } from './units.ts';
import { applyTexts, type PageTexts } from '../shared/page-texts.ts';
import { attributeSafe, prepare, targetParts, type PreparedUnit } from './xliff-profile.ts';
import { readXliff, XliffImportError, type Inline } from './xliff-read.ts';

export { exportXliff } from './xliff-write.ts';
export { XLIFF_MAX_BYTES, XliffImportError } from './xliff-read.ts';

export interface XliffImportOptions {
  pageId: string;
  srcLang: string;
  trgLang: string;
  source: PageTexts;
  target?: PageTexts | undefined;
}

export interface XliffImportResult {
  /** The source's texts with every translation written in (structure and settings: the source's). */
  texts: PageTexts;
  /** How many units of the document carried a translation. */
  units: number;
}

const quote = (text: string) => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;

/** The document's text of a unit's source, its codes read as the page's source has them. */
function sourceMatches(unit: PreparedUnit, parts: Inline[]): boolean {
  const byId = new Map(unit.codes.map((code) => [code.id, code]));
  let text = '';
  for (const part of parts) {
    if (part.kind === 'text') {
      text += part.text;
      continue;
    }
    const code = byId.get(part.id);
    if (!code || (part.equiv !== undefined && part.equiv !== attributeSafe(code.original))) {
      return false;
    }
    text += code.original;
  }
  return text === unit.text;
}

function translation(unit: PreparedUnit, parts: Inline[]): string {
  const where = `Unit "${unit.id}"`;
  const byId = new Map(unit.codes.map((code) => [code.id, code]));
  const seen = new Map<string, number>();
  let text = '';
  parts.forEach((part, index) => {
    if (part.kind === 'text') {
      text += part.text;
      return;
    }
    const code = byId.get(part.id);
    if (!code) {
      throw new XliffImportError(
        `${where}: the translation has a placeholder <ph id="${part.id}"> that its source does not have.`,
        unit.id,
      );
    }
    if (seen.has(part.id)) {
      throw new XliffImportError(
        `${where}: the translation has the placeholder ${part.id} (${code.original}) twice; keep each placeholder once.`,
        unit.id,
      );
    }
    if (part.equiv !== undefined && part.equiv !== attributeSafe(code.original)) {
      throw new XliffImportError(
        `${where}: the translation changes the placeholder ${part.id} from ${code.original} to ${part.equiv}; placeholders must come back unchanged.`,
        unit.id,
      );
    }
    if (part.dataRef !== undefined && part.dataRef !== code.dataRef) {
      throw new XliffImportError(
        `${where}: the translation's placeholder ${part.id} refers to data "${part.dataRef}" instead of "${code.dataRef}"; placeholders must come back unchanged.`,
        unit.id,
      );
    }
    seen.set(part.id, index);
    text += code.original;
  });
  for (const code of unit.codes) {
    if (!seen.has(code.id)) {
      throw new XliffImportError(
        `${where}: the translation lacks the placeholder ${code.id} (${code.original}); placeholders must come back unchanged.`,
        unit.id,
      );
    }
  }
  // A link's words stay between its start and its end.
  unit.codes.forEach((code, index) => {
    const end = unit.codes[index + 1];
    if (
      code.kind === 'link-start' &&
      end?.kind === 'link-end' &&
      seen.get(code.id)! > seen.get(end.id)!
    ) {
      throw new XliffImportError(
        `${where}: the translation puts the end of a link (placeholder ${end.id}) before its start (placeholder ${code.id}).`,
        unit.id,
      );
    }
  });
  // Tokens or links typed as text instead of coming from the source's placeholders.
  const originals = (value: string) =>
    splitPlaceholders(value)
      .flatMap((part) => (part.kind === 'placeholder' ? [part.placeholder.original] : []))
      .sort();
  const expected = unit.codes.map((code) => code.original).sort();
  const got = originals(text);
  if (got.length !== expected.length || got.some((value, index) => value !== expected[index])) {
    throw new XliffImportError(
      `${where}: the translation writes a placeholder (a {{param:…}} or {{claim:…}} token or a Markdown link) as text; placeholders come only from the source's <ph> elements.`,
      unit.id,
    );
  }
  const problem = dynamicTextProblem(text) ?? claimTokenProblem(text);
  if (problem) throw new XliffImportError(`${where}: the translation ${problem}.`, unit.id);
  return text;
}

/** The translations of a document for the page, or an XliffImportError naming what is wrong. */
export function importXliff(document: string, options: XliffImportOptions): XliffImportResult {
  const { pageId, srcLang, trgLang, source, target } = options;
  const units = readXliff(document, { pageId, srcLang, trgLang });
  const expected = new Map(
    translatableUnits(source).map(({ id, text }) => [id, prepare(id, text)]),
  );
  const seen = new Set<string>();
  const translations: Record<string, string> = {};
  for (const read of units) {
    const unit = expected.get(read.id);
    if (!unit) {
      throw new XliffImportError(
        `Unit "${read.id}" is not a translatable text of this page: export a new document.`,
        read.id,
      );
    }
    if (seen.has(read.id)) {
      throw new XliffImportError(`Unit "${read.id}" is in the document twice.`, read.id);
    }
    seen.add(read.id);
    if (!sourceMatches(unit, read.source)) {
      throw new XliffImportError(
        `Unit "${read.id}": its source text is no longer the page's (now ${quote(unit.text)}): export a new document and translate the change.`,
        read.id,
      );
    }
    if (read.target) translations[read.id] = translation(unit, read.target);
  }
  for (const id of expected.keys()) {
    if (!seen.has(id)) {
      throw new XliffImportError(
        `Unit "${id}" of the page's source is missing from the document: export a new document.`,
        id,
      );
    }
  }
  // Units without a translation keep the target's current text where it has one with the
  // source's placeholders (else the source's text: its links and tokens are the current ones).
  const current = new Map(
    target ? stringLeaves(target).map((leaf) => [leaf.id, leaf.text] as const) : [],
  );
  const texts: Record<string, string> = {};
  for (const [id, unit] of expected) {
    const kept = current.get(id);
    const value =
      translations[id] ?? (kept !== undefined && targetParts(unit, kept) ? kept : undefined);
    if (value !== undefined) texts[id] = value;
  }
  return { texts: applyTexts(source, texts), units: Object.keys(translations).length };
}
