// Issue 22 A: the new page's slug is suggested from the title and cleaned.
import { describe, expect, it } from 'vitest';
import { cleanSlug } from './slug-suggest.ts';

describe('cleanSlug', () => {
  it('suggests a slug from a title without trailing or doubled hyphens', () => {
    expect(cleanSlug('Spring Campaign 2026!')).toBe('spring-campaign-2026');
    expect(cleanSlug('  Über -- Offer  ')).toBe('ber-offer');
    expect(cleanSlug('--already-a-slug--')).toBe('already-a-slug');
  });

  it('leaves nothing of a title without letters or digits', () => {
    expect(cleanSlug('!!!')).toBe('');
  });
});
