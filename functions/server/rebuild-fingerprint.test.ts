// The build stamp's store part changes with the pages and with the library images they
// use, and with the redirects, so an alt-text edit, a replaced image or a new redirect
// rebuilds the site at the next start.
import { describe, expect, it } from 'vitest';
import { siteDataFingerprint } from './rebuild-site.ts';

describe('siteDataFingerprint', () => {
  const pages = [
    { id: 'a', updatedAt: '2026-11-01T00:00:00Z' },
    { id: 'b', updatedAt: '2026-11-02T00:00:00Z' },
  ];
  const media = [{ id: 'm1', version: 1, updatedAt: '2026-11-03T00:00:00Z' }];

  it('is stable whatever the order, and changes with a page or an image', () => {
    const base = siteDataFingerprint(pages, media);
    expect(siteDataFingerprint([...pages].reverse(), media)).toBe(base);
    expect(siteDataFingerprint([pages[0]!], media)).not.toBe(base);
    expect(
      siteDataFingerprint(pages, [{ ...media[0]!, updatedAt: '2026-11-04T00:00:00Z' }]),
    ).not.toBe(base);
    expect(siteDataFingerprint(pages, [{ ...media[0]!, version: 2 }])).not.toBe(base);
    expect(siteDataFingerprint(pages)).not.toBe(base);
  });

  it('changes with a redirect, not with its hits', () => {
    const redirect = { from: '/old', to: '/new', status: 301, hits: 0 };
    const base = siteDataFingerprint(pages, media, [redirect]);
    const counted = { ...redirect, hits: 7 };
    expect(siteDataFingerprint(pages, media, [counted])).toBe(base);
    expect(siteDataFingerprint(pages, media, [{ ...redirect, to: '/other' }])).not.toBe(base);
    expect(siteDataFingerprint(pages, media, [{ ...redirect, status: 302 }])).not.toBe(base);
    expect(siteDataFingerprint(pages, media)).not.toBe(base);
  });
});
