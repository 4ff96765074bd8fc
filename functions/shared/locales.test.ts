import { describe, expect, it } from 'vitest';
import { localePrefixes, localesSchema, localizedPath, localeSchema } from './locales.ts';
import { slugSchema } from './slug.ts';

const messages = (value: unknown) => {
  const result = localesSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('locales (issue 39)', () => {
  it('prefixes each locale with its language, or its whole code when two share a language', () => {
    expect(localePrefixes(['en-US', 'de-DE'])).toEqual({ 'en-US': '', 'de-DE': 'de' });
    expect(localePrefixes(['en-US', 'de-DE', 'de-AT'])).toEqual({
      'en-US': '',
      'de-DE': 'de-de',
      'de-AT': 'de-at',
    });
    // en-GB shares English with the default, which keeps today's URLs.
    expect(localePrefixes(['en-US', 'en-GB'])).toEqual({ 'en-US': '', 'en-GB': 'en-gb' });
  });

  it('builds public paths under the prefix, the default at the root', () => {
    expect(localizedPath('de', 'datenaustausch-webinar')).toBe('/de/datenaustausch-webinar');
    expect(localizedPath('', '/pricing')).toBe('/pricing');
    expect(localizedPath('de', '')).toBe('/de/');
  });

  it('accepts canonical BCP 47 codes with a region and names what is wrong with others', () => {
    expect(localeSchema.safeParse('de-DE').success).toBe(true);
    expect(localeSchema.safeParse('de-de').error?.issues[0]?.message).toBe(
      '"de-de" is written de-DE',
    );
    expect(localeSchema.safeParse('german').error?.issues[0]?.message).toMatch(/not a BCP 47/);
    expect(localeSchema.safeParse('de').error?.issues[0]?.message).toMatch(
      /with a language and a region/,
    );
  });

  it('keeps en-US first, each locale once, and only languages the site has text in', () => {
    expect(messages(['en-US', 'de-DE', 'de-AT'])).toEqual([]);
    expect(messages(['de-DE', 'en-US'])).toEqual(['must start with en-US, the default']);
    expect(messages(['en-US', 'de-DE', 'de-DE'])).toEqual(['lists de-DE twice']);
    expect(messages(['en-US', 'fr-FR'])[0]).toMatch(/^fr-FR: the site has no text in French/);
    expect(messages([])).toEqual(['lists no locale; the first is en-US']);
  });

  it('keeps language-code slugs for the languages’ pages (/de/, /de-at/)', () => {
    for (const slug of ['de', 'de-at', 'EN']) {
      expect(slugSchema.safeParse(slug).error?.issues[0]?.message, slug).toMatch(
        /^looks like a language code/,
      );
    }
    expect(slugSchema.safeParse('deutsch').success).toBe(true);
    expect(slugSchema.safeParse('d').success).toBe(true);
  });
});
