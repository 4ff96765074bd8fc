// The rich-text block's Markdown subset (docs/decisions/0169-rich-text.md): headings (h2 to h4),
// paragraphs, bulleted and numbered lists, links, **bold**, *italic* and `code`. Parsed
// into a small tree of a fixed set of nodes; site/islands/landing/blocks/markdown.tsx turns
// the tree into React elements at build time (never HTML strings). Anything else is text:
// raw HTML is shown as written, and a link whose address is not http(s), mailto or
// relative keeps its text and loses the link. The block schema (block-fields.ts) also refuses
// such input up front, so the editor hears about it instead of a visitor seeing it.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type RichBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]{0,3}\d{1,9}[.)][ \t]+(.*)$/;

/** Addresses a link may have: http(s), mailto, a site path, an #anchor or a plain relative path. */
const SAFE_HREFS = [
  /^https?:\/\/[^\s"'<>\\]+$/i,
  /^mailto:[^\s"'<>\\:/]+@[^\s"'<>\\]+$/i,
  /^\/(?!\/)[^\s"'<>\\]*$/,
  /^#[\w-]*$/,
  // Relative: letters, digits and path punctuation only, so no scheme (no ":") and no
  // entity or escape trick (no "&", "%", "\\") can hide in it.
  /^(?:\.{1,2}\/)*[\w-][\w./~-]*(?:[?#][\w=&./~-]*)?$/,
];

/**
 * The address as a link may use it, or undefined. An allowlist on the raw text: control
 * characters and whitespace (which browsers strip, so `java\tscript:` would run) fail
 * every pattern, as do `javascript:`, `data:` and `vbscript:` in any case or encoding.
 */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  if (href.length === 0 || href.length > 2048) return undefined;
  return SAFE_HREFS.some((pattern) => pattern.test(href)) ? href : undefined;
}

/** The block structure: headings, lists and paragraphs separated by blank lines. */
export function parseRichText(markdown: string): RichBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;

  const flushParagraph = () => {
    if (paragraph.length)
      blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list)
      blocks.push({
        kind: 'list',
        ordered: list.ordered,
        items: list.items.map((item) => parseInline(item)),
      });
    list = undefined;
  };

  for (const rawLine of lines) {
    const line = rawLine.trimEnd();
    if (line.trim() === '') {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      // The page's one h1 is its hero: a "#" heading is a section heading like "##".
      const level = Math.min(4, Math.max(2, heading[1]!.length)) as 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? undefined : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      flushParagraph();
      const ordered = numbered !== undefined && numbered !== null;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    if (list) {
      // A line under a list item continues it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    paragraph.push(line.trim());
  }
  flushParagraph();
  flushList();
  return blocks;
}

const ESCAPABLE = /[\\`*_[\]()#+\-.!<>]/;

/** Inline markup: `code`, [links](address), **bold**, *italic* or _italic_, \escapes. */
export function parseInline(source: string, inLink = false): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const pushText = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length && ESCAPABLE.test(source[i + 1]!)) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        pushText();
        out.push({ kind: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[' && !inLink) {
      const link = matchLink(source, i);
      if (link) {
        pushText();
        const children = parseInline(link.label, true);
        const href = safeHref(link.href);
        // An unsafe address: the words stay, the link goes.
        if (href) out.push({ kind: 'link', href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    if (ch === '*' || ch === '_') {
      const double = source.startsWith(ch + ch, i);
      const marker = double ? ch + ch : ch;
      const close = findClose(source, i + marker.length, marker);
      if (close !== -1) {
        pushText();
        const children = parseInline(source.slice(i + marker.length, close), inLink);
        out.push(double ? { kind: 'strong', children } : { kind: 'em', children });
        i = close + marker.length;
        continue;
      }
    }
    text += ch;
    i += 1;
  }
  pushText();
  return out;
}

/**
 * `[label](href)` starting at `start`: balanced brackets in the label, parentheses in href.
 * Also read by the XLIFF export (functions/localization/placeholders.ts) to keep link targets out
 * of translation.
 */
export function matchLink(source: string, start: number) {
  let depth = 0;
  let close = -1;
  for (let j = start; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') {
      j += 1;
      continue;
    }
    if (c === '[') depth += 1;
    else if (c === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close === -1 || source[close + 1] !== '(') return undefined;
  // The address may hold balanced parentheses, as in CommonMark: `(a(b))`.
  let end = -1;
  depth = 0;
  for (let j = close + 2; j < source.length; j++) {
    const c = source[j];
    if (c === '(') depth += 1;
    else if (c === ')' && depth-- === 0) {
      end = j;
      break;
    }
  }
  if (end === -1) return undefined;
  return {
    label: source.slice(start + 1, close),
    href: source.slice(close + 2, end),
    end: end + 1,
  };
}

/** The closing marker: not right after the opening one, not preceded by a space. */
function findClose(source: string, from: number, marker: string): number {
  if (from >= source.length || /\s/.test(source[from]!)) return -1;
  let j = from + 1;
  while (j <= source.length - marker.length) {
    const at = source.indexOf(marker, j);
    if (at === -1) return -1;
    // "**" never closes a single "*".
    const doubled = marker.length === 1 && source[at + 1] === marker;
    if (!/\s/.test(source[at - 1]!) && !doubled) return at;
    j = at + (doubled ? 2 : 1);
  }
  return -1;
}

/** Every link address written in the Markdown (safe or not), for the schema's check. */
export function linkHrefsIn(markdown: string): string[] {
  const hrefs: string[] = [];
  for (let i = markdown.indexOf('['); i !== -1; i = markdown.indexOf('[', i + 1)) {
    if (markdown[i - 1] === '\\') continue;
    const link = matchLink(markdown, i);
    if (link) hrefs.push(link.href);
  }
  return hrefs;
}

/** Raw HTML in the Markdown (a tag or a comment), which would only show as text. */
export const HTML_TAG = /<\/?[a-z][^>]*>|<!--/i;
