// Static paths of the deep dives: `/deep-dive/{slug}` for every entry, and each alias
// prefix (`/foundations/...`, `/workflow/...`) for the entries that declare one.
import { getCollection } from 'astro:content';
import type { DeepDive } from './schema.ts';

export interface DeepDiveProps {
  slug: string;
  page: DeepDive;
}

export async function deepDivePaths(aliasPrefix?: string) {
  const entries = await getCollection('deepDives');
  return entries
    .filter((entry) => {
      if (!aliasPrefix) return true;
      return entry.data.alias === `/${aliasPrefix}/${entry.id}`;
    })
    .sort((a, b) => a.data.order - b.data.order)
    .map((entry) => ({
      params: { slug: entry.id },
      props: { slug: entry.id, page: entry.data } satisfies DeepDiveProps,
    }));
}
