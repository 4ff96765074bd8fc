import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  deriveLayout,
  layoutSchema,
  type BlockInput,
} from '../../../../functions/shared/blocks.ts';
import {
  placeholderContent,
  type LandingContent,
} from '../../../../functions/shared/landing-content.ts';
import { landingTemplate } from '../../../../functions/shared/template.ts';
import { LandingMarkup } from '../landing-page.tsx';
import { Benefits } from './benefits/renderer.tsx';
import { FeaturesBlock } from './features/renderer.tsx';
import { FinalCta } from './final-cta/renderer.tsx';
import { Hero } from './hero/renderer.tsx';
import { HowItWorks } from './how-it-works/renderer.tsx';
import { LandingNav } from './navigation/renderer.tsx';
import { PricingBlock } from './pricing/renderer.tsx';
import { SupplierFeaturesBlock } from './supplier-features/renderer.tsx';
import type { MediaMap } from '../media-image.tsx';

const IMAGE = '/objects/uploads/0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11';
const MEDIA: MediaMap = {
  [IMAGE]: {
    objectPath: IMAGE,
    url: `${IMAGE}?v=1`,
    width: 1200,
    height: 800,
    alt: 'Library alt',
    variants: [{ width: 480, url: `${IMAGE}/v1/480.webp`, bytes: 9000 }],
    placeholder: '',
  },
};
const LOGO = h('svg', { 'data-logo': '' });

/**
 * The landing page as it was rendered before layouts (landing-page.tsx until issue 27),
 * written out here as the reference the derived layout must match byte for byte.
 */
function legacyMarkup(content: LandingContent, media?: MediaMap, logo?: ReactNode) {
  return renderToStaticMarkup(
    h(
      'div',
      { className: 'landing', 'data-landing': '', 'data-default-page-id': 'home-id' },
      // Before layouts every page had features and pricing, and the bar linked both.
      h(LandingNav, {
        brand: content.brand.name,
        logo,
        shown: new Set(['features', 'pricing'] as const),
      }),
      h(
        'main',
        { id: 'main' },
        h(Hero, { hero: content.hero, media }),
        h(HowItWorks),
        h(FeaturesBlock, { features: content.features, media }),
        content.supplierFeatures &&
          h(SupplierFeaturesBlock, { features: content.supplierFeatures, media }),
        h(Benefits, { benefits: content.benefits }),
        h(PricingBlock, { pricing: content.pricing }),
        h(FinalCta, { cta: content.finalCTA }),
      ),
    ),
  );
}

const render = (content: LandingContent, media?: MediaMap, logo?: ReactNode) =>
  renderToStaticMarkup(h(LandingMarkup, { content, media, logo, defaultPageId: 'home-id' }));

const footerBlock: BlockInput = { id: 'foot', type: 'footer' };

const withBlocks = (blocks: BlockInput[]): LandingContent => ({
  ...placeholderContent(),
  layout: layoutSchema.parse(blocks),
});

describe('rendering a page from its layout', () => {
  it('renders the template and a new page exactly as before layouts', () => {
    const template = landingTemplate();
    const withImages = landingTemplate();
    withImages.hero.heroImage = IMAGE;
    withImages.features.items[0]!.image = IMAGE;
    const noSupplier = landingTemplate();
    delete noSupplier.supplierFeatures;
    const cases: [string, LandingContent, MediaMap | undefined][] = [
      ['template', template, undefined],
      ['template with library images', withImages, MEDIA],
      ['template without supplier features', noSupplier, undefined],
      ['placeholder content of a new page', placeholderContent(), undefined],
    ];
    for (const [name, content, media] of cases) {
      const html = render(content, media, LOGO);
      expect(html, name).toBe(legacyMarkup(content, media, LOGO));
      expect(html, name).toContain('id="how-it-works"');
    }
    // The supplier block is there only while the section exists.
    expect(render(template)).toContain('id="supplier-features"');
    expect(render(noSupplier)).not.toContain('id="supplier-features"');
  });

  it('renders the derived layout, stored as the page layout, to the same HTML', () => {
    // What a page saved with its derived layout (the future editor's first save) shows.
    const template = landingTemplate();
    // A JSON round trip, as the API stores it.
    const layout = layoutSchema.parse(JSON.parse(JSON.stringify(deriveLayout(template))));
    const stored = { ...template, layout };
    expect(render(stored, undefined, LOGO)).toBe(legacyMarkup(template, undefined, LOGO));
  });

  it('renders blocks in the layout order and leaves hidden ones out', () => {
    const html = render(
      withBlocks([
        { id: 'nav', type: 'navigation', name: 'Acme Pharma' },
        { id: 'intro', type: 'richText', markdown: '## First block\n\nHello' },
        { id: 'secret', type: 'richText', markdown: 'Hidden words', hidden: true },
        {
          id: 'numbers',
          type: 'stats',
          items: [
            { value: '98%', label: 'clean' },
            { value: '3x', label: 'faster' },
          ],
        },
        { id: 'foot', type: 'footer' },
      ]),
    );
    expect(html).toContain('Acme Pharma');
    expect(html).not.toContain('Hidden words');
    expect(html.indexOf('First block')).toBeLessThan(html.indexOf('98%'));
    // The navigation is outside <main>, the blocks inside; no section the layout leaves out.
    expect(html.indexOf('Acme Pharma')).toBeLessThan(html.indexOf('<main'));
    expect(html.indexOf('First block')).toBeGreaterThan(html.indexOf('<main'));
    expect(html).not.toContain('id="how-it-works"');
    expect(html).not.toContain('<h1');
  });

  it('links the navigation only to the features and pricing the page shows', () => {
    const nav = { id: 'nav', type: 'navigation', name: 'Acme Pharma' } as const;
    const features: BlockInput = {
      id: 'platform',
      type: 'features',
      headline: 'Features',
      highlight: '',
      subheadline: '',
      items: [],
    };
    const pricing = landingTemplate().pricing;
    const navLinks = (html: string) =>
      [.../<nav[\s\S]*?<\/nav>/.exec(html)![0].matchAll(/<a [^>]*href="([^"]*)"/g)].map(
        (match) => match[1],
      );
    // Neither block (a Webinar, Gated asset or Event page): only the FAQ page's link.
    const none = render(
      withBlocks([nav, { id: 'intro', type: 'richText', markdown: 'Hello' }, footerBlock]),
    );
    expect(navLinks(none)).toEqual(['#top', '/faq']);
    expect(none).not.toMatch(/href="#(features|pricing)"/);
    // Both shown: both linked, each to a section that is on the page.
    const both = render(
      withBlocks([nav, features, { id: 'prices', type: 'pricing', ...pricing }, footerBlock]),
    );
    expect(navLinks(both)).toEqual(['#top', '#features', '/faq', '#pricing']);
    expect(both).toContain('id="features"');
    expect(both).toContain('id="pricing"');
    // A hidden block is not shown, so not linked.
    const hidden = render(
      withBlocks([
        nav,
        { ...features, hidden: true },
        { id: 'prices', type: 'pricing', ...pricing },
        footerBlock,
      ]),
    );
    expect(navLinks(hidden)).toEqual(['#top', '/faq', '#pricing']);
    // A page without a layout derives both blocks and keeps both links.
    expect(navLinks(render(landingTemplate()))).toEqual(['#top', '#features', '/faq', '#pricing']);
  });

  it('applies only the fixed style classes', () => {
    const html = render(
      withBlocks([
        {
          id: 'a',
          type: 'richText',
          markdown: 'Dark',
          style: { background: 'dark', spacing: 'compact', align: 'center' },
        },
        {
          id: 'b',
          type: 'features',
          headline: 'F',
          highlight: '',
          subheadline: '',
          items: [],
          style: { background: 'tint' },
        },
        {
          id: 'c',
          type: 'finalCTA',
          headline: 'Go',
          subheadline: '',
          secondaryCTA: 'Talk',
          features: [],
          style: { spacing: 'compact' },
        },
      ]),
    );
    expect(html).toContain(
      'id="block-a" data-block="a" data-reveal="true" class="scroll-mt-28 sm:scroll-mt-20 bg-ink py-12"',
    );
    expect(html).toContain('class="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8 text-center"');
    expect(html).toContain('class="scroll-mt-28 sm:scroll-mt-20 bg-brand-50 py-20"');
    expect(html).toContain('class="bg-ink py-12 text-white"');
  });

  it('renders the FAQ with <details> and FAQPage structured data that cannot close its script', () => {
    const html = render(
      withBlocks([
        {
          id: 'faq',
          type: 'faq',
          headline: 'Questions',
          items: [
            { question: 'Is it </script><script>alert(1)</script> safe?', answer: 'Yes & no' },
          ],
        },
      ]),
    );
    expect(html).toContain('<details');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is it </script><script>alert(1)</script> safe?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes & no' },
        },
      ],
    });
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('writes one FAQPage for all shown FAQ blocks, each question once', () => {
    const faq = (id: string, questions: string[], hidden = false) => ({
      id,
      type: 'faq' as const,
      headline: `Questions ${id}`,
      ...(hidden ? { hidden } : {}),
      items: questions.map((question) => ({ question, answer: `About ${question}` })),
    });
    const html = render(
      withBlocks([
        faq('one', ['Who validates?', 'Where is data tokenized?']),
        faq('two', ['Who validates?', 'How is data delivered?']),
        faq('three', ['A hidden question?'], true),
      ]),
    );
    expect(html.match(/<details/g)).toHaveLength(4);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]![1]!) as { mainEntity: { name: string }[] };
    expect(data.mainEntity.map((entry) => entry.name)).toEqual([
      'Who validates?',
      'Where is data tokenized?',
      'How is data delivered?',
    ]);
  });

  it('renders library images of blocks with their srcset and the block’s alt text as fallback', () => {
    const html = render(
      withBlocks([
        { id: 'pic', type: 'imageCaption', image: IMAGE, alt: 'A chart', caption: 'Figure 1' },
        {
          id: 'ext',
          type: 'imageCaption',
          image: 'https://cdn.example/x.png',
          alt: 'External chart',
        },
      ]),
      MEDIA,
    );
    expect(html).toContain(`srcSet="${IMAGE}/v1/480.webp 480w"`);
    expect(html).toContain('alt="Library alt"');
    expect(html).toContain('alt="External chart"');
    expect(html).toContain('<figcaption class="mt-4 text-sm text-slate-600">Figure 1</figcaption>');
  });
});
