// Build-time form definitions of the landing pages' form blocks (issue 35,
// docs/decisions/0400-form-block.md): each form a shown form block names, read once per build
// from the store (functions/site-data/forms.ts), so the page is prerendered with it.
import { blocksOf } from '../../functions/shared/blocks.ts';
import type { LandingContent } from '../../functions/shared/landing-content.ts';
import type { PublicForm } from '../../functions/shared/forms/public-form.ts';
import { readFormDefinition } from '../../functions/site-data/forms.ts';
import type { FormMap } from '../islands/landing/blocks/render-context.ts';

const read = new Map<string, Promise<PublicForm | undefined>>();

/**
 * The forms of the form blocks `content` shows, by id (one the store lacks is left out), in
 * `locale` (a page's version in German shows the forms' German texts, issue 39).
 */
export async function formsFor(content: LandingContent, locale?: string): Promise<FormMap> {
  const ids = new Set(
    blocksOf(content).flatMap((block) => (block.type === 'form' ? [block.formId] : [])),
  );
  const entries = await Promise.all(
    [...ids].map(async (id) => {
      const key = `${id}|${locale ?? ''}`;
      let pending = read.get(key);
      if (!pending) read.set(key, (pending = readFormDefinition(id, undefined, locale)));
      return [id, await pending] as const;
    }),
  );
  return Object.fromEntries(entries.filter((entry): entry is [string, PublicForm] => !!entry[1]));
}
