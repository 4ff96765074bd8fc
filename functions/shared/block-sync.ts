// Keeps a page's section fields in step with its layout (docs/decisions/0171-layout-derived.md). A
// page with a layout still has docs/requirements.md §3's sections, which other places read: the SEO
// fallback to the hero (seo.ts, resolveSeo), /site's hero and final call to action, /pricing and
// /faq from the default page. The first block of each §2 type that mirrors a section is the source
// of truth; its fields are copied into the section, so what the landing page shows and what those
// places show cannot drift. The page editor applies it on every change and the page API on every
// save (an API client's layout wins the same way).
import type { Block, BlockOf } from './blocks.ts';
import { landingContentSchema, type LandingContent } from './landing-content.ts';

/** The §2 block types whose fields are a section of the content, and that section. */
export const MIRRORED_SECTIONS = {
  hero: 'hero',
  features: 'features',
  supplierFeatures: 'supplierFeatures',
  benefits: 'benefits',
  pricing: 'pricing',
  finalCTA: 'finalCTA',
} as const satisfies Partial<Record<Block['type'], keyof LandingContent>>;

type Mirrored = keyof typeof MIRRORED_SECTIONS;
const COMMON = new Set(['id', 'type', 'label', 'hidden', 'style']);

/** A block's own fields: without its id, type, label, hidden flag and style. */
export function blockFields(block: Block): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([key]) => !COMMON.has(key)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `content` with its mirrored sections (and the brand name, from the navigation block)
 * copied from the first block of each type in its layout. A section whose type has no
 * block keeps its value (other pages may still read it); a page without a layout, or
 * whose sections already match, is returned as it is (the same object).
 */
export function syncSections<C extends LandingContent>(content: C): C {
  const layout = content.layout;
  if (!layout) return content;
  let next: C = content;
  const write = (key: keyof LandingContent, value: unknown) => {
    if (same(next[key], value)) return;
    if (next === content) next = { ...content };
    (next as Record<string, unknown>)[key] = value;
  };
  const seen = new Set<string>();
  for (const block of layout) {
    if (seen.has(block.type)) continue;
    seen.add(block.type);
    if (block.type === 'navigation') {
      const nav = block as BlockOf<'navigation'>;
      write('brand', { ...content.brand, name: nav.name });
    } else if (Object.hasOwn(MIRRORED_SECTIONS, block.type)) {
      write(MIRRORED_SECTIONS[block.type as Mirrored], blockFields(block));
    }
  }
  return next;
}

/**
 * The content schema of what clients send (page create and update, working-copy saves,
 * variant edits): the content, checked, with its sections synced from its layout.
 */
export const submittedContentSchema = landingContentSchema.transform(syncSections);
