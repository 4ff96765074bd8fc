// The XLIFF 2.1 export (docs/decisions/0569-xliff-profile.md, docs/localization.md "The
// document"): one unit per translatable text of a landing page (units.ts), its id the content
// path, placeholders (placeholders.ts) as inline `<ph>` codes with their original in the unit's
// `<originalData>`, the target locale's current translations filled in. The import reads such
// a document back (xliff.ts).
import type { PageTexts } from '../shared/page-texts.ts';
import {
  attributeSafe,
  NOT_XML,
  prepare,
  targetParts,
  XLIFF_NAMESPACE,
  type Code,
  type PreparedUnit,
} from './xliff-profile.ts';
import { stringLeaves, translatableUnits } from './units.ts';

export interface XliffExportOptions {
  pageId: string;
  /** Shown to the translator as the file's note (the page's name in the admin). */
  title?: string | undefined;
  srcLang: string;
  trgLang: string;
  /** The source locale's texts (the default locale's live version or working copy). */
  source: PageTexts;
  /** The target locale's current texts, if it has a version: its translations are filled in. */
  target?: PageTexts | undefined;
}

/** Element content: markup characters escaped, CR kept as a reference, others as `<cp>`. */
function escapeContent(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(
      NOT_XML,
      (char) => `<cp hex="${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}"/>`,
    );
}

function escapeAttribute(text: string): string {
  return attributeSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** XLIFF 2 ids (file, unit, data, ph) are NMTOKENs; content paths are ASCII names, digits and dots. */
const NMTOKEN = /^[A-Za-z0-9._:-]+$/;

function checkId(kind: string, id: string) {
  if (!NMTOKEN.test(id)) throw new Error(`The ${kind} id "${id}" is not an XLIFF NMTOKEN`);
}

const phElement = (code: Code) =>
  `<ph id="${code.id}" dataRef="${code.dataRef}" equiv="${escapeAttribute(code.original)}" disp="${escapeAttribute(code.display)}"/>`;

function inline(parts: PreparedUnit['parts']): string {
  return parts
    .map((part) => (part.kind === 'text' ? escapeContent(part.text) : phElement(part.code)))
    .join('');
}

/** The page's translatable texts as an XLIFF 2.1 document, the target's translations filled in. */
export function exportXliff(options: XliffExportOptions): string {
  const { pageId, title, srcLang, trgLang, source, target } = options;
  checkId('file', pageId);
  const targetTexts = new Map(
    target ? stringLeaves(target).map((leaf) => [leaf.id, leaf.text] as const) : [],
  );
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.1" srcLang="${escapeAttribute(srcLang)}" trgLang="${escapeAttribute(trgLang)}">`,
    `  <file id="${pageId}" original="landing-pages/${pageId}" xml:space="preserve">`,
  ];
  if (title) {
    lines.push(
      '    <notes>',
      `      <note category="title">${escapeContent(attributeSafe(title))}</note>`,
      '    </notes>',
    );
  }
  for (const { id, text } of translatableUnits(source)) {
    checkId('unit', id);
    const unit = prepare(id, text);
    lines.push(`    <unit id="${id}">`);
    if (unit.codes.length) {
      lines.push('      <originalData>');
      for (const code of unit.codes) {
        lines.push(`        <data id="${code.dataRef}">${escapeContent(code.original)}</data>`);
      }
      lines.push('      </originalData>');
    }
    const current = targetTexts.get(id);
    // A target still equal to its source is not a translation yet (a copied version).
    const translated =
      current !== undefined && current.trim() && current !== text
        ? targetParts(unit, current)
        : undefined;
    lines.push(
      translated ? `      <segment state="translated">` : '      <segment>',
      `        <source>${inline(unit.parts)}</source>`,
    );
    if (translated) lines.push(`        <target>${inline(translated)}</target>`);
    lines.push('      </segment>', '    </unit>');
  }
  lines.push('  </file>', '</xliff>', '');
  return lines.join('\n');
}
