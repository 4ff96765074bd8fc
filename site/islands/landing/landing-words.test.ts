// The landing page's own words in the page's language (issue 39,
// docs/decisions/0577-landing-words-per-locale.md): the block gallery (every block type,
// scripts/block-gallery.ts) rendered as a German page says the blocks' fixed words in German
// and none of their English ones; as an English page (the default or en-US given) it is the
// same markup as before locales.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { galleryLayout } from '../../../scripts/block-gallery.ts';
import { layoutSchema, type BlockInput } from '../../../functions/shared/blocks.ts';
import { pageClaimsOf } from '../../../functions/shared/claims/page-claims.ts';
import { placeholderContent } from '../../../functions/shared/landing-content.ts';
import type { PublicPublication } from '../../../functions/shared/job-codes.ts';
import { seededClaims } from '../../../functions/site-data/store.ts';
import { landingText, referenceDay } from '../../i18n/landing.ts';
import { jobCodeLine, LandingMarkup } from './landing-page.tsx';
import type { SiteLinks } from './blocks/render-context.ts';

const build = seededClaims(new Date('2026-12-01T00:00:00Z'));
const claims = pageClaimsOf(undefined, build.claims, build.evidence);
const MEDIA = {
  photo: '/screenshots/photo.png',
  chart: '/screenshots/chart.png',
  logo: '/screenshots/logo.png',
  poster: '/screenshots/poster.png',
};

/** The gallery, its event online too and its hero with an image (their fixed words). */
function layout(references = true): BlockInput[] {
  return galleryLayout(MEDIA, '/assets/0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11')
    .filter((block) => references || block.type !== 'references')
    .map((block) => {
      if (block.type === 'event') return { ...block, onlineUrl: 'https://meet.example.com/day' };
      if (block.type === 'hero') return { ...block, heroImage: '/screenshots/hero.png' };
      return block;
    });
}

const signed: PublicPublication = {
  jobCode: 'PB-2026-0042 v3',
  date: '2026-12-04',
  approved: true,
};

function render(locale: string | undefined, blocks = layout()) {
  return renderToStaticMarkup(
    h(LandingMarkup, {
      content: { ...placeholderContent(), layout: layoutSchema.parse(blocks) },
      claims,
      slug: 'supplier-data-day',
      publication: signed,
      ...(locale === undefined ? {} : { locale }),
    }),
  );
}

/** Where each block's words are looked for (the page's content is English on either page). */
const SCOPES: Record<string, [open: string, close: string]> = {
  navigation: ['<header', '</header>'],
  hero: ['<section id="top"', '</section>'],
  event: ['<section id="block-agenda"', '</section>'],
  video: ['<section id="block-demo-video"', '</section>'],
  howItWorks: ['<section id="how-it-works"', '</section>'],
  features: ['<section id="features"', '</section>'],
  supplierFeatures: ['<section id="supplier-features"', '</section>'],
  pricing: ['<section id="pricing"', '</section>'],
};

/** The markup of `what` (SCOPES), or the whole page. */
function part(html: string, what: string): string {
  const scope = SCOPES[what];
  if (!scope) return html;
  const start = html.indexOf(scope[0]);
  expect(start, what).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf(scope[1], start));
}

/** Each block type's (or the page's) fixed words: the German markup, and the English it replaces. */
const WORDS: [what: string, german: string[], english: string[]][] = [
  [
    'navigation',
    [
      'aria-label="Hauptnavigation"',
      '>Plattform</a>',
      '>Häufige Fragen</a>',
      '>Preise</a>',
      '>Kontakt</button>',
    ],
    ['aria-label="Main"', '>Platform</a>', '>FAQs</a>', '>Pricing</a>', '>Contact Us</button>'],
  ],
  [
    'hero',
    ['alt="Die PharmaBridge-Plattform im Überblick"'],
    ['alt="The PharmaBridge platform overview"'],
  ],
  [
    'event',
    [
      '>Wann</dt>',
      '>Wo</dt>',
      '>Online</dt>',
      'Online teilnehmen<span class="sr-only">: Supplier Data Day 2027: contracts, checked</span>',
      'Zum Kalender hinzufügen<span class="sr-only">: Supplier Data Day 2027: contracts, checked (ICS-Datei)</span>',
      '>Programm</h3>',
      '>Referentinnen und Referenten</h3>',
      '>Donnerstag, 15. April 2027, 14:00</time>',
      '>17:00</time> MESZ (Europe/Berlin)',
    ],
    [
      '>When</dt>',
      '>Where</dt>',
      'Join online',
      'Add to calendar',
      '.ics file',
      '>Agenda</h3>',
      '>Speakers</h3>',
      'Thursday',
      'CEST',
    ],
  ],
  [
    'video',
    [
      'Video abspielen: A five-minute tour of a data contract',
      'Das Video wird von YouTube abgespielt. YouTube wird erst kontaktiert, wenn Sie auf Abspielen klicken.',
    ],
    ['Play video', 'The video plays from'],
  ],
  [
    'howItWorks',
    [
      '>So funktioniert es </h2>',
      '>Schritt 1</span>',
      '>Hersteller</span>',
      '>Lieferant</span>',
      '>Anforderungen festlegen und teilen</h3>',
      'Mehr erfahren<span class="sr-only">: Anforderungen festlegen und teilen</span>',
    ],
    [
      'How It Works',
      '>Step 1</span>',
      '>Manufacturer</span>',
      '>Supplier</span',
      'Learn more',
      'Set &amp; Share Requirements',
    ],
  ],
  [
    'features',
    ['In Aktion erleben', 'alt="Bildschirmfoto: '],
    ['See it in action', 'alt="Screenshot: '],
  ],
  ['supplierFeatures', ['Zum Lieferantenportal'], ['View supplier portal']],
  [
    'pricing',
    ['Preise anfragen', 'Alle Tarife ansehen'],
    ['Reach Out for Pricing', 'See All Plans'],
  ],
  ['references', ['aria-label="Quelle 1"'], ['aria-label="Reference']],
  ['job code', ['>PB-2026-0042 v3 · Freigegeben am 04.12.2026</p>'], ['Approved']],
];

describe("the landing page's own words on a German page", () => {
  const german = render('de-DE');

  it.each(WORDS)('%s: in German, none in English', (what, germanWords, englishWords) => {
    for (const word of germanWords) expect(part(german, what)).toContain(word);
    for (const word of englishWords) expect(part(german, what)).not.toContain(word);
  });

  it('heads the References list that ends the page "Quellen", its days in German', () => {
    const html = render('de-DE', layout(false));
    expect(html).toMatch(/<h2 id="references-title"[^>]*>Quellen<\/h2>/);
    expect(html).not.toContain('>References</h2>');
    const day = build.evidence[0]!.date;
    expect(referenceDay('de-DE', '2026-12-04')).toBe('4. Dezember 2026');
    expect(referenceDay('en-US', day)).not.toBe(referenceDay('de-DE', day));
  });

  it('dates unsigned content "Veröffentlicht am" in the locale, and German for de-AT too', () => {
    const published = { ...signed, approved: false, date: '2026-12-05' };
    expect(jobCodeLine(published, 'de-DE')).toBe('PB-2026-0042 v3 · Veröffentlicht am 05.12.2026');
    expect(jobCodeLine(signed, 'de-AT')).toBe('PB-2026-0042 v3 · Freigegeben am 04.12.2026');
    expect(landingText('de-AT')).toBe(landingText('de-DE'));
  });
});

describe("the landing page's own words on an English page", () => {
  it('are the same markup by default and with en-US given, in English', () => {
    const html = render(undefined);
    expect(render('en-US')).toBe(html);
    for (const [what, , english] of WORDS) {
      // The English words the German page replaced ("Thursday", not "Donnerstag").
      for (const word of english) expect(part(html, what)).toContain(word);
    }
    expect(html).toContain('>PB-2026-0042 v3 · Approved 2026-12-04</p>');
    expect(html).toContain('>Thursday, 15 April 2027, 14:00</time>');
  });

  it('are English for a locale the site has no words in', () => {
    expect(landingText('fr-FR')).toBe(landingText('en-US'));
    expect(jobCodeLine(signed, 'fr-FR')).toBe('PB-2026-0042 v3 · Approved 2026-12-04');
  });
});

describe("the blocks' links to the site's pages", () => {
  const german = (siteLinks?: SiteLinks) =>
    renderToStaticMarkup(
      h(LandingMarkup, {
        content: { ...placeholderContent(), layout: layoutSchema.parse(layout()) },
        claims,
        slug: 'supplier-data-day',
        locale: 'de-DE',
        ...(siteLinks ? { siteLinks } : {}),
      }),
    );
  const anchor = (html: string, words: string) =>
    new RegExp(`<a [^>]*>${words}(?: \\(Englisch\\))?</a>`).exec(html)?.[0];

  it('go to the German page where there is one, else to the English one marked English', () => {
    const html = german({
      '/pricing': { href: '/de/pricing', english: false },
      '/faq': { href: '/faq', english: true },
      '/product/suppliers': { href: '/product/suppliers', english: true },
    });
    const words = landingText('de-DE');
    expect(anchor(html, words.pricing.allPlans)).toMatch(/href="\/de\/pricing"/);
    expect(anchor(html, words.pricing.allPlans)).not.toMatch(/hrefLang|hreflang/i);
    for (const [text, path] of [
      [words.nav.faqs, '/faq'],
      [words.supplierFeatures.portal, '/product/suppliers'],
    ] as const) {
      const link = anchor(html, text);
      expect(link, text).toContain(`href="${path}"`);
      expect(link, text).toContain('hrefLang="en"');
      expect(link, text).toContain(`${text} (Englisch)</a>`);
    }
  });

  it('without them (previews), the English paths unmarked', () => {
    const html = german();
    expect(anchor(html, landingText('de-DE').pricing.allPlans)).toMatch(/href="\/pricing"/);
    expect(html).not.toContain('(Englisch)');
  });
});
