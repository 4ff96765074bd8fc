import { describe, expect, it } from 'vitest';
import type { BuildPage, BuildTranslation } from '../../functions/site-data/store.ts';
import { placeholderContent } from '../../functions/shared/landing-content.ts';
import {
  alternateGroups,
  builtTranslations,
  chromeLink,
  hreflangLinks,
  landingAlternates,
  marketingAlternates,
  marketingLocales,
  prefixedPath,
  translationEntries,
} from './locale-paths.ts';

const content = placeholderContent();
const translation = (locale: string, prefix: string, slug: string): BuildTranslation => ({
  locale,
  prefix,
  slug,
  title: `${slug} (${locale})`,
  content,
});
const page = (slug: string, translations?: BuildTranslation[]): BuildPage => ({
  id: `id-${slug}`,
  slug,
  title: slug,
  content,
  ...(translations ? { translations } : {}),
});

const EN_DE = ['en-US', 'de-DE'];

describe('locale paths', () => {
  it('prefixes paths without a trailing slash, the prefix home as /<prefix>', () => {
    expect(prefixedPath('de', '/pricing')).toBe('/de/pricing');
    expect(prefixedPath('de', '/')).toBe('/de');
    expect(prefixedPath('de-at', 'webinar')).toBe('/de-at/webinar');
    expect(prefixedPath('', '/pricing')).toBe('/pricing');
  });

  it('builds the German marketing pages for each German locale only', () => {
    expect(marketingLocales(['en-US'])).toEqual([]);
    expect(marketingLocales(['en-US', 'en-GB', 'de-DE'])).toEqual(['de-DE']);
    expect(marketingAlternates('/pricing', ['en-US'])).toEqual([
      { locale: 'en-US', path: '/pricing' },
    ]);
    expect(marketingAlternates('/contact', ['en-US', 'de-DE', 'de-AT'])).toEqual([
      { locale: 'en-US', path: '/contact' },
      { locale: 'de-DE', path: '/de-de/contact' },
      { locale: 'de-AT', path: '/de-at/contact' },
    ]);
  });

  it('gives a landing page its default URL and each configured translation, the home page at /<prefix>', () => {
    const home = page('default', [translation('de-DE', 'de', 'startseite')]);
    expect(landingAlternates(home, EN_DE)).toEqual([
      { locale: 'en-US', path: '/' },
      { locale: 'de-DE', path: '/de' },
    ]);
    const webinar = page('data-webinar', [
      translation('de-DE', 'de', 'datenaustausch-webinar'),
      // Not configured (any more): not built.
      translation('de-AT', 'de-at', 'webinar-at'),
    ]);
    expect(landingAlternates(webinar, EN_DE)).toEqual([
      { locale: 'en-US', path: '/data-webinar' },
      { locale: 'de-DE', path: '/de/datenaustausch-webinar' },
    ]);
    expect(landingAlternates(page('plain'), EN_DE)).toEqual([{ locale: 'en-US', path: '/plain' }]);
  });

  it('builds no translation under a reserved or translated marketing path, nor twice per locale', () => {
    const odd = page('promo', [
      translation('de-DE', 'de', 'pricing'),
      translation('de-DE', 'de', 'admin'),
    ]);
    expect(builtTranslations(odd, EN_DE)).toEqual([]);
    const twice = page('promo', [
      translation('de-DE', 'de', 'aktion'),
      translation('de-DE', 'de', 'aktion-2'),
    ]);
    expect(builtTranslations(twice, EN_DE).map((t) => t.slug)).toEqual(['aktion']);
  });

  it('writes reciprocal hreflang links with x-default the en-US URL, none for one locale', () => {
    const site = 'https://www.example.com';
    const alternates = [
      { locale: 'en-US', path: '/pricing' },
      { locale: 'de-DE', path: '/de/pricing' },
    ];
    expect(hreflangLinks(alternates, site)).toEqual([
      { hreflang: 'en-US', href: 'https://www.example.com/pricing' },
      { hreflang: 'de-DE', href: 'https://www.example.com/de/pricing' },
      { hreflang: 'x-default', href: 'https://www.example.com/pricing' },
    ]);
    expect(hreflangLinks(alternates.slice(0, 1), site)).toEqual([]);
  });

  it('renders each translation with its own title and content under the page id and default slug', () => {
    const german = { ...translation('de-DE', 'de', 'datenaustausch-webinar'), title: 'Webinar DE' };
    const entries = translationEntries(
      [page('default', [translation('de-DE', 'de', 'start')]), page('data-webinar', [german])],
      EN_DE,
    );
    expect(entries.map(({ prefix, slug, locale }) => ({ prefix, slug, locale }))).toEqual([
      { prefix: 'de', slug: '', locale: 'de-DE' },
      { prefix: 'de', slug: 'datenaustausch-webinar', locale: 'de-DE' },
    ]);
    expect(entries[1]!.page).toMatchObject({
      id: 'id-data-webinar',
      slug: 'data-webinar',
      title: 'Webinar DE',
    });
    expect(entries[1]!.alternates.map((a) => a.path)).toEqual([
      '/data-webinar',
      '/de/datenaustausch-webinar',
    ]);
    // With only en-US configured, no translation is built at all.
    expect(translationEntries([page('data-webinar', [german])], ['en-US'])).toEqual([]);
  });

  it('groups every page in several locales for the sitemap', () => {
    const groups = alternateGroups(
      [page('default'), page('data-webinar', [translation('de-DE', 'de', 'webinar-de')])],
      EN_DE,
    );
    expect(groups.map((group) => group.map((a) => a.path))).toEqual([
      ['/pricing', '/de/pricing'],
      ['/contact', '/de/contact'],
      ['/data-webinar', '/de/webinar-de'],
    ]);
    expect(alternateGroups([page('default')], ['en-US'])).toEqual([]);
  });

  it("links the chrome to the page's locale version, else to the English page marked English", () => {
    const alternatesOf = (path: string) =>
      path === '/pricing' ? marketingAlternates('/pricing', EN_DE) : [];
    expect(chromeLink('/pricing', 'de-DE', alternatesOf)).toEqual({
      href: '/de/pricing',
      english: false,
    });
    expect(chromeLink('/company', 'de-DE', alternatesOf)).toEqual({
      href: '/company',
      english: true,
    });
    expect(chromeLink('/company', 'en-US', alternatesOf)).toEqual({
      href: '/company',
      english: false,
    });
  });
});
