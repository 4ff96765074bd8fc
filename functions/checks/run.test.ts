// The checks before publishing, rule by rule, on content rendered by the landing page's own
// component (functions/checks/markup.ts): each rule with content that passes and content that
// fails. The site's facts (served paths, images, forms, claims) are given here, as
// functions/data/workflow/checks.ts reads them from the store.
import { describe, expect, it } from 'vitest';
import type { LandingContent } from '../shared/landing-content.ts';
import { BUILT_IN_TEMPLATES, builtInTemplate } from '../shared/page-templates.ts';
import type { PageCheck } from '../shared/page-checks.ts';
import { runChecks, type CheckFacts } from './run.ts';
import { structuredDataProblems } from './structured-data.ts';
import { checkAccessibility } from './accessibility.ts';
import { checkLinks } from './links.ts';
import { elementsOf, idsOf } from './document.ts';
import type { RuleInput } from './types.ts';
import { seededClaims } from '../site-data/store.ts';
import { claimKeysOf, pageClaimsOf } from '../shared/claims/page-claims.ts';

const NOW = new Date('2026-12-06T10:00:00Z');
const facts = (over: Partial<CheckFacts> = {}): CheckFacts => ({
  // Another live landing page; the site's routes are the checks' own.
  livePaths: new Set(['/autumn-webinar']),
  media: {},
  forms: {},
  claims: [],
  pageClaims: undefined,
  claimsLint: 'warn',
  ...over,
});
const templateContent = (id: string) => builtInTemplate(id)!.content(NOW);
const check = (content: LandingContent, over?: Partial<CheckFacts>, title = 'Spring launch') =>
  runChecks({ title, slug: 'spring-launch', content }, facts(over));
const ids = (checks: PageCheck[]) => checks.map((c) => c.id.split(':')[0]!);
const errors = (checks: PageCheck[]) => checks.filter((c) => c.level === 'error');

/** A layout page: the template's, with blocks swapped in. */
function withLayout(blocks: unknown[]): LandingContent {
  const base = templateContent('blank');
  return { ...base, layout: blocks } as LandingContent;
}

describe('templates as created', () => {
  // The claims the store starts with (content/claims.json): a template must not say one of
  // their forbidden wordings.
  const seeded = seededClaims(NOW);
  it.each(BUILT_IN_TEMPLATES.map((template) => template.id))(
    '%s has no error but the placeholders a marketer fills in',
    (id) => {
      const content = templateContent(id);
      const keys = claimKeysOf(content);
      const found = errors(
        check(content, {
          // The seed's claims carry what the rules read (key, text, status, lapse, wordings);
          // the store's records add who wrote them and when.
          claims: seeded.claims as unknown as CheckFacts['claims'],
          pageClaims: keys.length ? pageClaimsOf(keys, seeded.claims, seeded.evidence) : undefined,
        }),
      );
      expect(found.filter((c) => c.category !== 'content')).toEqual([]);
      for (const c of found) expect(c.message).toMatch(/is still called “Speaker name”/);
    },
  );

  it('names each speaker placeholder of the Webinar template with its path', () => {
    const content = templateContent('webinar');
    const found = errors(check(content)).filter((c) => c.category === 'content');
    expect(found.length).toBeGreaterThan(0);
    const index = content.layout!.findIndex((block) => block.type === 'event');
    expect(found[0]!.path).toBe(`content.layout.${index}.speakers.0.name`);
    expect(found[0]!.blockId).toBe(content.layout![index]!.id);
  });
});

describe('links', () => {
  const richText = (markdown: string) => ({ id: 'body', type: 'richText', markdown });
  const hero = templateContent('webinar').layout!.find((block) => block.type === 'hero')!;

  it('refuses an anchor the page does not have, and passes one it has', () => {
    const bad = check(withLayout([hero, richText('See [the agenda](#agenda).')]));
    expect(bad.find((c) => c.id.startsWith('links.anchor'))).toMatchObject({
      level: 'error',
      path: 'content.layout.1',
      blockId: 'body',
      message: expect.stringContaining('#agenda, which this page does not have'),
    });
    const good = check(withLayout([hero, richText('See [the details](#block-body).')]));
    expect(ids(good)).not.toContain('links.anchor');
  });

  it('refuses an internal path nothing serves, and passes a route, a live page and a redirect', () => {
    const bad = check(withLayout([hero, richText('Read [the guide](/no-such-page).')]));
    expect(bad.find((c) => c.id.startsWith('links.internal'))?.message).toContain(
      '/no-such-page, which the site does not serve',
    );
    const good = check(
      withLayout([
        hero,
        richText(
          'Read [the FAQ](/faq/), [pricing](/pricing?plan=pro#top) and [the webinar](/autumn-webinar).',
        ),
      ]),
    );
    expect(ids(good)).not.toContain('links.internal');
  });

  it('refuses http and malformed external links; passes https and mailto', () => {
    const bad = check(
      withLayout([
        hero,
        richText('[Partner site](http://example.com) and [Broken](https://exa mple.com)'),
      ]),
    );
    expect(ids(bad)).toContain('links.https');
    const good = check(
      withLayout([
        hero,
        richText('[Partner site](https://example.com) or [write to us](mailto:hello@example.com)'),
      ]),
    );
    expect(ids(good).filter((id) => id.startsWith('links'))).toEqual([]);
  });

  it('warns of link text that does not say where it goes', () => {
    const found = check(withLayout([hero, richText('For the agenda [click here](/faq).')]));
    expect(found.find((c) => c.id.startsWith('links.vague'))?.level).toBe('warning');
  });
});

describe('accessibility', () => {
  const richText = (markdown: string) => ({ id: 'body', type: 'richText', markdown });

  it('refuses a page without a main heading', () => {
    expect(ids(check(withLayout([richText('Only text.')])))).toContain('accessibility.h1-missing');
  });

  it('warns of a skipped heading level', () => {
    const hero = templateContent('webinar').layout!.find((block) => block.type === 'hero')!;
    const found = check(withLayout([hero, richText('## Section\n\n#### Too deep')]));
    expect(found.find((c) => c.id.startsWith('accessibility.heading-skip'))?.message).toContain(
      '“Too deep” (h4) follows an h2',
    );
    expect(ids(check(withLayout([hero, richText('## Section\n\n### Right')])))).not.toContain(
      'accessibility.heading-skip',
    );
  });

  it('refuses an image whose alt text is a file name, and passes a described one', () => {
    const hero = templateContent('webinar').layout!.find((block) => block.type === 'hero')!;
    const image = (alt: string) => ({
      id: 'shot',
      type: 'imageCaption',
      image: 'https://cdn.example.com/uploads/IMG_0042.jpg',
      alt,
    });
    const bad = check(withLayout([hero, image('IMG_0042.jpg')]));
    expect(bad.find((c) => c.id.startsWith('accessibility.alt-file-name'))).toMatchObject({
      level: 'error',
      path: 'content.layout.1',
      blockId: 'shot',
    });
    const good = check(withLayout([hero, image('A supplier uploads a delivery file')]));
    expect(ids(good)).not.toContain('accessibility.alt-file-name');
  });
});

describe('structured data', () => {
  it('holds an Event to Google’s location rules', () => {
    const event = { '@type': 'Event', name: 'Webinar', startDate: '2027-01-01T10:00:00+01:00' };
    expect(structuredDataProblems(event)).toEqual([expect.stringContaining('has no location')]);
    expect(
      structuredDataProblems({
        ...event,
        location: { '@type': 'VirtualLocation', name: 'Online' },
      }),
    ).toEqual([expect.stringContaining('without the https URL')]);
    expect(
      structuredDataProblems({
        ...event,
        location: { '@type': 'Place', name: 'Messe', address: 'Messe' },
      }),
    ).toEqual([expect.stringContaining('without a postal address')]);
    expect(
      structuredDataProblems({
        ...event,
        location: { '@type': 'VirtualLocation', url: 'https://example.com/join' },
      }),
    ).toEqual([]);
    expect(
      structuredDataProblems({
        ...event,
        location: {
          '@type': 'Place',
          name: 'Messe Frankfurt',
          address: { '@type': 'PostalAddress', addressLocality: 'Frankfurt', addressCountry: 'DE' },
        },
      }),
    ).toEqual([]);
    expect(
      structuredDataProblems({
        '@type': 'Event',
        location: { '@type': 'VirtualLocation', url: 'https://a.example' },
      }),
    ).toEqual(['has no name', 'has no start date']);
  });

  it('refuses an event block whose location is only "Online", at its location path', () => {
    const content = templateContent('webinar');
    const index = content.layout!.findIndex((block) => block.type === 'event');
    const event = { ...content.layout![index]!, location: 'Online' } as Record<string, unknown>;
    delete event['onlineUrl'];
    delete event['venue'];
    const layout = content.layout!.map((block, at) => (at === index ? event : block));
    const found = check({ ...content, layout } as LandingContent);
    expect(found.find((c) => c.category === 'structured-data')).toMatchObject({
      level: 'error',
      path: `content.layout.${index}.location`,
    });
  });

  it('holds a FAQPage to questions with answers', () => {
    expect(structuredDataProblems({ '@type': 'FAQPage', mainEntity: [] })).toEqual([
      'has no questions',
    ]);
  });
});

describe('search', () => {
  it('warns of a short title and description, never as errors', () => {
    const content = {
      ...templateContent('webinar'),
      seo: { title: 'Short', description: 'Too short.' },
    };
    const found = check(content as LandingContent).filter((c) => c.category === 'search');
    expect(found.map((c) => c.id)).toEqual(['search.title-length', 'search.description-length']);
    expect(found.every((c) => c.level === 'warning')).toBe(true);
    expect(found[0]!.path).toBe('content.seo.title');
  });

  it('warns of a sharing image smaller than 1200x630', () => {
    const content = { ...templateContent('webinar'), seo: { image: '/media/small.png' } };
    const media = {
      '/media/small.png': {
        objectPath: '/media/small.png',
        url: '/media/small.png',
        width: 800,
        height: 400,
        alt: 'A chart',
        variants: [],
      },
    } as unknown as CheckFacts['media'];
    expect(ids(check(content as LandingContent, { media }))).toContain('search.og-image-size');
  });
});

describe('accessibility rules on markup', () => {
  /** The rule input for a body fragment, every element in block `body` (content.layout.0). */
  const on = (html: string): RuleInput => {
    const elements = elementsOf(`<span hidden data-block-anchor="body"></span>${html}`);
    return {
      page: { title: 'x', slug: 'x', content: templateContent('blank') },
      elements,
      byId: idsOf(elements),
      site: facts(),
      serves: () => true,
      blockPath: (blockId) => (blockId ? 'content.layout.0' : undefined),
    };
  };
  const found = (html: string, lang = 'en') => ids(checkAccessibility(on(html), lang));

  it('refuses a second main heading, and passes one', () => {
    expect(found('<h1>One</h1><h1>Two</h1>')).toContain('accessibility.h1-extra');
    expect(found('<h1>One</h1><h2>Two</h2>')).toEqual([]);
  });

  it('refuses an image without alt, and passes a decorative one (alt="")', () => {
    expect(found('<h1>A</h1><img src="/a/photo.png">')).toContain('accessibility.alt-missing');
    expect(found('<h1>A</h1><img src="/a/photo.png" alt="">')).toEqual([]);
  });

  it('refuses a form field without a label; passes for=, a wrapping label and aria-label', () => {
    expect(found('<h1>A</h1><input name="email">')).toContain('accessibility.field-label');
    expect(
      found(
        '<h1>A</h1><label for="e">Email</label><input id="e" name="email">' +
          '<label>Company <input name="company"></label>' +
          '<select aria-label="Country" name="country"></select><input type="hidden" name="t">',
      ),
    ).toEqual([]);
  });

  it('refuses a page language that is no language tag', () => {
    expect(found('<h1>A</h1>', 'english!')).toEqual(['accessibility.lang']);
    expect(found('<h1>A</h1>', 'de-DE')).toEqual([]);
  });

  it('refuses a link without text, counting an image’s alt and aria-label as text', () => {
    const links = (html: string) => ids(checkLinks(on(html)));
    expect(links('<a href="/faq"><img src="/i.png" alt=""></a>')).toContain('links.no-text');
    expect(links('<a href="/faq"><img src="/i.png" alt="Questions"></a>')).toEqual([]);
    expect(links('<a href="/faq" aria-label="Questions"><svg></svg></a>')).toEqual([]);
  });
});
