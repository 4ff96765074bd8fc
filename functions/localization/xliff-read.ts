// Reading an XLIFF 2.1 document (docs/decisions/0569-xliff-profile.md): the checks of the
// document as a whole (size, no DOCTYPE, well-formed, XLIFF 2, its languages, one `<file>` for
// the page) and its units as text and `<ph>` codes, XML references decoded by hand so an
// unknown entity is refused. What a unit says is judged against the page in xliff.ts.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { XLIFF_NAMESPACE } from './xliff-profile.ts';

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
export type Inline =
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

export interface ReadUnit {
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

const sameLanguage = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * The units of a document for the page, after the checks of the document as a whole: read one
 * by one as the caller goes, so the unit named in a refusal is the first at fault.
 */
export function readXliff(
  document: string,
  expect: { pageId: string; srcLang: string; trgLang: string },
): Iterable<ReadUnit> {
  const { pageId, srcLang, trgLang } = expect;
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
  const nodes: XmlNode[] = [];
  collectUnits(files[0]!, nodes);
  return (function* () {
    for (const node of nodes) yield readUnit(node);
  })();
}
