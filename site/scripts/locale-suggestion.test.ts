import { describe, expect, it } from 'vitest';
import { suggestedLocale } from './locale-suggestion.ts';

describe('the language suggestion', () => {
  it('suggests the alternate the browser prefers over the page locale', () => {
    expect(suggestedLocale(['de-DE', 'en-US'], 'en-US', ['de-DE'])).toBe('de-DE');
    // By language: a browser asking for de or de-CH gets the German version.
    expect(suggestedLocale(['de'], 'en-US', ['de-DE'])).toBe('de-DE');
    expect(suggestedLocale(['de-CH', 'en'], 'en-US', ['de-DE'])).toBe('de-DE');
    // The exact code wins over a same-language one.
    expect(suggestedLocale(['de-AT'], 'en-US', ['de-DE', 'de-AT'])).toBe('de-AT');
    expect(suggestedLocale(['en-GB', 'de'], 'de-DE', ['en-US'])).toBe('en-US');
  });

  it('suggests nothing when the page locale comes first or nothing matches', () => {
    expect(suggestedLocale(['en-US', 'de-DE'], 'en-US', ['de-DE'])).toBeUndefined();
    expect(suggestedLocale(['en-GB', 'de-DE'], 'en-US', ['de-DE'])).toBeUndefined();
    expect(suggestedLocale(['fr-FR'], 'en-US', ['de-DE'])).toBeUndefined();
    expect(suggestedLocale([], 'en-US', ['de-DE'])).toBeUndefined();
    expect(suggestedLocale(['de-DE'], 'de-DE', ['en-US'])).toBeUndefined();
  });
});
