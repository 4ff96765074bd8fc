// Every visible text of a page's content with its path (issue 36): what the claim rules,
// the forbidden wordings and the claims lint read, and what a refusal names
// ("blocks.2.headline"). Content is walked as JSON: every string is text except those under
// keys that hold addresses, ids or settings (NOT_TEXT), so a new block type's text fields
// are covered without a list to keep up.

/** Keys whose strings are not words a visitor reads as a statement. */
const NOT_TEXT = new Set([
  'id',
  'type',
  'formId',
  'assetId',
  'imageId',
  'videoId',
  'icon',
  'href',
  'url',
  'src',
  'image',
  'heroImage',
  'slug',
  'anchor',
  'tone',
  'theme',
  'spacing',
  'align',
  'background',
  'imageSide',
  'provider',
  'time',
  'styles',
  'variant',
  'unpublishRedirect',
]);

/** Whether the strings under `key` are words a visitor reads (not an address, id or setting). */
export const readsAsText = (key: string): boolean => !NOT_TEXT.has(key);

export interface TextField {
  /** Dot path from the content's root: `hero.headline`, `blocks.3.items.0.text`. */
  path: string;
  text: string;
}

export function textFields(content: unknown): TextField[] {
  const fields: TextField[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (value.trim()) fields.push({ path, text: value });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, path ? `${path}.${index}` : String(index)));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (NOT_TEXT.has(key)) continue;
        visit(item, path ? `${path}.${key}` : key);
      }
    }
  };
  visit(content, '');
  return fields;
}

/** Markdown link targets and bare addresses removed: `[Start pilot](/pilot)` reads "Start pilot". */
export const readableText = (text: string): string =>
  text.replace(/\]\([^)\s]*\)/g, ']').replace(/\bhttps?:\/\/\S+/g, ' ');
