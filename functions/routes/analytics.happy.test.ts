// GET /api/admin/analytics end to end: events written through POST /api/conversions and
// leads through POST /api/contact (distinct user agents are distinct visitors), then
// every figure of the dashboard checked, for the range and the previous period.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminTestApp, seedPages } from '../test/harness.ts';
import { DIMENSION_CAP, SITE_SCOPE } from '../data/event-counters.ts';
import { FORMS_ROW_TITLE } from '../data/analytics/page-directory.ts';
import { analyticsResponseSchema, type AnalyticsPeriod } from '../shared/analytics.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { leadListSchema } from '../shared/leads/list.ts';
import type { Attribution, EventType } from '../shared/events.ts';

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

const NEWSLETTER: Attribution = {
  referrerHost: 'news.example.com',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'spring-launch',
};

/** An admin app with a clock the test moves, and pages `default`, `spring` and `x`. */
async function dashboardApp() {
  const clock = { now: new Date('2026-03-01T09:00:00Z') };
  const app = await adminTestApp({ CONTACT_RATE_LIMIT: '1000' }, { now: () => clock.now });
  const pages = await seedPages(app.services, ['spring', 'x']);
  const id = (slug: string) => pages.find((page) => page.slug === slug)!.id;
  const at = (iso: string) => {
    clock.now = new Date(iso);
  };
  const event = async (
    landingPageId: string,
    eventType: EventType,
    userAgent: string,
    extra: { attribution?: Attribution; headers?: Record<string, string> } = {},
  ) => {
    const response = await app.anonJson(
      'POST',
      '/api/conversions',
      {
        landingPageId,
        eventType,
        ...(eventType === 'contact_form_submit' ? { metadata: { source: 'contact_dialog' } } : {}),
        ...(extra.attribution ? { attribution: extra.attribution } : {}),
      },
      { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.10', ...extra.headers },
    );
    expect(response.status).toBe(202);
  };
  const view = (
    landingPageId: string,
    userAgent: string,
    extra?: { attribution?: Attribution; headers?: Record<string, string> },
  ) => event(landingPageId, 'page_view', userAgent, extra);
  const lead = async (
    userAgent: string,
    fields: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.anonJson(
      'POST',
      '/api/contact',
      { name: 'Dana Whitfield', email: 'dana@example-pharma.com', company: 'Acme', ...fields },
      { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.10', ...headers },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const dashboard = async (query: Record<string, string>) => {
    const response = await app.json('GET', `/api/admin/analytics?${new URLSearchParams(query)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return analyticsResponseSchema.parse(await response.json());
  };
  return { ...app, id, at, event, view, lead, dashboard };
}

const row = (period: AnalyticsPeriod, pageId: string) =>
  period.pages.find((page) => page.pageId === pageId);

/**
 * The shared scenario: a range of 3 days (1 to 3 March) and its previous period (26 to
 * 28 February), with bots, spam and a contact-page lead mixed in.
 */
async function seededScenario() {
  const app = await dashboardApp();
  // Previous period: one visitor of /x.
  app.at('2026-02-27T10:00:00Z');
  await app.view('x', DESKTOP);

  // 1 March: three people (desktop from a newsletter, iPhone from Google via the legacy
  // path, iPad direct on another page), their clicks and one lead.
  app.at('2026-03-01T09:00:00Z');
  await app.view('x', DESKTOP, { attribution: NEWSLETTER });
  await app.view('x', DESKTOP, { attribution: NEWSLETTER });
  await app.view('legacy/x', IPHONE, { attribution: { referrerHost: 'www.google.com' } });
  await app.view('spring', IPAD);
  await app.event('x', 'hero_primary_cta', DESKTOP);
  await app.event('legacy/x', 'pricing_contact', IPHONE);
  await app.event('spring', 'nav_cta_click', IPAD);
  await app.event('x', 'contact_form_submit', DESKTOP);
  const dialogLead = await app.lead(DESKTOP, {
    formType: 'general',
    landingPageId: 'x',
    attribution: NEWSLETTER,
  });
  // Neither a crawler's visit nor a spam submission counts anywhere (a crawler's lead is a
  // lead of the inbox and counts as one: "who is counted" below).
  await app.view('x', BOT, { attribution: { referrerHost: 'spam.example' } });
  await app.event('x', 'hero_primary_cta', HEADLESS);
  await app.lead(FIREFOX, { formType: 'general', landingPageId: 'x', website: 'http://spam' });

  // 2 March: nothing. 3 March: a direct desktop visitor of /x, and a lead from the
  // contact page (no landing page) tagged by a LinkedIn campaign.
  app.at('2026-03-03T15:00:00Z');
  await app.view('x', FIREFOX);
  const pageLead = await app.lead(FIREFOX, {
    formType: 'contact-page',
    message: 'Pilot for 12 suppliers',
    inquiryType: 'demo',
    attribution: { utmSource: 'linkedin', utmCampaign: 'q1-pilots' },
  });
  return { ...app, dialogLead, pageLead };
}

describe('GET /api/admin/analytics: every figure', () => {
  it('sums the whole site per day, page, source, campaign and device, with the previous period', async () => {
    const app = await seededScenario();
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-03' });
    const { current, previous } = report;
    expect(report.page).toBeNull();
    expect(report.generatedAt).toBe('2026-03-03T15:00:00.000Z');

    expect(current).toMatchObject({ from: '2026-03-01', to: '2026-03-03', days: 3 });
    expect(current.daily).toEqual([
      // A visitor counts once a day across the site: desktop, iPhone and iPad.
      { day: '2026-03-01', visitors: 3, pageViews: 4, leads: 1, ctaClicks: 3 },
      { day: '2026-03-02', visitors: 0, pageViews: 0, leads: 0, ctaClicks: 0 },
      { day: '2026-03-03', visitors: 1, pageViews: 1, leads: 1, ctaClicks: 0 },
    ]);
    expect(current.totals).toEqual({ visitors: 4, pageViews: 5, leads: 2, conversionRate: 0.5 });
    expect(current.events).toEqual({
      page_view: 5,
      hero_primary_cta: 1,
      pricing_contact: 1,
      contact_form_submit: 1,
      nav_cta_click: 1,
      final_cta_primary: 0,
      final_cta_secondary: 0,
      outbound_click: 0,
      file_download: 0,
      not_found: 0,
      // The two leads, counted by the server (docs/decisions/0412-form-and-file-goals.md).
      form_submit: 2,
    });

    // /x and /legacy/x are one page; every page is listed, the contact page's lead too.
    expect(current.pages).toEqual([
      {
        pageId: app.id('x'),
        title: 'x',
        path: '/x',
        kind: 'live',
        visitors: 3,
        pageViews: 4,
        ctaClicks: 2,
        leads: 1,
        conversionRate: 1 / 3,
      },
      {
        pageId: app.id('spring'),
        title: 'spring',
        path: '/spring',
        kind: 'live',
        visitors: 1,
        pageViews: 1,
        ctaClicks: 1,
        leads: 0,
        conversionRate: 0,
      },
      {
        pageId: 'OTHER',
        title: FORMS_ROW_TITLE,
        path: null,
        kind: 'forms',
        visitors: 0,
        pageViews: 0,
        ctaClicks: 0,
        leads: 1,
        conversionRate: null,
      },
      expect.objectContaining({ pageId: app.id('default'), path: '/', visitors: 0, leads: 0 }),
    ]);

    // A visitor is attributed once a day: the desktop's second view adds nothing. A lead
    // tagged utm_source counts under its tag (docs/decisions/0410-sources-by-utm-source.md),
    // as in the campaigns below: the contact page's LinkedIn lead, whose sender came direct.
    expect(current.referrers).toEqual([
      { kind: 'direct', host: null, visitors: 2, leads: 0 },
      { kind: 'value', host: 'newsletter', visitors: 1, leads: 1 },
      { kind: 'value', host: 'google.com', visitors: 1, leads: 0 },
      { kind: 'value', host: 'linkedin', visitors: 0, leads: 1 },
    ]);
    expect(current.campaigns).toEqual([
      {
        kind: 'value',
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring-launch',
        visitors: 1,
        leads: 1,
      },
      {
        kind: 'value',
        source: 'linkedin',
        medium: '',
        campaign: 'q1-pilots',
        visitors: 0,
        leads: 1,
      },
    ]);
    expect(current.devices).toEqual([
      { device: 'desktop', visitors: 2, leads: 2 },
      { device: 'mobile', visitors: 1, leads: 0 },
      { device: 'tablet', visitors: 1, leads: 0 },
    ]);

    // The previous period: the three days before, with its own figures.
    expect(previous).toMatchObject({ from: '2026-02-26', to: '2026-02-28', days: 3 });
    expect(previous.totals).toEqual({
      visitors: 1,
      pageViews: 1,
      leads: 0,
      conversionRate: 0,
    });
    expect(previous.daily.map((day) => [day.day, day.pageViews])).toEqual([
      ['2026-02-26', 0],
      ['2026-02-27', 1],
      ['2026-02-28', 0],
    ]);
    expect(row(previous, app.id('x'))).toMatchObject({ visitors: 1, pageViews: 1 });
    expect(previous.referrers).toEqual([{ kind: 'direct', host: null, visitors: 1, leads: 0 }]);
    // Counter items of the site for six days (four hold data), plus the three page records.
    expect(report.itemsRead).toBe(3 + 3);
  });

  it("shows one page's figures, its own sources and devices, and its previous period", async () => {
    const app = await seededScenario();
    const report = await app.dashboard({
      from: '2026-03-01',
      to: '2026-03-03',
      pageId: app.id('x'),
    });
    expect(report.page).toEqual({ id: app.id('x'), title: 'x', path: '/x' });
    const { current, previous } = report;
    expect(current.daily).toEqual([
      { day: '2026-03-01', visitors: 2, pageViews: 3, leads: 1, ctaClicks: 2 },
      { day: '2026-03-02', visitors: 0, pageViews: 0, leads: 0, ctaClicks: 0 },
      { day: '2026-03-03', visitors: 1, pageViews: 1, leads: 0, ctaClicks: 0 },
    ]);
    expect(current.totals).toEqual({
      visitors: 3,
      pageViews: 4,
      leads: 1,
      conversionRate: 1 / 3,
    });
    expect(current.events).toMatchObject({
      page_view: 4,
      hero_primary_cta: 1,
      pricing_contact: 1,
      contact_form_submit: 1,
      nav_cta_click: 0,
    });
    expect(current.pages).toEqual([
      {
        pageId: app.id('x'),
        title: 'x',
        path: '/x',
        kind: 'live',
        visitors: 3,
        pageViews: 4,
        ctaClicks: 2,
        leads: 1,
        conversionRate: 1 / 3,
      },
    ]);
    expect(current.referrers).toEqual([
      { kind: 'value', host: 'newsletter', visitors: 1, leads: 1 },
      { kind: 'value', host: 'google.com', visitors: 1, leads: 0 },
      { kind: 'direct', host: null, visitors: 1, leads: 0 },
    ]);
    expect(current.campaigns).toEqual([
      expect.objectContaining({ source: 'newsletter', visitors: 1, leads: 1 }),
    ]);
    expect(current.devices).toEqual([
      { device: 'desktop', visitors: 2, leads: 1 },
      { device: 'mobile', visitors: 1, leads: 0 },
      { device: 'tablet', visitors: 0, leads: 0 },
    ]);
    expect(previous.totals).toEqual({ visitors: 1, pageViews: 1, leads: 0, conversionRate: 0 });

    // The other page sees only its own visitor.
    const spring = await app.dashboard({
      from: '2026-03-01',
      to: '2026-03-03',
      pageId: app.id('spring'),
    });
    expect(spring.current.totals).toEqual({
      visitors: 1,
      pageViews: 1,
      leads: 0,
      conversionRate: 0,
    });
    expect(spring.current.devices[0]).toEqual({ device: 'tablet', visitors: 1, leads: 0 });
  });

  it('stores the attribution on the lead: the resolved page id, referrer host and UTM tags', async () => {
    const app = await seededScenario();
    const detail = async (id: string) =>
      leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json()).lead;
    expect((await detail(app.dialogLead)).attribution).toEqual({
      pageId: app.id('x'),
      ...NEWSLETTER,
    });
    expect((await detail(app.pageLead)).attribution).toEqual({
      utmSource: 'linkedin',
      utmCampaign: 'q1-pilots',
    });
  });
});

describe('GET /api/admin/analytics: page identity', () => {
  it('counts /x, /legacy/x and the default page by any of its names as one page each', async () => {
    const app = await dashboardApp();
    await app.view('x', DESKTOP);
    await app.view('legacy/x', IPHONE);
    await app.view('default', DESKTOP);
    await app.view('legacy/default', IPAD);
    await app.view(app.id('default'), FIREFOX);
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01' });
    expect(row(report.current, app.id('x'))).toMatchObject({ visitors: 2, pageViews: 2 });
    expect(row(report.current, app.id('default'))).toMatchObject({ visitors: 3, pageViews: 3 });
    expect(report.current.pages.map((page) => page.pageId)).not.toContain('legacy/x');
    expect(report.current.pages).toHaveLength(3);
  });

  it('keeps a renamed page its history under the new path', async () => {
    const app = await dashboardApp();
    await app.view('x', DESKTOP);
    await app.view('legacy/x', IPHONE);
    const renamed = await app.json('PUT', `/api/landing-pages/${app.id('x')}`, {
      slug: 'x-renamed',
      title: 'X, renamed',
    });
    expect(renamed.status).toBe(200);
    // The next day (past the resolver's 30 s cache): the new path counts, the old is nobody's.
    app.at('2026-03-02T09:00:00Z');
    await app.view('x-renamed', FIREFOX);
    await app.view('x', IPAD);
    const report = await app.dashboard({
      from: '2026-03-01',
      to: '2026-03-02',
      pageId: app.id('x'),
    });
    expect(report.page).toEqual({ id: app.id('x'), title: 'X, renamed', path: '/x-renamed' });
    expect(report.current.daily.map((day) => [day.day, day.visitors])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-02', 1],
    ]);
    const all = await app.dashboard({ from: '2026-03-01', to: '2026-03-02' });
    expect(row(all.current, app.id('x'))).toMatchObject({
      title: 'X, renamed',
      path: '/x-renamed',
      visitors: 3,
    });
    expect(all.current.totals.pageViews).toBe(3);
  });

  it('ignores counter items of the first release (one per type) stored under a page id', async () => {
    const app = await dashboardApp();
    await app.view('default', DESKTOP);
    // The first release counted the pricing submission under the default page's id.
    await app.services.db.send(
      new PutCommand({
        TableName: app.services.tableName,
        Item: {
          pk: `STATS#${app.id('default')}`,
          sk: 'DAY#2026-03-01#contact_form_submit',
          count: 4,
          visitors: 4,
          day: '2026-03-01',
          eventType: 'contact_form_submit',
        },
      }),
    );
    const report = await app.dashboard({
      from: '2026-03-01',
      to: '2026-03-02',
      pageId: app.id('default'),
    });
    expect(report.current.totals).toMatchObject({ visitors: 1, pageViews: 1 });
    expect(report.current.events.contact_form_submit).toBe(0);
  });

  it("keeps a deleted page's figures in the totals and names it while it can be restored", async () => {
    const app = await dashboardApp();
    await app.view('spring', DESKTOP);
    expect((await app.json('DELETE', `/api/landing-pages/${app.id('spring')}`)).status).toBe(204);
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01' });
    expect(row(report.current, app.id('spring'))).toMatchObject({
      title: 'spring',
      kind: 'deleted',
      visitors: 1,
    });
    expect(report.current.totals.visitors).toBe(1);
  });
});

describe('GET /api/admin/analytics: who is counted', () => {
  it('excludes bots from every figure but the leads, and counts unattributable leads without their source', async () => {
    const app = await dashboardApp();
    for (const ua of [BOT, HEADLESS, 'curl/8.5.0']) {
      await app.view('x', ua, { attribution: NEWSLETTER });
      await app.event('x', 'hero_primary_cta', ua);
    }
    const botLead = await app.lead(BOT, { landingPageId: 'x', attribution: NEWSLETTER });
    // A person whose browser sends Global Privacy Control: no events, and their lead counts
    // only as a lead, without referrer, campaign or device.
    await app.view('x', DESKTOP, { headers: { 'sec-gpc': '1' } });
    const privateLead = await app.lead(
      DESKTOP,
      { landingPageId: 'x', attribution: NEWSLETTER },
      { 'sec-gpc': '1' },
    );
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01' });
    // Both leads are in the inbox, so both are in the total (one definition of a lead,
    // issue 25); neither is attributed to a source, campaign or device.
    expect(report.current.totals).toEqual({
      visitors: 0,
      pageViews: 0,
      leads: 2,
      conversionRate: null,
    });
    expect(Object.values(report.current.events).every((count) => count === 0)).toBe(true);
    expect(report.current.referrers).toEqual([]);
    expect(report.current.campaigns).toEqual([]);
    expect(report.current.devices.every((d) => d.visitors === 0 && d.leads === 0)).toBe(true);
    // Both leads are stored (the inbox has them); the opted-out one keeps only its page.
    const lead = async (id: string) =>
      leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json()).lead;
    expect((await lead(botLead)).id).toBe(botLead);
    expect((await lead(privateLead)).attribution).toEqual({ pageId: app.id('x') });
  });

  it('shows the marketing pages beside the landing pages, each with its path', async () => {
    const app = await dashboardApp();
    await app.view('pricing', DESKTOP);
    await app.view('product/manufacturers', DESKTOP);
    await app.view('x', DESKTOP);
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01' });
    expect(report.current.totals.visitors).toBe(1);
    expect(row(report.current, '/pricing')).toMatchObject({
      title: '/pricing',
      path: '/pricing',
      kind: 'site',
      visitors: 1,
      pageViews: 1,
    });
    expect(row(report.current, '/product/manufacturers')).toMatchObject({
      path: '/product/manufacturers',
      kind: 'site',
    });
    expect(row(report.current, app.id('x'))).toMatchObject({ kind: 'live', path: '/x' });
  });

  it('gives a contact-page lead the campaign its visitor came from earlier that day, without a cookie', async () => {
    const app = await dashboardApp();
    // The visitor lands on /x from the newsletter, then goes to the contact page (whose URL
    // has no UTM tags) and sends the form there; another visitor comes to the contact page
    // directly.
    await app.view('x', DESKTOP, { attribution: NEWSLETTER });
    const lead = await app.lead(DESKTOP, {
      formType: 'contact-page',
      company: 'Acme',
      message: 'Hi',
    });
    await app.lead(FIREFOX, { formType: 'contact-page', company: 'Acme', message: 'Hi' });
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01' });
    const campaign = report.current.campaigns.find((row) => row.source === NEWSLETTER.utmSource);
    expect(campaign).toMatchObject({ visitors: 1, leads: 1 });
    expect(report.current.totals.leads).toBe(2);
    const stored = leadDetailSchema.parse(
      await (await app.json('GET', `/api/admin/leads/${lead}`)).json(),
    ).lead;
    expect(stored.attribution).toMatchObject({ utmSource: NEWSLETTER.utmSource });
  });

  it('counts the same leads as the inbox over the same range: the Leads tile reconciles', async () => {
    const app = await dashboardApp();
    // A landing-page lead, a bot's, a GPC visitor's, a contact-page one with UTM tags, a
    // pilot one, and spam (which neither counts).
    await app.lead(DESKTOP, { landingPageId: 'x', attribution: NEWSLETTER });
    await app.lead(BOT, { landingPageId: 'x' });
    await app.lead(DESKTOP, { landingPageId: 'x' }, { 'sec-gpc': '1' });
    await app.lead(DESKTOP, {
      formType: 'contact-page',
      company: 'Acme',
      message: 'Hello',
      attribution: NEWSLETTER,
    });
    await app.lead(DESKTOP, { formType: 'pilot', company: 'Acme', message: 'Pilot' });
    await app.lead(DESKTOP, { landingPageId: 'x', website: 'http://spam.example' });
    const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01' });
    const inbox = leadListSchema.parse(
      await (
        await app.json(
          'GET',
          '/api/admin/leads?from=2026-03-01T00:00:00.000Z&to=2026-03-02T00:00:00.000Z&limit=100',
        )
      ).json(),
    );
    expect(inbox.leads).toHaveLength(5);
    expect(report.current.totals.leads).toBe(inbox.leads.length);
    // The page rows and the forms row add up to the same leads.
    expect(report.current.pages.reduce((sum, row) => sum + row.leads, 0)).toBe(5);
    // The contact page's campaign is in Campaigns; two leads have no source at all.
    expect(report.current.campaigns.reduce((sum, row) => sum + row.leads, 0)).toBe(2);
    const attributed = report.current.referrers.reduce((sum, row) => sum + row.leads, 0);
    expect(report.current.totals.leads - attributed).toBe(2);
  });

  it('keeps at most DIMENSION_CAP referrers per page and day, counting the rest as other', async () => {
    const app = await dashboardApp();
    const hosts = Array.from({ length: DIMENSION_CAP + 5 }, (_, i) => `site-${i}.example.org`);
    // Concurrent visitors: the cap is a condition on the write, so no race passes it.
    await Promise.all(
      hosts.map((host, i) =>
        app.view('x', `${DESKTOP} visitor/${i}`, { attribution: { referrerHost: host } }),
      ),
    );
    const [day] = await app.services.events.dayStats(app.id('x'), '2026-03-01', '2026-03-01');
    expect(day!.referrers.size).toBe(DIMENSION_CAP);
    expect(day!.referrersOther.visitors).toBe(5);
    // The site's item has a larger cap; the API shows the top 20 and sums the rest.
    const [site] = await app.services.events.dayStats(SITE_SCOPE, '2026-03-01', '2026-03-01');
    expect(site!.referrers.size).toBe(DIMENSION_CAP + 5);
    const queries: Record<string, string>[] = [{}, { pageId: app.id('x') }];
    for (const query of queries) {
      const report = await app.dashboard({ from: '2026-03-01', to: '2026-03-01', ...query });
      const referrers = report.current.referrers;
      expect(referrers).toHaveLength(21);
      expect(referrers.at(-1)).toEqual({ kind: 'other', host: null, visitors: 5, leads: 0 });
      expect(referrers.reduce((sum, r) => sum + r.visitors, 0)).toBe(DIMENSION_CAP + 5);
    }
  });

  it('reads one counter item per day of the range and of the previous period, never a scan', async () => {
    const app = await dashboardApp();
    for (let day = 1; day <= 28; day++) {
      app.at(`2026-02-${String(day).padStart(2, '0')}T12:00:00Z`);
      await app.view('x', DESKTOP);
    }
    const report = await app.dashboard({ from: '2026-02-15', to: '2026-02-28' });
    expect(report.current.daily).toHaveLength(14);
    expect(report.current.totals.visitors).toBe(14);
    expect(report.previous.totals.visitors).toBe(14);
    // 28 site items and the 3 page records.
    expect(report.itemsRead).toBe(28 + 3);
  });
});
