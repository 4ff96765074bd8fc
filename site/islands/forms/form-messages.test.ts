// The public forms in the page's language (issue 39): the page's locale from its <html lang>
// (anything that is not a language-region code is en-US), the address of the definition in it,
// the POST body's locale, and the forms' own words in German for `de-*` pages, in English else,
// each German field error a sentence ending of its own (none left in English).
import { describe, expect, it } from 'vitest';
import { builtInForm } from '../../../functions/shared/forms/built-in.ts';
import { consentVersion } from '../../../functions/shared/forms/consent.ts';
import { publicForm } from '../../../functions/shared/forms/public-form.ts';
import { PHONE_CHARACTERS_PROBLEM, PHONE_LENGTH_PROBLEM } from '../../../functions/shared/phone.ts';
import { FORM_MESSAGES, formMessages } from './form-messages.ts';
import { checkValues, CONSENT_KEY, formBody, initialValues } from './form-values.ts';
import { formUrl } from './load-form.ts';
import { formLanguage, localeOfLang, pageLocale } from './page-locale.ts';

describe('the page locale', () => {
  it('is the <html lang> when it is a language-region code, else en-US', () => {
    expect(localeOfLang('de-DE')).toBe('de-DE');
    expect(localeOfLang(' de-AT ')).toBe('de-AT');
    expect(localeOfLang('en-US')).toBe('en-US');
    for (const lang of [
      '',
      null,
      undefined,
      'de',
      'de-de',
      'de_DE',
      'deutsch',
      'x-klingon',
      'en-US-x-y',
    ]) {
      expect(localeOfLang(lang), String(lang)).toBe('en-US');
    }
    // No document while the build prerenders: the default.
    expect(pageLocale()).toBe('en-US');
  });

  it('speaks German on de-* pages and English on every other', () => {
    expect(formLanguage('de-DE')).toBe('de');
    expect(formLanguage('de-CH')).toBe('de');
    expect(formLanguage('en-GB')).toBe('en');
    expect(formLanguage('fr-FR')).toBe('en');
    expect(formMessages('de-AT')).toBe(FORM_MESSAGES.de);
    expect(formMessages('en-US')).toBe(FORM_MESSAGES.en);
  });

  it('asks for the definition in the locale, the default one without a query', () => {
    expect(formUrl('demo-request', 'en-US')).toBe('/api/forms/demo-request');
    expect(formUrl('demo-request', 'de-DE')).toBe('/api/forms/demo-request?locale=de-DE');
  });

  it("sends the definition's locale with the consent version of its text", async () => {
    const form = builtInForm('contact');
    const german = await publicForm(
      'contact',
      {
        ...form,
        consent: { required: true, text: 'I agree.', privacyUrl: '' },
        translations: { 'de-DE': { fields: {}, consent: { text: 'Ich stimme zu.' } } },
      },
      'de-DE',
    );
    const body = formBody(german, { ...initialValues(german.fields), [CONSENT_KEY]: true });
    expect(body).toMatchObject({
      locale: 'de-DE',
      consent: true,
      consentVersion: await consentVersion('Ich stimme zu.'),
    });
  });
});

describe('the German words', () => {
  it('has every message the English has, none of them English', () => {
    const { en, de } = FORM_MESSAGES;
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const english = en[key];
      const german = de[key];
      if (typeof english === 'string') expect(german, key).not.toBe(english);
    }
    expect(de.dialog.general.title).toBe('Demo anfordern');
    expect(de.formProblem('info@pharmabridge.com')).toContain('info@pharmabridge.com');
    expect(de.tooMany(1)).toContain('1 Minute ');
    expect(de.tooMany(5)).toContain('5 Minuten');
  });

  it("says every check's and the API's field errors in German", () => {
    const form = {
      fields: [
        { name: 'name', label: 'Name', type: 'text' as const, required: true },
        { name: 'email', label: 'E-Mail', type: 'email' as const, required: true },
        { name: 'terms', label: 'AGB', type: 'checkbox' as const, required: true },
      ],
      consent: { required: true, text: 'Ich stimme zu.', privacyUrl: '' },
      submitLabel: 'Senden',
    };
    const errors = checkValues(form, { name: ' ', email: 'nope' });
    const problems = [
      ...Object.values(errors).flat(),
      PHONE_CHARACTERS_PROBLEM,
      PHONE_LENGTH_PROBLEM,
      'must be at most 200 characters',
      'must be one of: 1-10, 11-50',
      'changed since this page was loaded: reload the page and read it again',
      'something the API says one day',
    ] as string[];
    const german = problems.map(FORM_MESSAGES.de.problem);
    expect(german.slice(0, 4)).toEqual([
      'ist ein Pflichtfeld',
      'muss eine gültige E-Mail-Adresse sein',
      'muss angekreuzt sein',
      'muss bestätigt werden, damit wir das Formular senden können',
    ]);
    expect(german).toContain('darf höchstens 200 Zeichen lang sein');
    expect(german.at(-1)).toBe('ist ungültig');
    for (const text of german) expect(text).not.toMatch(/\b(must|is required|the)\b/);
    expect(problems.map(FORM_MESSAGES.en.problem)).toEqual(problems);
  });
});
