// The Translations section's rules (issue 39): a text set and emptied again leaves the
// definition without `translations`, emptied parts are dropped, each locale keeps `fields`.
import { describe, expect, it } from 'vitest';
import {
  translatedText,
  translationKey,
  translationLocales,
  withTranslatedText,
} from './translation-editing.ts';

describe('translation editing', () => {
  it('sets, reads and removes one text of one locale', () => {
    const one = withTranslatedText(undefined, 'de-DE', ['fields', 'email', 'label'], 'E-Mail');
    expect(one).toEqual({ 'de-DE': { fields: { email: { label: 'E-Mail' } } } });
    expect(translatedText(one, 'de-DE', ['fields', 'email', 'label'])).toBe('E-Mail');
    expect(translatedText(one, 'de-AT', ['fields', 'email', 'label'])).toBe('');
    const two = withTranslatedText(one, 'de-DE', ['consent', 'text'], 'Ich stimme zu.');
    expect(two).toEqual({
      'de-DE': { fields: { email: { label: 'E-Mail' } }, consent: { text: 'Ich stimme zu.' } },
    });
    const back = withTranslatedText(two, 'de-DE', ['consent', 'text'], '');
    expect(back).toEqual(one);
    expect(withTranslatedText(back, 'de-DE', ['fields', 'email', 'label'], '')).toBeUndefined();
    // The input is never changed.
    expect(one).toEqual({ 'de-DE': { fields: { email: { label: 'E-Mail' } } } });
  });

  it('keeps fields on a locale with only other texts, offers the non-default locales', () => {
    expect(withTranslatedText(undefined, 'de-DE', ['submitLabel'], 'Senden')).toEqual({
      'de-DE': { fields: {}, submitLabel: 'Senden' },
    });
    expect(translationLocales(['en-US', 'de-DE', 'de-AT'])).toEqual(['de-DE', 'de-AT']);
    expect(translationLocales(undefined)).toEqual([]);
    expect(translationKey('de-DE', ['fields', 'suppliers', 'options', '1-10'])).toBe(
      'translations.de-DE.fields.suppliers.options.1-10',
    );
  });
});
