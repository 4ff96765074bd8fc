// Analytics by locale (issue 39, docs/decisions/0574-analytics-by-locale.md): POST
// /api/conversions takes the page's `locale`, a site with several locales counts each event
// also in its locale's scope (absent or not configured: the default locale), and GET
// /api/admin/analytics?locale= answers that locale's figures, exactly, while the site's stay
// as they were. Real DynamoDB Local through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import { adminTestApp, seedPages } from '../test/harness.ts';
import { localeScope } from '../data/event-counters.ts';
import type { ErrorBody } from '../lib/errors.ts';
import {
  analyticsResponseSchema,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from '../shared/analytics.ts';
import type { Attribution, EventType } from '../shared/events.ts';

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const DAY = '2026-03-02';

async function localeApp(locales: string[]) {
  const app = await adminTestApp(
    { CONTACT_RATE_LIMIT: '1000' },
    { now: () => new Date(`${DAY}T09:00:00Z`) },
  );
  const pages = await seedPages(app.services, ['spring']);
  const id = (slug: string) => pages.find((page) => page.slug === slug)!.id;
  if (locales.length > 1) {
    const set = await app.json('PUT', '/api/admin/settings', { locales });
    expect(set.status, await set.clone().text()).toBe(200);
  }
  const send = (
    body: Record<string, unknown>,
    userAgent = DESKTOP,
    headers: Record<string, string> = {},
  ) =>
    app.anonJson('POST', '/api/conversions', body, {
      'user-agent': userAgent,
      'x-forwarded-for': '198.51.100.10',
      ...headers,
    });
  const event = async (
    landingPageId: string,
    eventType: EventType,
    userAgent: string,
    locale?: string,
    attribution?: Attribution,
  ) => {
    const response = await send(
      {
        landingPageId,
        eventType,
        ...(locale ? { locale } : {}),
        ...(attribution ? { attribution } : {}),
      },
      userAgent,
    );
    expect(response.status, await response.clone().text()).toBe(202);
  };
  const lead = async (userAgent: string, locale?: string) => {
    const response = await app.anonJson(
      'POST',
      '/api/contact',
      {
        name: 'Dana Whitfield',
        email: 'dana@example-pharma.com',
        company: 'Acme',
        formType: 'general',
        landingPageId: 'spring',
        ...(locale ? { locale } : {}),
      },
      { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.10' },
    );
    expect(response.status, await response.clone().text()).toBe(201);
  };
  const get = (query: Record<string, string>) =>
    app.json('GET', `/api/admin/analytics?${new URLSearchParams(query)}`);
  const dashboard = async (query: Record<string, string> = {}) => {
    const response = await get({ from: DAY, to: DAY, ...query });
    expect(response.status, await response.clone().text()).toBe(200);
    return analyticsResponseSchema.parse(await response.json());
  };
  return { ...app, id, send, event, lead, get, dashboard };
}

const figures = (period: AnalyticsPeriod) => ({
  totals: period.totals,
  events: Object.fromEntries(Object.entries(period.events).filter(([, count]) => count > 0)),
  pages: period.pages
    .filter((page) => page.pageViews || page.visitors || page.leads || page.ctaClicks)
    .map(({ pageId, pageViews, visitors, ctaClicks, leads }) => ({
      pageId,
      pageViews,
      visitors,
      ctaClicks,
      leads,
    })),
  referrers: period.referrers.map(({ kind, host, visitors, leads }) => ({
    kind,
    host,
    visitors,
    leads,
  })),
  devices: period.devices.filter((row) => row.visitors || row.leads),
});

/**
 * German and English visits of one day: DESKTOP reads the German `spring` twice and the
 * German pricing page, then the English `spring` (one visitor in both locales); IPHONE reads
 * the German `spring` from a newsletter and clicks its CTA; FIREFOX reads the English `spring`
 * with no locale (an old script: the default locale) and `/pricing` with a locale the site
 * does not have (fr-FR: the default locale too); a German lead from DESKTOP.
 */
async function seeded() {
  const app = await localeApp(['en-US', 'de-DE']);
  const spring = app.id('spring');
  await app.event('spring', 'page_view', DESKTOP, 'de-DE');
  await app.event('spring', 'page_view', DESKTOP, 'de-DE');
  await app.event('de/pricing', 'page_view', DESKTOP, 'de-DE');
  await app.event('spring', 'page_view', DESKTOP, 'en-US');
  await app.event('spring', 'page_view', IPHONE, 'de-DE', { referrerHost: 'news.example.com' });
  await app.event('spring', 'hero_primary_cta', IPHONE, 'de-DE');
  await app.event('spring', 'page_view', FIREFOX);
  await app.event('pricing', 'page_view', FIREFOX, 'fr-FR');
  await app.lead(DESKTOP, 'de-DE');
  return { ...app, spring };
}

describe('GET /api/admin/analytics?locale=: one locale’s figures', () => {
  it('counts each event in its locale, exactly, and leaves the site’s figures as they were', async () => {
    const app = await seeded();
    const site = await app.dashboard();
    const german = await app.dashboard({ locale: 'de-DE' });
    const english = await app.dashboard({ locale: 'en-US' });

    // The site: three visitors, seven views, one CTA click, one lead.
    expect(site.current.totals).toEqual({
      visitors: 3,
      pageViews: 7,
      leads: 1,
      conversionRate: 1 / 3,
    });
    expect(site.locale).toBeNull();
    expect(site.locales).toEqual(['en-US', 'de-DE']);

    // German: DESKTOP and IPHONE; four views; IPHONE's click; the German lead.
    expect(german.locale).toBe('de-DE');
    expect(figures(german.current)).toEqual({
      totals: { visitors: 2, pageViews: 4, leads: 1, conversionRate: 0.5 },
      // The lead's form sent counts in its locale too.
      events: { page_view: 4, hero_primary_cta: 1, form_submit: 1 },
      pages: [
        { pageId: app.spring, pageViews: 3, visitors: 2, ctaClicks: 1, leads: 1 },
        { pageId: '/de/pricing', pageViews: 1, visitors: 1, ctaClicks: 0, leads: 0 },
      ],
      // The lead is DESKTOP's: a direct desktop visit.
      referrers: [
        { kind: 'direct', host: null, visitors: 1, leads: 1 },
        { kind: 'value', host: 'news.example.com', visitors: 1, leads: 0 },
      ],
      devices: [
        { device: 'desktop', visitors: 1, leads: 1 },
        { device: 'mobile', visitors: 1, leads: 0 },
      ],
    });
    expect(german.current.daily).toEqual([
      { day: DAY, visitors: 2, pageViews: 4, leads: 1, ctaClicks: 1 },
    ]);
    expect(german.entryPages.map(({ pageId, visitors }) => ({ pageId, visitors }))).toEqual([
      { pageId: app.spring, visitors: 2 },
    ]);

    // English: DESKTOP (its English view), FIREFOX without a locale and with fr-FR.
    expect(figures(english.current)).toEqual({
      totals: { visitors: 2, pageViews: 3, leads: 0, conversionRate: 0 },
      events: { page_view: 3 },
      pages: [
        { pageId: app.spring, pageViews: 2, visitors: 2, ctaClicks: 0, leads: 0 },
        { pageId: '/pricing', pageViews: 1, visitors: 1, ctaClicks: 0, leads: 0 },
      ],
      referrers: [{ kind: 'direct', host: null, visitors: 2, leads: 0 }],
      devices: [{ device: 'desktop', visitors: 2, leads: 0 }],
    });
    // A locale's entry page is the page of a visitor's first view in that locale that day:
    // DESKTOP entered English on spring, after its German views.
    expect(english.entryPages.map(({ pageId, visitors }) => ({ pageId, visitors }))).toEqual([
      { pageId: app.spring, visitors: 2 },
    ]);

    // No scope for a locale the site does not have.
    expect(await app.services.events.countersForPage(localeScope('fr-FR'), DAY, DAY)).toEqual([]);
    // The funnel and the goals stay the site's under a locale.
    expect(german.funnel).toEqual(site.funnel);
    expect(german.goals).toEqual(site.goals);
  });

  it('keeps the site’s figures the same whether or not events carry a locale', async () => {
    const plain = await localeApp(['en-US']);
    const localized = await localeApp(['en-US', 'de-DE']);
    for (const app of [plain, localized]) {
      const withLocale = app === localized;
      await app.event('spring', 'page_view', DESKTOP, withLocale ? 'de-DE' : undefined);
      await app.event('spring', 'page_view', IPHONE, withLocale ? 'en-US' : undefined);
      await app.event('spring', 'hero_primary_cta', IPHONE, withLocale ? 'en-US' : undefined);
      await app.event('pricing', 'page_view', FIREFOX);
    }
    const before = await plain.dashboard();
    const after = await localized.dashboard();
    const comparable = (period: AnalyticsPeriod) => ({
      ...figures(period),
      pages: figures(period).pages.map(({ pageId, ...rest }) => ({
        pageId: pageId.startsWith('/') ? pageId : 'spring',
        ...rest,
      })),
    });
    expect(comparable(after.current)).toEqual(comparable(before.current));
    expect(after.entryPages.length).toBe(before.entryPages.length);
    // A site with one locale keeps no locale scope: en-US asked is the site's figures.
    expect(await plain.services.events.countersForPage(localeScope('en-US'), DAY, DAY)).toEqual([]);
    const onlyEnglish = await plain.dashboard({ locale: 'en-US' });
    expect(onlyEnglish.current.totals).toEqual(before.current.totals);
    expect(onlyEnglish.locales).toEqual(['en-US']);
  });

  it('shows a page’s row under a locale as its version there: title and address', async () => {
    const app = await seeded();
    const page = (await app.services.pages.getById(app.spring))!;
    const drafted = await app.json('PUT', `/api/landing-pages/${app.spring}/locales/de-DE/draft`, {
      title: 'Frühjahrskampagne',
      slug: 'fruehling',
      content: page.content,
      revision: 0,
    });
    expect(drafted.status, await drafted.clone().text()).toBe(200);
    const published = await app.json(
      'POST',
      `/api/landing-pages/${app.spring}/locales/de-DE/publish`,
      {},
    );
    expect(published.status, await published.clone().text()).toBe(200);
    const row = (response: AnalyticsResponse, pageId: string) =>
      response.current.pages.find((entry) => entry.pageId === pageId);

    const german = await app.dashboard({ locale: 'de-DE' });
    expect(row(german, app.spring)).toMatchObject({
      title: 'Frühjahrskampagne',
      path: '/de/fruehling',
      kind: 'live',
      pageViews: 3,
    });
    // The entry pages name the same version.
    expect(german.entryPages[0]).toMatchObject({ pageId: app.spring, path: '/de/fruehling' });
    // The English view and the whole site's keep the page's own title and address.
    for (const view of [await app.dashboard({ locale: 'en-US' }), await app.dashboard()]) {
      expect(row(view, app.spring)).toMatchObject({ title: page.title, path: '/spring' });
    }
  });

  it('refuses a malformed locale on the wire with a 400 naming locale, and counts nothing', async () => {
    const app = await localeApp(['en-US', 'de-DE']);
    for (const locale of ['german', 'de_DE', 'de-de', 42, '']) {
      const response = await app.send({ landingPageId: 'spring', eventType: 'page_view', locale });
      expect(response.status, String(locale)).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(Object.keys(body.error.fields ?? {}), String(locale)).toEqual(['locale']);
    }
    expect((await app.dashboard()).current.totals.pageViews).toBe(0);
  });

  it('refuses a locale the site has not configured, and a locale with a page, naming locale', async () => {
    const app = await localeApp(['en-US', 'de-DE']);
    const unconfigured = await app.get({ from: DAY, to: DAY, locale: 'de-AT' });
    expect(unconfigured.status).toBe(400);
    const body = (await unconfigured.json()) as ErrorBody;
    expect(body.error.fields).toEqual({
      locale: ["is not one of the site's locales (en-US, de-DE)"],
    });
    const malformed = await app.get({ from: DAY, to: DAY, locale: 'deutsch' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(((await malformed.json()) as ErrorBody).error.fields ?? {})).toEqual([
      'locale',
    ]);
    const both = await app.get({ from: DAY, to: DAY, locale: 'de-DE', pageId: app.id('spring') });
    expect(both.status).toBe(400);
    const bothBody = (await both.json()) as ErrorBody;
    expect(bothBody.error.fields?.['locale']?.[0]).toMatch(/cannot be combined with pageId/);
  });
});
