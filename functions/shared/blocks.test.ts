import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  blocksOf,
  deriveLayout,
  layoutSchema,
  showsFooter,
  type BlockInput,
  type BlockType,
} from './blocks.ts';
import { fieldErrors } from './field-errors.ts';
import { landingContentSchema, placeholderContent } from './landing-content.ts';
import { landingTemplate } from './template.ts';

const IMAGE = '/objects/uploads/0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11';

/** One valid block of every type: the schema must accept each as written. */
const SAMPLES: { [T in BlockType]: Omit<Extract<BlockInput, { type: T }>, 'id' | 'type'> } = {
  navigation: { name: 'PharmaBridge' },
  hero: {
    headline: 'Clean data',
    highlight: 'at the source',
    subheadline: 'Sub',
    primaryCTA: 'Request Demo',
    secondaryCTA: 'See How It Works',
    features: ['One'],
    heroImage: IMAGE,
  },
  howItWorks: { style: { background: 'tint', spacing: 'compact' } },
  features: { headline: 'F', highlight: 'H', subheadline: 'S', items: [] },
  supplierFeatures: { headline: 'F', highlight: 'H', subheadline: 'S', items: [] },
  benefits: { headline: 'B', subheadline: 'S', items: [] },
  pricing: { headline: 'P', subheadline: 'S', plans: [] },
  finalCTA: { headline: 'Go', subheadline: 'Now', secondaryCTA: 'Contact', features: [] },
  testimonials: {
    headline: 'T',
    subheadline: '',
    items: [{ quote: 'Great', author: 'Ann', title: 'CTO' }],
  },
  footer: {},
  richText: { markdown: '## Hello\n\nSome **bold** [text](https://example.com).' },
  event: {
    title: 'Webinar',
    startsAt: '2026-03-14T16:00',
    timeZone: 'Europe/Berlin',
    durationMinutes: 60,
    agenda: [{ time: '16:00', title: 'Welcome' }],
    speakers: [{ name: 'Dr. Lee', photo: IMAGE }],
  },
  gatedAsset: {
    headline: 'The whitepaper',
    asset: '/assets/0b5e3c1a-7f2d-4e8b-9c6a-1d2e3f4a5b6c',
    formId: 'whitepaper',
    buttonLabel: 'Send me the PDF',
  },
  form: { formId: 'webinar-registration-2027', headline: 'Save your seat' },
  logoStrip: { logos: [{ image: IMAGE, name: 'Acme', href: 'https://acme.example' }] },
  faq: { headline: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] },
  video: { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Demo', poster: IMAGE },
  stats: {
    items: [
      { value: '98%', label: 'clean' },
      { value: '3x', label: 'faster' },
    ],
  },
  imageCaption: { image: IMAGE, alt: 'A chart', caption: 'Figure 1' },
  twoColumns: { markdown: 'Text', image: IMAGE, alt: 'A chart', imageSide: 'end' },
  references: { heading: 'Sources' },
};

const withLayout = (layout: unknown) => ({ ...landingTemplate(), layout });

/** The API's wording of a content problem: `{ "content.layout.0.markdown": [...] }`. */
function errorsOf(layout: unknown) {
  const result = landingContentSchema.safeParse(withLayout(layout));
  return result.success ? {} : fieldErrors(result.error.issues, ['content']);
}

describe('block schema', () => {
  it.each(BLOCK_TYPE_NAMES)('accepts a %s block', (type) => {
    const block = { id: 'b1', type, ...SAMPLES[type] };
    const parsed = layoutSchema.parse([block]);
    expect(parsed).toEqual([expect.objectContaining({ id: 'b1', type })]);
    // Every field the sample wrote survives (trimmed strings and defaults aside).
    expect(parsed[0]).toMatchObject(SAMPLES[type]);
  });

  it('has a label and a description for every type', () => {
    for (const type of BLOCK_TYPE_NAMES) {
      expect(BLOCK_TYPES[type].label.length, type).toBeGreaterThan(2);
      expect(BLOCK_TYPES[type].description, type).toMatch(/\.$/);
    }
  });

  it('names the path and the problem of an invalid block', () => {
    const layout = [
      { id: 'nav', type: 'navigation', name: 'X' },
      { id: 'a', type: 'richText', markdown: '' },
      { id: 'b', type: 'stats', items: [{ value: '1', label: 'x' }] },
      { id: 'c', type: 'carousel' },
      { id: 'd', type: 'faq', headline: 'Q', items: [{ question: 'q', answer: 'a' }], x: 1 },
      { id: 'e', type: 'event', ...SAMPLES.event, timeZone: 'Mars/Olympus' },
      { id: 'f', type: 'video', ...SAMPLES.video, poster: 'javascript:alert(1)' },
    ];
    expect(errorsOf(layout)).toEqual({
      'content.layout.1.markdown': ['is required'],
      'content.layout.2.items': ['must have at least 2 items'],
      'content.layout.3.type': [expect.stringMatching(/^must be one of "navigation", "hero"/)],
      'content.layout.4.x': ['is not a known field'],
      'content.layout.5.timeZone': ['must be a time zone like Europe/Berlin or America/New_York'],
      'content.layout.6.poster': ['must be an http(s) URL, a path starting with / or an #anchor'],
    });
  });

  it('keeps ids unique, the navigation first and the footer last, at most 40 blocks', () => {
    expect(
      errorsOf([
        { id: 'x', type: 'richText', markdown: 'a' },
        { id: 'x', type: 'richText', markdown: 'b' },
        { id: 'nav', type: 'navigation', name: 'X' },
        { id: 'foot', type: 'footer' },
        { id: 'foot2', type: 'footer' },
        { id: 'Bad Id', type: 'footer' },
      ]),
    ).toEqual({
      'content.layout.1.id': ['is used by an earlier block: ids must be unique'],
      'content.layout.2.type': ['navigation must be the first block, and there is only one'],
      'content.layout.3.type': ['footer must be the last block, and there is only one'],
      'content.layout.4.type': ['footer must be the last block, and there is only one'],
      'content.layout.5.id': ['must be 1 to 32 lowercase letters, digits and hyphens'],
    });
    const many = Array.from({ length: 41 }, (_, i) => ({
      id: `b${i}`,
      type: 'richText',
      markdown: 'x',
    }));
    expect(errorsOf(many)).toEqual({ 'content.layout': ['must have at most 40 blocks'] });
    expect(errorsOf(many.slice(0, 40))).toEqual({});
  });

  it('takes one hero: it holds the page’s h1', () => {
    const hero = (id: string) => ({ id, type: 'hero', ...SAMPLES.hero });
    expect(errorsOf([hero('a'), { id: 'x', type: 'richText', markdown: 'a' }, hero('b')])).toEqual({
      'content.layout.2.type': [
        'hero is already on the page: a page has one hero (it holds the page’s h1)',
      ],
    });
    expect(errorsOf([hero('a')])).toEqual({});
  });

  it('refuses a second references block: one References list a page', () => {
    const list = (id: string) => ({ id, type: 'references', ...SAMPLES.references });
    expect(errorsOf([list('a'), { id: 'x', type: 'richText', markdown: 'a' }, list('b')])).toEqual({
      'content.layout.2.type': [
        'references is already on the page: a page has one References list',
      ],
    });
    expect(errorsOf([list('a')])).toEqual({});
  });

  it('takes only the fixed styles each type allows: no free colours, no CSS', () => {
    expect(
      errorsOf([
        { id: 'a', type: 'richText', markdown: 'x', style: { background: '#ff0000' } },
        { id: 'b', type: 'richText', markdown: 'x', style: { css: 'color:red' } },
        { id: 'c', type: 'features', ...SAMPLES.features, style: { background: 'dark' } },
        { id: 'd', type: 'features', ...SAMPLES.features, style: { align: 'center' } },
        { id: 'e', type: 'hero', ...SAMPLES.hero, style: { background: 'white' } },
        {
          id: 'f',
          type: 'richText',
          markdown: 'x',
          style: { background: 'brand', align: 'center' },
        },
      ]),
    ).toEqual({
      'content.layout.0.style.background': ['must be one of "white", "tint", "brand", "dark"'],
      'content.layout.1.style.css': ['is not a known field'],
      'content.layout.2.style.background': ['must be one of "white", "tint"'],
      'content.layout.3.style.align': ['is not a known field'],
      'content.layout.4.style': ['is not a known field'],
    });
  });

  it('refuses rich text with HTML or unsafe links, naming the block', () => {
    const hostile = [
      '<script>alert(1)</script>',
      'Hi <img src=x onerror="alert(1)">',
      '<p style="position:fixed">x</p>',
      '<!-- hidden -->',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](java\tscript:alert(1))',
      '[click](&#106;avascript:alert(1))',
      '[click](data:text/html;base64,PHNjcmlwdD4=)',
      '[click](vbscript:msgbox)',
      '[click]( javascript:alert(1))',
      '[click](//evil.example/x)',
    ];
    hostile.forEach((markdown) => {
      const errors = errorsOf([{ id: 'r', type: 'richText', markdown }]);
      expect(Object.keys(errors), markdown).toEqual(['content.layout.0.markdown']);
      expect(errors['content.layout.0.markdown']![0], markdown).toMatch(
        /^(must not contain HTML tags|has a link to)/,
      );
    });
    expect(
      errorsOf([
        {
          id: 'r',
          type: 'richText',
          markdown:
            '[a](https://x.example/p?q=1) [b](mailto:team@x.example) [c](/pricing) [d](#faq) [e](docs/guide)',
        },
      ]),
    ).toEqual({});
  });

  it('still accepts the content shape without a layout', () => {
    expect(landingContentSchema.safeParse(landingTemplate()).success).toBe(true);
    expect(landingContentSchema.safeParse(placeholderContent()).success).toBe(true);
  });
});

describe('migration: the layout of a page without one', () => {
  it('is docs/requirements.md §2 order, supplier features only while the section exists', () => {
    const template = landingTemplate();
    expect(deriveLayout(template).map((block) => block.type)).toEqual([
      'navigation',
      'hero',
      'howItWorks',
      'features',
      'supplierFeatures',
      'benefits',
      'pricing',
      'finalCTA',
      'footer',
    ]);
    expect(deriveLayout(placeholderContent()).map((block) => block.type)).not.toContain(
      'supplierFeatures',
    );
  });

  it('copies the section fields, validates, and never changes the content it reads', () => {
    const content = landingTemplate();
    const before = structuredClone(content);
    const layout = deriveLayout(content);
    expect(layoutSchema.parse(layout)).toEqual(layout);
    expect(layout[0]).toEqual({ id: 'navigation', type: 'navigation', name: 'PharmaBridge' });
    expect(layout.find((block) => block.type === 'hero')).toMatchObject(content.hero);
    expect(layout.find((block) => block.type === 'finalCTA')).toMatchObject(content.finalCTA);
    expect(content).toEqual(before);
    expect(content).not.toHaveProperty('layout');
    // The derived blocks are copies: editing one leaves the page's sections alone.
    const hero = layout.find((block) => block.type === 'hero')!;
    hero.features.push('changed');
    expect(content.hero.features).toEqual(before.hero.features);
  });

  it('renders a stored layout as written, without its hidden blocks', () => {
    const layout = layoutSchema.parse([
      { id: 'a', type: 'richText', markdown: 'a' },
      { id: 'b', type: 'richText', markdown: 'b', hidden: true },
      { id: 'c', type: 'footer' },
    ]);
    const content = { ...landingTemplate(), layout };
    expect(blocksOf(content).map((block) => block.id)).toEqual(['a', 'c']);
    expect(blocksOf(landingTemplate())).toEqual(deriveLayout(landingTemplate()));
  });

  it('ends with the site footer only while a footer block is shown (or without a layout)', () => {
    const footer = (hidden?: boolean) =>
      layoutSchema.parse([
        { id: 'a', type: 'richText', markdown: 'a' },
        { id: 'f', type: 'footer', ...(hidden === undefined ? {} : { hidden }) },
      ]);
    expect(showsFooter(landingTemplate())).toBe(true);
    expect(showsFooter({ layout: footer() })).toBe(true);
    expect(showsFooter({ layout: footer(false) })).toBe(true);
    expect(showsFooter({ layout: footer(true) })).toBe(false);
    expect(showsFooter({ layout: footer().slice(0, 1) })).toBe(false);
  });

  it('takes a label of 1 to 60 characters as the block’s name in the editor', () => {
    const withLabel = (label: string) =>
      layoutSchema.safeParse([{ id: 'a', type: 'richText', markdown: 'a', label }]);
    expect(withLabel('  Why attend  ').data?.[0]?.label).toBe('Why attend');
    expect(fieldErrors(withLabel('x'.repeat(61)).error!.issues)).toEqual({
      '0.label': ['must be at most 60 characters'],
    });
    expect(withLabel(' ').success).toBe(false);
  });
});
