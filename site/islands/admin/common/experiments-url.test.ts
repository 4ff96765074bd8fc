// The Experiments view's URL: what it names survives a reload; what it cannot show is dropped.
import { describe, expect, it } from 'vitest';
import { parseLocation } from '../route.ts';
import { defaultPanel, experimentsFromUrl, experimentsUrl } from './experiments-url.ts';

const ID = '0b6f8c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d';

describe('the Experiments view URL', () => {
  it('reads back what it wrote', () => {
    const place = { pageId: 'spring-launch', experimentId: ID, variantId: 'b' as const };
    const url = experimentsUrl({ ...place, panel: 'variants' });
    expect(url).toBe(
      `/admin/experiments?page=spring-launch&experiment=${ID}&variant=b&panel=variants`,
    );
    const [path, query] = url.split('?') as [string, string];
    const location = parseLocation(path, `?${query}`);
    expect(location.view).toBe('experiments');
    expect(experimentsFromUrl(location.params)).toEqual({ ...place, panel: 'variants' });
  });

  it("lists a page's experiments, or every one, without empty parameters", () => {
    expect(experimentsUrl({ pageId: 'p1' })).toBe('/admin/experiments?page=p1');
    expect(experimentsUrl({})).toBe('/admin/experiments');
  });

  it('drops a variant or panel without an experiment, and values it cannot show', () => {
    expect(experimentsUrl({ pageId: 'p1', variantId: 'b', panel: 'results' })).toBe(
      '/admin/experiments?page=p1',
    );
    expect(
      experimentsFromUrl(new URLSearchParams(`experiment=${ID}&variant=e&panel=chart`)),
    ).toEqual({ pageId: undefined, experimentId: ID, variantId: undefined, panel: undefined });
    expect(experimentsFromUrl(new URLSearchParams('variant=b&panel=results&page=a/b'))).toEqual({
      pageId: undefined,
      experimentId: undefined,
      variantId: undefined,
      panel: undefined,
    });
  });

  // Issue 39: the list's language (docs/decisions/0576-experiments-per-locale.md).
  it('keeps the language through a reload, and drops a code that is not a locale', () => {
    const url = experimentsUrl({ pageId: 'p1', experimentId: ID, locale: 'de-DE' });
    expect(url).toBe(`/admin/experiments?page=p1&experiment=${ID}&locale=de-DE`);
    const [path, query] = url.split('?') as [string, string];
    expect(experimentsFromUrl(parseLocation(path, `?${query}`).params)).toMatchObject({
      pageId: 'p1',
      experimentId: ID,
      locale: 'de-DE',
    });
    expect(experimentsUrl({ pageId: 'p1', locale: 'de-AT' })).toBe(
      '/admin/experiments?page=p1&locale=de-AT',
    );
    for (const bad of ['de', 'de-de', 'de_DE', 'DE-DE', '<x>', 'de-DE-1996']) {
      expect(
        experimentsFromUrl(new URLSearchParams(`page=p1&locale=${bad}`)),
        bad,
      ).not.toHaveProperty('locale');
    }
  });

  it('opens a draft on its variants and a started experiment on its results', () => {
    expect(defaultPanel('draft')).toBe('variants');
    expect(['running', 'paused', 'stopped'].map(defaultPanel)).toEqual([
      'results',
      'results',
      'results',
    ]);
  });
});
