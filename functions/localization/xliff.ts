// XLIFF 2.1 for translation vendors (issue 39, docs/localization.md "The XLIFF profile",
// docs/decisions/0569-xliff-profile.md). exportXliff writes one unit per translatable text of a
// landing page (units.ts), its id the content path, placeholders (placeholders.ts) as inline
// `<ph>` codes with their original in the unit's `<originalData>`; importXliff reads a
// translated document back, refusing with the unit named anything that does not fit the page's
// current source. Pure functions: the routes (GET/PUT /api/landing-pages/:id/locales/:locale/xliff)
// read and write the page versions.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { dynamicTextProblem } from '../shared/dynamic-text.ts';
import { claimTokenProblem } from '../shared/claims/tokens.ts';
import { splitPlaceholders, type Placeholder } from './placeholders.ts';
import { stringLeaves, translatableUnits } from './units.ts';
import { applyTexts, type PageTexts } from '../shared/page-texts.ts';

/** The XLIFF 2 core namespace; XLIFF 2.1 keeps 2.0's (only `version` says 2.1). */
export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';
/** The largest document the import reads (UTF-8 bytes). */
export const XLIFF_MAX_BYTES = 2 * 1024 * 1024;

/** A refused document: the message is a sentence; `unit` names the unit when one is at fault. */
export class XliffImportError extends Error {
  readonly unit: string | undefined;
  constructor(message: string, unit?: string) {
    super(message);
    this.name = 'XliffImportError';
    this.unit = unit;
  }
}

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

/** A placeholder of a source unit with its ids in the document. */
interface Code extends Placeholder {
  id: string;
  dataRef: string;
}

interface PreparedUnit {
  id: string;
  text: string;
  parts: ({ kind: 'text'; text: string } | { kind: 'code'; code: Code })[];
  codes: Code[];
}

function prepare(id: string, text: string): PreparedUnit {
  const codes: Code[] = [];
  const parts = splitPlaceholders(text).map((part) => {
    if (part.kind === 'text') return part;
    const n = codes.length + 1;
    const code: Code = { ...part.placeholder, id: String(n), dataRef: `d${n}` };
    codes.push(code);
    return { kind: 'code' as const, code };
  });
  return { id, text, parts, codes };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Characters XML 1.0 cannot hold: control characters, U+FFFE/U+FFFF, lone surrogates. */
// eslint-disable-next-line no-control-regex -- finding the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

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

/** What an attribute or a note (text only, no `<cp>`) can hold of a text: others become U+FFFD. */
const attributeSafe = (text: string) => text.replace(NOT_XML, '\uFFFD');

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

/**
 * The target's text as parts coded like the source's, or undefined when its placeholders are not
 * exactly the source's (then the unit is exported without a target, to be translated anew).
 */
function targetParts(unit: PreparedUnit, text: string): PreparedUnit['parts'] | undefined {
  const unused = [...unit.codes];
  const parts: PreparedUnit['parts'] = [];
  for (const part of splitPlaceholders(text)) {
    if (part.kind === 'text') {
      parts.push(part);
      continue;
    }
    const at = unused.findIndex((code) => code.original === part.placeholder.original);
    if (at < 0) return undefined;
    parts.push({ kind: 'code', code: unused.splice(at, 1)[0]! });
  }
  return unused.length === 0 ? parts : undefined;
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

// ---------------------------------------------------------------------------------------------
// Reading

/** fast-xml-parser's preserveOrder node: one key (the tag, `#text` or `#cdata`) and `:@` attributes. */
type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  // References are decoded below, where an unknown one is refused: no DOCTYPE, no entities.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const nameOf = (node: XmlNode): string => Object.keys(node).find((key) => key !== ':@') ?? '';
const childrenOf = (node: XmlNode): XmlNode[] => {
  const value = node[nameOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};
const attrsOf = (node: XmlNode): Record<string, string> => node[':@'] ?? {};
const elementsOf = (node: XmlNode) =>
  childrenOf(node).filter((child) => !['#text', '#cdata'].includes(nameOf(child)));

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(raw: string, where: string, unit?: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) {
      throw new XliffImportError(`${where} has a bare "&": write &amp;.`, unit);
    }
    if (Object.hasOwn(NAMED, name)) return NAMED[name]!;
    const number = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(name);
    const code = number ? parseInt(number[1] ?? number[2]!, number[1] ? 16 : 10) : NaN;
    if (Number.isNaN(code) || code > 0x10ffff) {
      throw new XliffImportError(
        `${where} refers to the entity "&${name};", which XML without a DOCTYPE does not define.`,
        unit,
      );
    }
    return String.fromCodePoint(code);
  });
}

/** Text of a text or CDATA node: line ends normalized as an XML parser does, references decoded. */
function textOf(node: XmlNode, where: string, unit?: string): string {
  const name = nameOf(node);
  if (name === '#cdata') {
    return childrenOf(node)
      .map((child) => String(child['#text'] ?? ''))
      .join('')
      .replace(/\r\n?/g, '\n');
  }
  return decode(String(node['#text'] ?? '').replace(/\r\n?/g, '\n'), where, unit);
}

function attribute(node: XmlNode, name: string, where: string, unit?: string): string | undefined {
  const raw = attrsOf(node)[name];
  return raw === undefined ? undefined : decode(String(raw).replace(/[\t\n\r]/g, ' '), where, unit);
}

/** Inline content of a `<source>` or `<target>`: text and `<ph>` codes. */
type Inline =
  { kind: 'text'; text: string } | { kind: 'ph'; id: string; equiv?: string; dataRef?: string };

function readInline(node: XmlNode, where: string, unit: string): Inline[] {
  const out: Inline[] = [];
  const text = (value: string) => {
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += value;
    else if (value) out.push({ kind: 'text', text: value });
  };
  for (const child of childrenOf(node)) {
    const name = nameOf(child);
    if (name === '#text' || name === '#cdata') {
      text(textOf(child, where, unit));
    } else if (name === 'ph') {
      const id = attribute(child, 'id', where, unit);
      if (!id) throw new XliffImportError(`${where} has a <ph> without an id.`, unit);
      const equiv = attribute(child, 'equiv', where, unit);
      const dataRef = attribute(child, 'dataRef', where, unit);
      out.push({
        kind: 'ph',
        id,
        ...(equiv === undefined ? {} : { equiv }),
        ...(dataRef === undefined ? {} : { dataRef }),
      });
    } else if (name === 'cp') {
      const hex = attribute(child, 'hex', where, unit) ?? '';
      if (!/^[0-9a-fA-F]{1,6}$/.test(hex)) {
        throw new XliffImportError(
          `${where} has a <cp> whose hex "${hex}" is not a code point.`,
          unit,
        );
      }
      text(String.fromCodePoint(parseInt(hex, 16)));
    } else if (name === 'mrk') {
      // An annotation (a term, a comment): its content counts, the marker does not.
      for (const part of readInline(child, where, unit)) {
        if (part.kind === 'text') text(part.text);
        else out.push(part);
      }
    } else {
      throw new XliffImportError(
        `${where} has an inline element <${name}> this profile does not use: keep the <ph> placeholders as they were exported.`,
        unit,
      );
    }
  }
  return out;
}

interface ReadUnit {
  id: string;
  source: Inline[];
  /** Undefined: no translation yet. */
  target: Inline[] | undefined;
}

function readUnit(node: XmlNode): ReadUnit {
  const id = attribute(node, 'id', 'A unit') ?? '';
  const name = `Unit "${id}"`;
  const source: Inline[] = [];
  const target: Inline[] = [];
  let withTarget = 0;
  let segments = 0;
  for (const child of elementsOf(node)) {
    const kind = nameOf(child);
    if (kind !== 'segment' && kind !== 'ignorable') continue;
    const parts = elementsOf(child);
    const sourceNode = parts.find((part) => nameOf(part) === 'source');
    const targetNode = parts.find((part) => nameOf(part) === 'target');
    if (!sourceNode) throw new XliffImportError(`${name} has a ${kind} without a <source>.`, id);
    const sourceParts = readInline(sourceNode, `${name}'s source`, id);
    source.push(...sourceParts);
    const targetParts = targetNode ? readInline(targetNode, `${name}'s target`, id) : [];
    if (kind === 'segment') {
      segments += 1;
      // An empty <target/> is a tool's way to say "not translated yet".
      if (targetParts.length) withTarget += 1;
      target.push(...targetParts);
    } else {
      // An ignorable without a target keeps its source (white space between segments).
      target.push(...(targetNode ? targetParts : sourceParts));
    }
  }
  if (segments === 0) throw new XliffImportError(`${name} has no <segment>.`, id);
  if (withTarget > 0 && withTarget < segments) {
    throw new XliffImportError(
      `${name} is translated in ${withTarget} of its ${segments} segments: translate all of them or none.`,
      id,
    );
  }
  return { id, source, target: withTarget ? target : undefined };
}

function collectUnits(node: XmlNode, into: XmlNode[]) {
  for (const child of elementsOf(node)) {
    const name = nameOf(child);
    if (name === 'unit') into.push(child);
    else if (name === 'group') collectUnits(child, into);
  }
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

const sameLanguage = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** The translations of a document for the page, or an XliffImportError naming what is wrong. */
export function importXliff(document: string, options: XliffImportOptions): XliffImportResult {
  const { pageId, srcLang, trgLang, source, target } = options;
  if (typeof document !== 'string' || !document.trim()) {
    throw new XliffImportError('The document is empty: send an XLIFF 2.1 document.');
  }
  // A character is at least one byte: a longer string is refused before it is encoded.
  const bytes =
    document.length > XLIFF_MAX_BYTES
      ? document.length
      : new TextEncoder().encode(document).byteLength;
  if (bytes > XLIFF_MAX_BYTES) {
    throw new XliffImportError(
      `The document is ${Math.ceil(bytes / 1024)} KB: at most ${XLIFF_MAX_BYTES / 1024 / 1024} MB is accepted.`,
    );
  }
  // No DTD: entities could read files or multiply without bound (XXE, "billion laughs").
  if (/<!DOCTYPE/i.test(document) || /<!ENTITY/i.test(document)) {
    throw new XliffImportError(
      'The document declares a DOCTYPE or entities, which are not accepted: send the XLIFF without a DOCTYPE.',
    );
  }
  const valid = XMLValidator.validate(document);
  if (valid !== true) {
    throw new XliffImportError(
      `The document is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`,
    );
  }
  const roots = (parser.parse(document) as XmlNode[]).filter(
    (node) => !nameOf(node).startsWith('#'),
  );
  const root = roots[0];
  if (roots.length !== 1 || !root || nameOf(root) !== 'xliff') {
    throw new XliffImportError('The document is not XLIFF: its root element must be <xliff>.');
  }
  const version = attribute(root, 'version', 'The <xliff> element');
  if (
    attribute(root, 'xmlns', 'The <xliff> element') !== XLIFF_NAMESPACE ||
    !/^2\.\d+$/.test(version ?? '')
  ) {
    throw new XliffImportError(
      `The document is not XLIFF 2 (version ${version ?? 'missing'}): export an XLIFF 2.1 document and translate that.`,
    );
  }
  const docSrc = attribute(root, 'srcLang', 'The <xliff> element');
  const docTrg = attribute(root, 'trgLang', 'The <xliff> element');
  if (!sameLanguage(docSrc, srcLang)) {
    throw new XliffImportError(
      `The document's source language is ${docSrc ?? 'missing'}, not ${srcLang}.`,
    );
  }
  if (!sameLanguage(docTrg, trgLang)) {
    throw new XliffImportError(
      `The document's target language is ${docTrg ?? 'missing'}, not ${trgLang}.`,
    );
  }
  const files = elementsOf(root).filter((node) => nameOf(node) === 'file');
  if (files.length !== 1) {
    throw new XliffImportError(
      `The document has ${files.length} <file> elements: one page's document has one.`,
    );
  }
  const fileId = attribute(files[0]!, 'id', 'The <file> element');
  if (fileId !== pageId) {
    throw new XliffImportError(`The document is for page "${fileId ?? ''}", not "${pageId}".`);
  }

  const expected = new Map(
    translatableUnits(source).map(({ id, text }) => [id, prepare(id, text)]),
  );
  const nodes: XmlNode[] = [];
  collectUnits(files[0]!, nodes);
  const seen = new Set<string>();
  const translations: Record<string, string> = {};
  for (const node of nodes) {
    const read = readUnit(node);
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
