// The executable inline scripts of a built page, found the way a browser finds them: the
// HTML is parsed by parse5, a WHATWG-conformant parser, not matched with a regex. Astro
// writes attribute values with only `&` and `"` escaped, so a `<script>` typed into an SEO
// description lands verbatim inside <meta content="...">; a regex took that for a script
// and failed every build (issue 21). Build-time only: kept apart from
// functions/shared/security-headers.ts, which the Lambda functions bundle, so parse5 is
// not in them.
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * Script types a browser runs, and so CSP governs: a JavaScript MIME type (the HTML
 * standard's list), `module`, an import map and speculation rules. Anything else (JSON-LD,
 * templates) is a data block and is not run.
 */
const EXECUTABLE_TYPES = new Set([
  'module',
  'importmap',
  'speculationrules',
  ...[
    'application/ecmascript',
    'application/javascript',
    'application/x-ecmascript',
    'application/x-javascript',
    'text/ecmascript',
    'text/javascript',
    'text/javascript1.0',
    'text/javascript1.1',
    'text/javascript1.2',
    'text/javascript1.3',
    'text/javascript1.4',
    'text/javascript1.5',
    'text/jscript',
    'text/livescript',
    'text/x-ecmascript',
    'text/x-javascript',
  ],
]);

export interface InlineScript {
  /** The CSP source, `sha256-<base64>`, of the script's text as the browser hashes it. */
  hash: string;
  text: string;
}

const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name && !attr.namespace)?.value;

/**
 * Whether a browser runs it, as the HTML standard's "prepare the script element" decides:
 * no type (or an empty one) is classic JavaScript; else the type, or `text/` plus the old
 * `language` attribute, stripped of spaces, must match a type above exactly (a parameter
 * such as `; charset=utf-8` makes it a data block).
 */
function isExecutable(element: Element): boolean {
  if (attribute(element, 'src') !== undefined) return false;
  const type = attribute(element, 'type');
  const language = attribute(element, 'language');
  let typeString: string;
  if (type !== undefined) {
    if (type === '') return true;
    typeString = type;
  } else if (language !== undefined && language !== '') {
    typeString = `text/${language}`;
  } else {
    return true;
  }
  return EXECUTABLE_TYPES.has(typeString.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').toLowerCase());
}

const textOf = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/** Every executable inline <script> of a document, HTML or SVG, in document order. */
export function inlineScripts(html: string): InlineScript[] {
  const found: InlineScript[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node && node.tagName === 'script' && isExecutable(node)) {
      const text = textOf(node);
      found.push({ hash: `sha256-${createHash('sha256').update(text).digest('base64')}`, text });
    }
    // A <template>'s scripts run once it is cloned into the page, so they count too.
    if ('content' in node) node.content.childNodes.forEach(visit);
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(parse(html));
  return found;
}

/** The CSP source of every executable inline <script> in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map((script) => script.hash);
}
