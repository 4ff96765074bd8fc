// The texts of one locale's version of a page and writing translations into it (issue 39,
// docs/decisions/0569-xliff-profile.md): shared by the XLIFF import (functions/localization/)
// and the admin's translator (site/islands/admin/pages/locales/), so both write texts alike.
import type { LandingContent } from './landing-content.ts';

/** The texts of one locale's version of a page: its title and its content (SEO in content.seo). */
export interface PageTexts {
  title: string;
  content: LandingContent;
}

/**
 * A copy of the page with `texts` (unit id → text) written at their paths; nothing else
 * changes (addresses, images, ids and settings stay as they are). An id that does not name a
 * string of the page is an error (the import only passes ids of the source's units).
 */
export function applyTexts(page: PageTexts, texts: Readonly<Record<string, string>>): PageTexts {
  const result: PageTexts = { title: page.title, content: structuredClone(page.content) };
  for (const [id, text] of Object.entries(texts)) {
    if (id === 'title') {
      result.title = text;
      continue;
    }
    const keys = id.split('.');
    let node: unknown = result.content;
    for (const key of keys.slice(0, -1)) {
      node =
        node && typeof node === 'object' && Object.hasOwn(node, key)
          ? (node as Record<string, unknown>)[key]
          : undefined;
    }
    const last = keys.at(-1)!;
    const holder = node as Record<string, unknown> | undefined;
    if (
      !holder ||
      typeof holder !== 'object' ||
      !Object.hasOwn(holder, last) ||
      typeof holder[last] !== 'string'
    ) {
      throw new Error(`${id} is not a text of the page`);
    }
    holder[last] = text;
  }
  return result;
}
