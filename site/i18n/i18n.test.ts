import { describe, expect, it } from 'vitest';
import claims from '../../content/claims.json' with { type: 'json' };
import { en } from './en.ts';
import { de } from './de.ts';
import { formatDate, formatDateTime, formatNumber, siteText } from './index.ts';
import { englishPricing, germanPricing } from './pricing.ts';
import { englishContact, germanContact } from './contact.ts';
import { landingTemplate } from '../../functions/shared/template.ts';

/** Every leaf path of a text object ("nav.pricing"). */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) =>
      keys(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

describe('the site text', () => {
  it('has every English key in German, each a different, non-empty text', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      const get = (text: unknown) =>
        key
          .split('.')
          .reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], text);
      const english = get(en);
      const german = get(de);
      if (typeof english === 'string') {
        expect(german, key).toBeTypeOf('string');
        expect((german as string).trim(), key).not.toBe('');
        // FAQ and PharmaBridge-like words may be the same; whole sentences may not.
        if (english.includes(' ')) expect(german, key).not.toBe(english);
      }
    }
    expect(siteText('de-AT')).toBe(de);
    expect(siteText('en-GB')).toBe(en);
  });

  it('formats dates and numbers with Intl', () => {
    const when = new Date('2027-03-16T15:00:00Z');
    expect(formatDateTime('de-DE', when)).toBe('Dienstag, 16. März 2027, 16:00 MEZ');
    expect(formatDateTime('en-US', when, 'America/New_York')).toBe(
      'Tuesday, March 16, 2027, 11:00 AM EDT',
    );
    expect(formatDate('de-DE', '2027-03-16')).toBe('16. März 2027');
    expect(formatNumber('de-DE', 2500)).toBe('2.500');
    expect(formatNumber('en-US', 2500)).toBe('2,500');
  });

  it('gives German pricing the plans, prices and shape of the English page', () => {
    const english = englishPricing(claims as never);
    const template = landingTemplate().pricing.plans;
    expect(germanPricing.defaultPlans.map((plan) => plan.name)).toEqual(
      template.map((p) => p.name),
    );
    expect(germanPricing.defaultPlans.map((plan) => plan.popular)).toEqual(
      template.map((p) => p.popular),
    );
    // Prices as they are (the Enterprise plan's "Custom" is a word, not a price).
    expect(germanPricing.defaultPlans.slice(0, 2).map((plan) => plan.price)).toEqual(
      template.slice(0, 2).map((plan) => plan.price),
    );
    expect(germanPricing.defaultPlans.map((plan) => plan.features.length)).toEqual(
      template.map((plan) => plan.features.length),
    );
    expect(germanPricing.included).toHaveLength(english.included.length);
    expect(germanPricing.faq).toHaveLength(english.faq.length);
    // The German figures are the approved claims' (content/claims.json), in German notation.
    const figures = (value: string) =>
      value.replace(/\s|%/g, '').replace(',', '.').replace('–', '-');
    expect(
      germanPricing.roi.map((metric) => figures(metric.value).replace('Wochen', 'weeks')),
    ).toEqual(english.roi.map((metric) => figures(metric.value)));
  });

  it('has the contact page in German for every English text', () => {
    expect(Object.keys(germanContact).sort()).toEqual(Object.keys(englishContact).sort());
  });
});
