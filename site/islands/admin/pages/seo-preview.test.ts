// The editor's search and social previews (seo-preview.tsx): resolveSeo()'s title and
// description cut at a word near 60 and 160 characters with "…", the address on the site's
// origin, and the site's own card image when the page names none.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResolvedSeo } from '../../../../functions/shared/seo.ts';
import {
  SEARCH_DESCRIPTION_MAX,
  SEARCH_TITLE_MAX,
  SeoPreviewCards,
  seoPreviewLines,
  truncateForSearch,
} from './seo-preview.tsx';

const seo = (extra: Partial<ResolvedSeo> = {}): ResolvedSeo => ({
  title: 'Supplier onboarding | PharmaBridge',
  description: 'Qualify suppliers in days.',
  image: undefined,
  noindex: false,
  canonicalPath: '/supplier-teams',
  ...extra,
});
const ORIGIN = 'https://www.pharmabridge.test';

describe('search result truncation', () => {
  it('keeps short text as it is, whitespace collapsed', () => {
    expect(truncateForSearch('  Short   title ', SEARCH_TITLE_MAX)).toBe('Short title');
    const exact = 'x'.repeat(SEARCH_TITLE_MAX);
    expect(truncateForSearch(exact, SEARCH_TITLE_MAX)).toBe(exact);
  });

  it('cuts long text at a word, within the limit, with "…"', () => {
    const title =
      'Supplier qualification for pharmaceutical distributors across Europe | PharmaBridge';
    const cut = truncateForSearch(title, SEARCH_TITLE_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(SEARCH_TITLE_MAX);
    expect(title.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.at(-2)).not.toBe(' ');
    const description = 'word '.repeat(60);
    const short = truncateForSearch(description, SEARCH_DESCRIPTION_MAX);
    expect(short.length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_MAX);
    expect(short).toMatch(/word…$/);
  });

  it('cuts one long word mid-word when there is no space to cut at', () => {
    expect(truncateForSearch('a'.repeat(100), 60)).toBe(`${'a'.repeat(59)}…`);
  });
});

describe('the previews', () => {
  it('show the address on the site origin, and the site card without a page image', () => {
    const lines = seoPreviewLines(seo(), ORIGIN);
    expect(lines.breadcrumb).toBe('www.pharmabridge.test › supplier-teams');
    expect(lines.url).toBe('https://www.pharmabridge.test/supplier-teams');
    expect(lines.image).toBe('https://www.pharmabridge.test/og-image.png');
    expect(lines.domain).toBe('WWW.PHARMABRIDGE.TEST');
    expect(seoPreviewLines(seo({ image: '/media/hero.jpg' }), ORIGIN).image).toBe(
      'https://www.pharmabridge.test/media/hero.jpg',
    );
  });

  it('render the cut title and description and say they were cut', () => {
    const html = renderToStaticMarkup(
      h(SeoPreviewCards, {
        seo: seo({ title: 'Long title words '.repeat(6), description: 'Long words '.repeat(30) }),
        origin: ORIGIN,
      }),
    );
    expect(html).toContain('the title is over 60 characters and the description is over 160');
    expect(html).toMatch(/data-testid="seo-preview-title">[^<]*…<\/p>/);
    expect(html).toContain('the site’s own image');
  });

  it('say a page that is not indexed is not listed', () => {
    const html = renderToStaticMarkup(
      h(SeoPreviewCards, { seo: seo({ noindex: true }), origin: ORIGIN }),
    );
    expect(html).toContain('data-testid="seo-preview-noindex"');
  });
});
