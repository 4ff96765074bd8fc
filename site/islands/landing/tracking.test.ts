// The landing script's zod-free attribution agrees with the shared attributionFrom
// (functions/shared/events.ts), which the API's schema is built on.
import { describe, expect, it } from 'vitest';
import {
  attributionFrom,
  HOST_MAX_LENGTH,
  UTM_MAX_LENGTH,
} from '../../../functions/shared/events.ts';
import { attributionOf, HOST_MAX, pageIdFromPath, UTM_MAX } from './tracking.ts';

const OWN = 'pharmabridge.example';
const referrers = [
  '',
  'https://www.google.com/search?q=pharma',
  'https://news.example.org/article/1?email=someone@example.com',
  `https://${OWN}/pricing`,
  'https://PharmaBridge.Example/',
  'android-app://com.slack/',
  'not a url',
  'https://xn--bcher-kva.example/',
  'http://192.168.0.1:8080/x',
  'https://[::1]/',
  'https://under_score.example/',
  `https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.com/`,
];
const searches = [
  '',
  '?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
  '?utm_source=%20%20&utm_medium=',
  `?utm_campaign=${'x'.repeat(150)}`,
  '?utm_source=a%00b%7Fc%C2%85d',
  '?utm_source=%01%02',
  `?utm_medium=${' '.repeat(99)}y${'z'.repeat(10)}`,
  '?other=1',
];

describe('attributionOf', () => {
  it('matches attributionFrom for every referrer and query', () => {
    for (const referrer of referrers) {
      for (const search of searches) {
        expect(attributionOf(referrer, search, OWN), `${referrer} ${search}`).toEqual(
          attributionFrom(referrer, search, OWN),
        );
      }
    }
  });

  it('uses the shared limits', () => {
    expect(UTM_MAX).toBe(UTM_MAX_LENGTH);
    expect(HOST_MAX).toBe(HOST_MAX_LENGTH);
  });

  it('names the host of another site only', () => {
    expect(attributionOf('https://www.google.com/x', '', OWN)).toEqual({
      referrerHost: 'google.com',
    });
    expect(attributionOf(`https://${OWN}/x`, '', OWN)).toBeUndefined();
  });
});

describe('pageIdFromPath', () => {
  it('is the path without its slashes, or default', () => {
    expect(pageIdFromPath('/')).toBe('default');
    expect(pageIdFromPath('/spring-campaign')).toBe('spring-campaign');
    expect(pageIdFromPath('/legacy/default/')).toBe('legacy/default');
  });
});
