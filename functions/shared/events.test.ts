import { describe, expect, it } from 'vitest';
import { attributionFrom, attributionSchema, deviceClass } from './events.ts';

describe('attributionFrom: what a page view says about its source', () => {
  it('keeps only the referrer host of another site, without www', () => {
    expect(
      attributionFrom(
        'https://www.News.example.com/story?id=7&email=a@b.c',
        '',
        'pharmabridge.com',
      ),
    ).toEqual({ referrerHost: 'news.example.com' });
    // A link inside our own site is not a source; nor is no referrer at all.
    expect(
      attributionFrom('https://pharmabridge.com/pricing', '', 'pharmabridge.com'),
    ).toBeUndefined();
    expect(attributionFrom('', '', 'pharmabridge.com')).toBeUndefined();
    // Something that is no URL, or a host we cannot name (IPv6), is dropped.
    expect(attributionFrom('not a url', '', 'pharmabridge.com')).toBeUndefined();
    expect(attributionFrom('http://[2001:db8::1]/', '', 'pharmabridge.com')).toBeUndefined();
  });

  it('reads the UTM tags of the page URL, trimmed, cleaned and cut to 100 characters', () => {
    const result = attributionFrom(
      '',
      `?utm_source=%20newsletter%20&utm_medium=e%0Amail&utm_campaign=${'c'.repeat(150)}&utm_term=x`,
      'pharmabridge.com',
    );
    expect(result).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'c'.repeat(100),
    });
    // Whatever the browser builds, the API's schema accepts.
    expect(attributionSchema.parse(result)).toEqual(result);
    expect(attributionFrom('', '?utm_source=%20%20', 'pharmabridge.com')).toBeUndefined();
  });
});

describe('deviceClass', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(
      deviceClass(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('mobile');
    expect(
      deviceClass(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
    expect(
      deviceClass(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet');
    expect(
      deviceClass(
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('tablet');
    expect(
      deviceClass(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      ),
    ).toBe('desktop');
  });
});

describe('attributionFrom and the API schema agree', () => {
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

  it('sends what the API accepts, unchanged, for every referrer and query', () => {
    for (const referrer of referrers) {
      for (const search of searches) {
        const sent = attributionFrom(referrer, search, OWN);
        if (sent === undefined) continue;
        const checked = attributionSchema.safeParse(sent);
        expect(checked.success, `${referrer} ${search}`).toBe(true);
        expect(checked.data).toEqual(sent);
      }
    }
    // The table holds cases of every kind: something is sent, and some inputs send nothing.
    const sent = referrers.flatMap((r) => searches.map((q) => attributionFrom(r, q, OWN)));
    expect(sent.filter(Boolean).length).toBeGreaterThan(10);
    expect(sent.filter((value) => value === undefined).length).toBeGreaterThan(3);
  });
});
