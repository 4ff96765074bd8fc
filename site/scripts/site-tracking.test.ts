// The site-wide tracking script (site-tracking.ts) without a browser: what it sends on a
// page, on the 404 page and on clicks, nothing for visitors who opted out (the landing
// script's rule, tracking.ts), and its size against the 1,024 bytes gzip budget.
// e2e/site-tracking.spec.ts checks the same in Chromium against the real API and build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackingAllowed } from '../islands/landing/tracking.ts';
import { clickEvent, optedOut, startSiteTracking } from './site-tracking.ts';

/** The budget of the issue: the script and the chunk it imports, gzip. */
export const SITE_TRACKING_GZIP_BUDGET = 1024;

afterEach(() => {
  vi.unstubAllGlobals();
});

interface FakePage {
  canonical?: string;
  href: string;
  referrer?: string;
  gpc?: boolean;
  dnt?: string;
  beacon?: boolean;
  /** `<html lang>`; empty when not given. */
  lang?: string;
}

/** Globals of a page at `href`; returns what was sent and the click listeners. */
function fakePage(page: FakePage) {
  const url = new URL(page.href);
  const sent: { via: string; body: Record<string, unknown>; init?: RequestInit }[] = [];
  const listeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];
  vi.stubGlobal('navigator', {
    globalPrivacyControl: page.gpc,
    doNotTrack: page.dnt ?? null,
    sendBeacon:
      page.beacon === false
        ? undefined
        : (endpoint: string, body: string) => {
            expect(endpoint).toBe('/api/conversions');
            sent.push({ via: 'beacon', body: JSON.parse(body) as Record<string, unknown> });
            return true;
          },
  });
  vi.stubGlobal('window', {});
  vi.stubGlobal('location', url);
  vi.stubGlobal('document', {
    documentElement: { lang: page.lang ?? '' },
    referrer: page.referrer ?? '',
    querySelector: (selector: string) =>
      selector === 'link[rel=canonical]' && page.canonical ? { href: page.canonical } : null,
    addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
      listeners.push({ type, listener, capture }),
  });
  vi.stubGlobal('fetch', (endpoint: string, init: RequestInit) => {
    expect(endpoint).toBe('/api/conversions');
    sent.push({
      via: 'fetch',
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      init,
    });
    return Promise.resolve(new Response(null, { status: 202 }));
  });
  return { sent, listeners };
}

/** A click whose target sits inside `link` (an anchor's URL parts and download). */
const clickOn = (link: Partial<HTMLAnchorElement> | null) => ({
  target: { closest: (selector: string) => (selector === 'a[href]' ? link : null) },
});
const anchor = (href: string, download = '') => {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, download };
};

describe('site tracking: the page view', () => {
  it('sends the canonical path as the page id, with the visit’s attribution', () => {
    const { sent } = fakePage({
      href: 'https://pharmabridge.example/site/pricing?utm_source=newsletter&x=1',
      canonical: 'https://pharmabridge.example/pricing',
      referrer: 'https://www.linkedin.com/feed/?q=1',
    });
    startSiteTracking();
    expect(sent).toEqual([
      {
        via: 'beacon',
        body: {
          landingPageId: 'pricing',
          eventType: 'page_view',
          attribution: { referrerHost: 'linkedin.com', utmSource: 'newsletter' },
        },
      },
    ]);
  });

  it('sends exactly {landingPageId, eventType} for a direct visit; nested paths keep their slash', () => {
    const { sent } = fakePage({
      href: 'https://pharmabridge.example/product/manufacturers',
      canonical: 'https://pharmabridge.example/product/manufacturers',
    });
    startSiteTracking();
    expect(sent.map((s) => s.body)).toEqual([
      { landingPageId: 'product/manufacturers', eventType: 'page_view' },
    ]);
  });

  it('sends the page’s <html lang> as locale when it is a locale code, and leaves out anything else', () => {
    const german = fakePage({
      href: 'https://pharmabridge.example/de/pricing',
      canonical: 'https://pharmabridge.example/de/pricing',
      lang: 'de-DE',
    });
    startSiteTracking();
    expect(german.sent.map((s) => s.body)).toEqual([
      { landingPageId: 'de/pricing', eventType: 'page_view', locale: 'de-DE' },
    ]);
    for (const lang of ['en', 'de_DE', 'x-klingon']) {
      const other = fakePage({ href: 'https://pharmabridge.example/company', lang });
      startSiteTracking();
      expect(
        other.sent.map((s) => s.body),
        lang,
      ).toEqual([{ landingPageId: 'company', eventType: 'page_view' }]);
    }
  });

  it('falls back to fetch, keepalive and without credentials, when there is no beacon', () => {
    const { sent } = fakePage({ href: 'https://pharmabridge.example/company', beacon: false });
    startSiteTracking();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      via: 'fetch',
      body: { landingPageId: 'company', eventType: 'page_view' },
      init: { method: 'POST', keepalive: true, credentials: 'omit' },
    });
  });

  it('on the 404 page sends not_found with the missing path and never its query', () => {
    const { sent } = fakePage({
      href: 'https://pharmabridge.example/old/brochure.pdf?email=priya%40example.com#top',
      canonical: 'https://pharmabridge.example/404',
      referrer: 'https://search.example/',
    });
    startSiteTracking();
    expect(sent.map((s) => s.body)).toEqual([
      { landingPageId: '404', eventType: 'not_found', metadata: { source: '/old/brochure.pdf' } },
    ]);
  });

  it('cuts a long missing path to the API’s 100 characters', () => {
    const path = `/${'a'.repeat(150)}`;
    const { sent } = fakePage({
      href: `https://pharmabridge.example${path}`,
      canonical: 'https://pharmabridge.example/404',
    });
    startSiteTracking();
    expect(sent[0]?.body['metadata']).toEqual({ source: path.slice(0, 100) });
  });

  it('sends nothing at all, and listens to nothing, for Global Privacy Control or Do Not Track', () => {
    for (const signals of [{ gpc: true }, { dnt: '1' }]) {
      const { sent, listeners } = fakePage({
        href: 'https://pharmabridge.example/pricing',
        ...signals,
      });
      startSiteTracking();
      expect(sent).toEqual([]);
      expect(listeners).toEqual([]);
    }
  });

  it('opts out exactly when the landing pages’ script does', () => {
    for (const gpc of [undefined, false, true]) {
      for (const dnt of [null, '0', '1', 'unspecified']) {
        for (const windowDnt of [undefined, '1']) {
          const nav = { globalPrivacyControl: gpc, doNotTrack: dnt };
          const win = { doNotTrack: windowDnt };
          vi.stubGlobal('navigator', nav);
          vi.stubGlobal('window', win);
          expect(optedOut(nav, win), JSON.stringify({ gpc, dnt, windowDnt })).toBe(
            !trackingAllowed(),
          );
        }
      }
    }
  });
});

describe('site tracking: clicks', () => {
  it('sends outbound_click with the host of a link to another site', () => {
    const { sent, listeners } = fakePage({ href: 'https://pharmabridge.example/company' });
    startSiteTracking();
    expect(listeners.map(({ type, capture }) => [type, capture])).toEqual([['click', true]]);
    const click = listeners[0]!.listener;
    click(clickOn(anchor('https://www.linkedin.com/company/pharmabridge?trk=x')));
    click(clickOn(anchor('https://pharmabridge.example/pricing')));
    click(clickOn(anchor('mailto:hello@pharmabridge.example')));
    click(clickOn(null));
    // A click on the document itself, or an SVG <a> (none of an anchor's URL parts).
    click({ target: {} });
    click(clickOn({} as Partial<HTMLAnchorElement>));
    expect(sent.slice(1).map((s) => s.body)).toEqual([
      {
        landingPageId: 'company',
        eventType: 'outbound_click',
        metadata: { source: 'www.linkedin.com' },
      },
    ]);
  });

  it('sends file_download with the name a download link gives', () => {
    const { sent, listeners } = fakePage({ href: 'https://pharmabridge.example/logo-download' });
    startSiteTracking();
    listeners[0]!.listener(
      clickOn(anchor('blob:https://pharmabridge.example/1c1d', 'pharmabridge-logo-white.svg')),
    );
    expect(sent.slice(1).map((s) => s.body)).toEqual([
      {
        landingPageId: 'logo-download',
        eventType: 'file_download',
        metadata: { source: 'pharmabridge-logo-white.svg' },
      },
    ]);
  });

  it('reads a link as clickEvent says', () => {
    const own = 'pharmabridge.example';
    expect(clickEvent(anchor('http://partner.example:8080/x'), own)).toEqual([
      'outbound_click',
      'partner.example',
    ]);
    expect(clickEvent(anchor('https://pharmabridge.example/x', 'a.png'), own)).toEqual([
      'file_download',
      'a.png',
    ]);
    expect(clickEvent(anchor('tel:+15551234567'), own)).toBeUndefined();
    expect(clickEvent(undefined, own)).toBeUndefined();
  });
});

describe('site tracking: size', () => {
  it(`stays within ${SITE_TRACKING_GZIP_BUDGET} bytes gzip with the chunk it imports`, async () => {
    // Bundled as the site build splits it: the script's entry (SiteTracking.astro) and the
    // attribution module, which the landing pages' script shares and so gets its own chunk.
    // esbuild stands in for the site's bundler; e2e/site-tracking.spec.ts and the
    // Lighthouse bench measure the built files.
    const dir = mkdtempSync(join(tmpdir(), 'pb-site-tracking-'));
    try {
      const here = import.meta.dirname;
      writeFileSync(
        join(dir, 'site.ts'),
        `import { startSiteTracking } from ${JSON.stringify(join(here, 'site-tracking.ts'))};\nstartSiteTracking();\n`,
      );
      writeFileSync(
        join(dir, 'other.ts'),
        `import { visitAttribution } from ${JSON.stringify(join(here, '../islands/landing/tracking.ts'))};\nconsole.log(visitAttribution());\n`,
      );
      const result = await build({
        entryPoints: [join(dir, 'site.ts'), join(dir, 'other.ts')],
        bundle: true,
        splitting: true,
        format: 'esm',
        minify: true,
        target: 'es2022',
        outdir: join(dir, 'out'),
        write: false,
        metafile: true,
      });
      const outputs = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
      const entry = Object.entries(result.metafile.outputs).find(([, output]) =>
        output.entryPoint?.endsWith('site.ts'),
      )!;
      const loaded = [entry[0], ...entry[1].imports.map((imported) => imported.path)];
      expect(loaded.length, 'the script and the attribution chunk').toBeLessThanOrEqual(2);
      const gzipBytes = loaded
        .map((path) => gzipSync(outputs.get(join(process.cwd(), path))!, { level: 9 }).length)
        .reduce((sum, bytes) => sum + bytes, 0);
      expect(gzipBytes).toBeGreaterThan(300);
      expect(gzipBytes).toBeLessThanOrEqual(SITE_TRACKING_GZIP_BUDGET);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
