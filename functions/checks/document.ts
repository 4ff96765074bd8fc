// The rendered page as a tree the checks walk (functions/checks/markup.ts renders it), parsed
// with parse5, the HTML parser the server already uses for inline scripts. Every element is
// visited in document order with the block it belongs to: the last `data-block-anchor` marker
// before it.
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

export interface Visited {
  element: Element;
  /** The id of the block the element is in (undefined before the first block). */
  blockId: string | undefined;
}

export const attr = (element: Element, name: string): string | undefined =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

const isElement = (node: Node): node is Element => 'tagName' in node;

/** Every element of `html` (a body fragment) in document order, with its block. */
export function elementsOf(html: string): Visited[] {
  const document = parse(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const out: Visited[] = [];
  let blockId: string | undefined;
  const walk = (node: Node) => {
    if (isElement(node)) {
      const anchor = attr(node, 'data-block-anchor');
      if (anchor !== undefined) blockId = anchor;
      out.push({ element: node, blockId });
    }
    const children =
      node.nodeName === 'template'
        ? (node as DefaultTreeAdapterMap['template']).content.childNodes
        : 'childNodes' in node
          ? node.childNodes
          : [];
    for (const child of children) walk(child);
  };
  walk(document);
  return out;
}

/** The text a reader hears for `element`: its text, image alts and aria-labels, squeezed. */
export function accessibleText(element: Element, byId: Map<string, Element>): string {
  const labelledBy = attr(element, 'aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => (byId.get(id) ? textOf(byId.get(id)!) : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  const label = attr(element, 'aria-label');
  if (label?.trim()) return label.trim();
  return textOf(element);
}

/** Text content, with the alt text of images, without hidden parts. */
export function textOf(element: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === '#text') {
      parts.push((node as DefaultTreeAdapterMap['textNode']).value);
      return;
    }
    if (!isElement(node)) return;
    if (attr(node, 'hidden') !== undefined || attr(node, 'aria-hidden') === 'true') return;
    if (node.tagName === 'img') parts.push(attr(node, 'alt') ?? '');
    if (node.tagName === 'svg') {
      const label = attr(node, 'aria-label');
      if (label) parts.push(label);
      return;
    }
    if (node.tagName === 'script' || node.tagName === 'style') return;
    node.childNodes.forEach(walk);
  };
  walk(element);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The elements that have an id, by id. */
export function idsOf(elements: readonly Visited[]): Map<string, Element> {
  const byId = new Map<string, Element>();
  for (const { element } of elements) {
    const id = attr(element, 'id');
    if (id && !byId.has(id)) byId.set(id, element);
  }
  return byId;
}

/** The text of a `<script>` element. */
export const scriptText = (element: Element): string =>
  element.childNodes
    .map((node) =>
      node.nodeName === '#text' ? (node as DefaultTreeAdapterMap['textNode']).value : '',
    )
    .join('');
