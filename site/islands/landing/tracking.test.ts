// The landing script's page id rule, and the body of its events.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageIdFromPath, track } from './tracking.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pageIdFromPath', () => {
  it('is the path without its slashes, or default', () => {
    expect(pageIdFromPath('/')).toBe('default');
    expect(pageIdFromPath('/spring-campaign')).toBe('spring-campaign');
    expect(pageIdFromPath('/legacy/default/')).toBe('legacy/default');
  });
});

describe('track', () => {
  /** A page whose `<html lang>` is `lang`; returns the bodies sent. */
  function page(lang: string) {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal('window', { location: new URL('https://pharmabridge.example/de/webinar') });
    vi.stubGlobal('document', { documentElement: { lang, dataset: {} } });
    vi.stubGlobal('navigator', {
      sendBeacon: (endpoint: string, body: string) => {
        expect(endpoint).toBe('/api/conversions');
        sent.push(JSON.parse(body) as Record<string, unknown>);
        return true;
      },
    });
    return sent;
  }

  it('sends the page’s <html lang> as locale (issue 39)', () => {
    const sent = page('de-DE');
    track('3f0c6b0e-0000-4000-8000-000000000001', 'page_view');
    expect(sent).toEqual([
      {
        landingPageId: '3f0c6b0e-0000-4000-8000-000000000001',
        eventType: 'page_view',
        locale: 'de-DE',
      },
    ]);
  });

  it('leaves locale out when <html lang> is no locale code', () => {
    const sent = page('de');
    track('webinar', 'hero_primary_cta');
    expect(sent).toEqual([{ landingPageId: 'webinar', eventType: 'hero_primary_cta' }]);
  });
});
