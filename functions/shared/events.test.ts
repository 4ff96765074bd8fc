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
