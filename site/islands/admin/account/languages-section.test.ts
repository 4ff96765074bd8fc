// The Languages settings' checks as a locale is added (languages-section.tsx): sentences
// before anything is sent, and the locales offered are those the site speaks.
import { describe, expect, test } from 'vitest';
import { HttpError } from '../api.ts';
import {
  localeProblem,
  localesRefusal,
  prefixPath,
  SUGGESTED_LOCALES,
} from './languages-section.tsx';

describe('localeProblem', () => {
  test('a locale of a language the site speaks can be added', () => {
    expect(localeProblem('de-DE', ['en-US'])).toBeUndefined();
    expect(localeProblem(' de-LU ', ['en-US', 'de-DE'])).toBeUndefined();
  });

  test('each refusal is a sentence', () => {
    expect(localeProblem('', ['en-US'])).toBe('Choose a language or type a code such as de-DE.');
    expect(localeProblem('de-DE', ['en-US', 'de-DE'])).toBe('de-DE is already in the list.');
    expect(localeProblem('de-de', ['en-US'])).toBe('"de-de" is written de-DE.');
    expect(localeProblem('german', ['en-US'])).toMatch(/^"german" is not a BCP 47 locale/);
    expect(localeProblem('fr-FR', ['en-US'])).toBe(
      'The site has no text in French for its header, footer and forms: it speaks English and German.',
    );
  });
});

test('the select offers the German and English locales; the default prefix is /', () => {
  expect(SUGGESTED_LOCALES).toEqual(['de-DE', 'de-AT', 'de-CH', 'en-GB']);
  expect(prefixPath('')).toBe('/');
  expect(prefixPath('de-at')).toBe('/de-at/');
});

test("the API's reasons for locales are shown as written, each a sentence", () => {
  const body = JSON.stringify({
    error: {
      code: 'conflict',
      message: 'de-DE would move its pages',
      fields: { locales: ['de-DE would move its pages from /de/ to /de-de/ (/de/x)', 'One.'] },
    },
  });
  expect(localesRefusal(new HttpError(409, body, 'Conflict'))).toBe(
    'de-DE would move its pages from /de/ to /de-de/ (/de/x). One.',
  );
  expect(localesRefusal(new HttpError(400, '', 'Bad Request'))).not.toBe('');
});
