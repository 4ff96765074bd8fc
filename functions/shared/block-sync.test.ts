// syncSections (block-sync.ts): the first block of each mirrored type writes its section,
// the navigation the brand name; later blocks of the type, blocks' own keys (id, label,
// hidden, style) and sections without a block leave the content alone.
import { describe, expect, it } from 'vitest';
import { landingTemplate } from './template.ts';
import { syncSections, submittedContentSchema } from './block-sync.ts';
import { deriveLayout, type Block } from './blocks.ts';

const hero = (headline: string, extra: Partial<Block> = {}) =>
  ({
    id: `hero-${headline.length}`,
    type: 'hero',
    headline,
    highlight: 'at the source',
    subheadline: 'Validated, tokenized, delivered.',
    primaryCTA: 'Request Demo',
    secondaryCTA: 'See How It Works',
    features: ['Live demo'],
    ...extra,
  }) as Block;

describe('syncSections', () => {
  it('returns a page without a layout, or with a derived one, unchanged (the same object)', () => {
    const content = landingTemplate();
    expect(syncSections(content)).toBe(content);
    const derived = { ...content, layout: deriveLayout(content) };
    expect(syncSections(derived)).toBe(derived);
  });

  it('copies the first hero block into content.hero, without its id, label, hidden or style', () => {
    const content = landingTemplate();
    const layout: Block[] = [
      { id: 'nav', type: 'navigation', name: 'PB Events' },
      hero('Clean data', { label: 'Main hero', hidden: true }),
      hero('A second hero, ignored'),
      { id: 'footer', type: 'footer' },
    ];
    const synced = syncSections({ ...content, layout });
    expect(synced.hero).toEqual({
      headline: 'Clean data',
      highlight: 'at the source',
      subheadline: 'Validated, tokenized, delivered.',
      primaryCTA: 'Request Demo',
      secondaryCTA: 'See How It Works',
      features: ['Live demo'],
    });
    expect(synced.brand).toEqual({ name: 'PB Events' });
    // Sections without a block stay as they were; the input is not modified.
    expect(synced.features).toEqual(content.features);
    expect(synced.pricing).toEqual(content.pricing);
    expect(content.hero.headline).not.toBe('Clean data');
  });

  it('writes the final call to action, pricing and benefits from their blocks', () => {
    const content = landingTemplate();
    const layout = deriveLayout(content).map((block) =>
      block.type === 'finalCTA'
        ? { ...block, headline: 'Book your slot' }
        : block.type === 'pricing'
          ? { ...block, subheadline: 'One price per supplier.' }
          : block,
    );
    const synced = syncSections({ ...content, layout });
    expect(synced.finalCTA.headline).toBe('Book your slot');
    expect(synced.pricing.subheadline).toBe('One price per supplier.');
    expect(synced.benefits).toEqual(content.benefits);
  });

  it('is applied by the schema of submitted content', () => {
    const content = landingTemplate();
    const parsed = submittedContentSchema.parse({
      ...content,
      layout: [hero('From the schema'), { id: 'footer', type: 'footer' }],
    });
    expect(parsed.hero.headline).toBe('From the schema');
  });
});
