// A real `astro build` against DynamoDB Local with the locales setting en-US and de-DE
// (issue 39): the German pricing and contact pages exist with `lang="de-DE"`, reciprocal
// hreflang, og:locale and a canonical of their own; the German chrome marks English-only
// links; no German home without a German default page; the sitemap lists the alternates; and
// in Chromium axe finds nothing, the Nu checker nothing, and the language suggestion shows for
// a German browser, once per session. (The site server of e2e/ builds with en-US only, so this
// builds its own site; the translated landing routes are computed and tested in
// site/lib/locale-paths.test.ts until the store writes translations.)
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '../functions/data/dynamo.ts';
import { LandingPageRepository } from '../functions/data/landing-pages/repository.ts';
import { keys } from '../functions/data/keys.ts';
import { ensureTable } from '../functions/data/table.ts';
import { buildSite, buildStamp } from '../functions/server/site-build.ts';
import { landingTemplate } from '../functions/shared/template.ts';
import { layoutSchema } from '../functions/shared/blocks.ts';
import type { Publication } from '../functions/shared/job-codes.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { vnuErrors } from '../e2e/vnu.ts';
import { hydrated } from '../e2e/hydration.ts';

const SITE = 'http://localhost:4321';
/** Screenshots of the German pages, for a person to look at (not compared). */
const SHOTS = join(tmpdir(), 'shots', 'l10n-site');
const root = mkdtempSync(join(tmpdir(), 'pb-build-locales-'));
const distDir = join(root, 'dist');
let result: Awaited<ReturnType<typeof buildSite>>;
let server: Server;
let base: string;
let browser: Browser;

const html = (path: string) =>
  readFileSync(join(distDir, path.replace(/^\//, ''), 'index.html'), 'utf8');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.xml': 'application/xml',
};

/** The built files as the site serves them: /de/pricing -> de/pricing/index.html. */
function serveDist(): Promise<Server> {
  const httpServer = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', SITE).pathname));
    let file = join(distDir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(distDir) || !existsSync(file)) {
      response.writeHead(404, { 'content-type': TYPES['.html']! });
      response.end(readFileSync(join(distDir, '404.html')));
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) => httpServer.listen(0, '127.0.0.1', () => done(httpServer)));
}

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  const table = `build-locales-${randomUUID()}`;
  const db = createDocumentClient({ region: 'local', endpoint });
  await ensureTable(db, table);
  await new LandingPageRepository(db, table).create({
    title: 'PharmaBridge',
    slug: 'default',
    isActive: true,
    content: landingTemplate(),
  });
  // A webinar page with an event block, and its German version live with a job code (as the
  // locale routes store it: its own page `<id>.de-DE`, slug `de/<slug>`): the page's own words
  // in German (site/i18n/landing.ts, docs/decisions/0577-landing-words-per-locale.md).
  const pages = new LandingPageRepository(db, table);
  const webinar = (title: string) => ({
    ...landingTemplate(),
    layout: layoutSchema.parse([
      { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
      {
        id: 'webinar',
        type: 'event',
        title,
        startsAt: '2027-03-16T16:00',
        timeZone: 'Europe/Berlin',
        durationMinutes: 60,
        onlineUrl: 'https://meet.example.com/webinar',
        agenda: [{ time: '16:00', title: title }],
        speakers: [{ name: 'Dr. Anna Weber' }],
      },
    ]),
  });
  const english = await pages.create({
    title: 'Data exchange webinar',
    slug: 'data-exchange-webinar',
    isActive: true,
    content: webinar('Data exchange webinar'),
  });
  const germanId = `${english.id}.de-DE`;
  await pages.create(
    {
      title: 'Webinar Datenaustausch',
      slug: 'de/datenaustausch-webinar',
      isActive: true,
      content: webinar('Webinar Datenaustausch'),
    },
    { id: germanId },
  );
  const publication: Publication = {
    jobCode: 'PB-2027-0007',
    version: 1,
    publishedAt: '2027-03-02T09:00:00.000Z',
    publishedBy: 'publisher@pharmabridge.test',
    approvals: [
      {
        signerName: 'Dr. A. Prüferin',
        signerEmail: 'reviewer@pharmabridge.test',
        signedAt: '2027-03-01T15:00:00.000Z',
        meaning: 'approved-medical',
      },
    ],
  };
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.page(germanId),
      UpdateExpression: 'SET publication = :publication',
      ExpressionAttributeValues: { ':publication': publication },
    }),
  );
  // The locales setting as PUT /api/admin/settings writes it.
  await db.send(
    new PutCommand({ TableName: table, Item: { ...keys.settings(), locales: ['en-US', 'de-DE'] } }),
  );
  db.destroy();
  result = await buildSite({
    distDir,
    stamp: buildStamp('locales-test'),
    // Only the store and the site URL: the build runs node by its full path.
    env: {
      DYNAMODB_ENDPOINT: endpoint,
      AWS_REGION: 'local',
      TABLE_NAME: table,
      SITE_URL: SITE,
    },
  });
  if (!result.ok) return;
  server = await serveDist();
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  rmSync(root, { recursive: true, force: true });
});

describe('the site built with en-US and de-DE', () => {
  it('builds German pricing and contact pages with their own lang, canonical and reciprocal hreflang', () => {
    expect(result.ok, result.logTail).toBe(true);
    for (const path of ['/pricing', '/contact']) {
      const german = html(`/de${path}`);
      const english = html(path);
      expect(german).toMatch(/<html lang="de-DE"/);
      expect(english).toMatch(/<html lang="en-US"/);
      for (const page of [german, english]) {
        expect(page).toContain(`<link rel="alternate" hreflang="en-US" href="${SITE}${path}">`);
        expect(page).toContain(`<link rel="alternate" hreflang="de-DE" href="${SITE}/de${path}">`);
        expect(page).toContain(`<link rel="alternate" hreflang="x-default" href="${SITE}${path}">`);
      }
      expect(german).toContain(`<link rel="canonical" href="${SITE}/de${path}">`);
      expect(german).toContain('<meta property="og:locale" content="de_DE">');
      expect(german).toContain('<meta property="og:locale:alternate" content="en_US">');
      expect(english).toContain('<meta property="og:locale" content="en_US">');
      // The switcher offers the other version, named in its own language.
      expect(german).toMatch(
        new RegExp(`<a href="${path}" hreflang="en-US" lang="en-US"[^>]*>[\\s\\S]*?English`),
      );
      expect(english).toMatch(
        new RegExp(`<a href="/de${path}" hreflang="de-DE" lang="de-DE"[^>]*>[\\s\\S]*?Deutsch`),
      );
    }
    expect(html('/de/pricing')).toContain('In jedem Tarif enthalten');
    expect(html('/de/contact')).toContain('Sprechen Sie uns an');
    // A page with no German version has no alternates and no switcher.
    expect(html('/company')).not.toContain('hreflang="de-DE"');
    expect(html('/company')).not.toContain('data-testid="language-switcher"');
  });

  it('links the German chrome to German pages, and marks the English-only ones', () => {
    const german = html('/de/pricing');
    expect(german).toMatch(/<a href="\/de\/contact"[^>]*>\s*Kontakt/);
    expect(german).toMatch(
      /<a href="\/company"[^>]*hreflang="en"[^>]*>\s*Unternehmen\s*<span[^>]*>\s*\(Englisch\)/,
    );
    // The demo request goes to the German contact page.
    expect(german).not.toContain('href="/demo"');
    expect(german).not.toContain('Skip to content');
  });

  it("builds a German landing page that says the page's own words in German", () => {
    const german = html('/de/datenaustausch-webinar');
    expect(german).toMatch(/<html lang="de-DE"/);
    expect(german).toContain('aria-label="Hauptnavigation"');
    expect(german).toMatch(/>Wann<\/dt>/);
    expect(german).toContain('>Dienstag, 16. März 2027, 16:00</time>');
    expect(german).toContain('MEZ (Europe/Berlin)');
    expect(german).toContain('Online teilnehmen');
    expect(german).toContain('Zum Kalender hinzufügen');
    expect(german).toContain('>Programm</h3>');
    expect(german).toMatch(/>PB-2027-0007 v1 · Freigegeben am 01\.03\.2027<\/p>/);
    for (const english of [
      '>When</dt>',
      'Join online',
      'Add to calendar',
      '>Agenda</h3>',
      'Tuesday',
    ]) {
      expect(german).not.toContain(english);
    }
    // The English version says them in English, as before.
    const englishPage = html('/data-exchange-webinar');
    expect(englishPage).toMatch(/>When<\/dt>/);
    expect(englishPage).toContain('>Tuesday, 16 March 2027, 16:00</time>');
    expect(englishPage).toContain(
      `<link rel="alternate" hreflang="de-DE" href="${SITE}/de/datenaustausch-webinar">`,
    );
  });

  it('builds no German home while the default page has no German version', () => {
    expect(existsSync(join(distDir, 'de', 'index.html'))).toBe(false);
    expect(html('/')).not.toContain('hreflang="de-DE"');
  });

  it('lists every locale in the sitemap with its xhtml:link alternates', () => {
    const sitemap = readFileSync(join(distDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toContain(`<loc>${SITE}/de/pricing</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/de/contact</loc>`);
    const entry = sitemap.match(/<url>\s*<loc>[^<]+\/de\/pricing<\/loc>[\s\S]*?<\/url>/)?.[0] ?? '';
    expect(entry).toContain(
      `<xhtml:link rel="alternate" hreflang="en-US" href="${SITE}/pricing"/>`,
    );
    expect(entry).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/pricing"/>`,
    );
  });

  it('passes the Nu HTML checker on the German pages', async () => {
    const pages = new Map(
      ['/de/pricing', '/de/contact', '/pricing', '/de/datenaustausch-webinar'].map((path) => [
        path,
        html(path),
      ]),
    );
    expect(await vnuErrors(pages)).toEqual([]);
  });

  it('passes axe on the German pages, and suggests German to a German browser once per session', async () => {
    const context = await browser.newContext({ locale: 'de-DE', reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      for (const path of ['/de/pricing', '/de/contact']) {
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        // The contact form's island, hydrated and settled: axe sees what a visitor sees.
        await hydrated(page);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de-DE');
        // The German page suggests nothing to a German browser.
        await expect.poll(() => page.locator('[data-locale-suggestion]').isVisible()).toBe(false);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map(
            (v) =>
              `${path}: ${v.id} ${v.nodes[0]?.target} ${v.nodes[0]?.html} ${v.nodes[0]?.failureSummary}`,
          ),
        ).toEqual([]);
      }
      // For a person to look at: the German header and footer, wide and narrow.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${base}/de/pricing`, { waitUntil: 'networkidle' });
        await page.screenshot({ path: `${SHOTS}/de-pricing-${width}.png` });
        await page.locator('footer').screenshot({ path: `${SHOTS}/de-footer-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${base}/pricing`, { waitUntil: 'networkidle' });
      const notice = page.getByRole('region', { name: 'Sprachhinweis' });
      await expect.poll(() => notice.isVisible()).toBe(true);
      await expect
        .poll(() => notice.textContent())
        .toContain('Diese Seite gibt es auch auf Deutsch.');
      expect(await notice.getByRole('link').getAttribute('href')).toBe('/de/pricing');
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `/pricing: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/en-pricing-suggestion-1280.png` });
      // Keyboard: the dismiss button closes it; it stays closed for the session, no cookie.
      await notice.getByRole('button', { name: 'Hinweis schließen' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => notice.isVisible()).toBe(false);
      await page.goto(`${base}/contact`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en-US');
      expect(await page.getByRole('region', { name: 'Sprachhinweis' }).isVisible()).toBe(false);
      expect(await context.cookies()).toEqual([]);
    } finally {
      await context.close();
    }
    // An English browser gets no suggestion on the English page.
    const englishContext = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await englishContext.newPage();
      await page.goto(`${base}/pricing`);
      await page.waitForLoadState('load');
      expect(await page.locator('[data-locale-suggestion]').isVisible()).toBe(false);
    } finally {
      await englishContext.close();
    }
  });
});
