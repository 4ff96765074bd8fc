// The weekly report (issue 25): its settings, "Send now" through the log transport (the
// message's text and HTML as sent), the schedule (Monday 08:00 in the chosen zone, once a
// week under two runners) and what it must not carry (personal data). Real DynamoDB Local
// through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { runWeeklyReport } from '../reports/weekly.ts';
import type { ReportSent, ReportSettings } from '../shared/reports.ts';
import { seedPages, testApp } from '../test/harness.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function setUp(start: string) {
  let now = new Date(start).getTime();
  const clock = { now: () => new Date(now), set: (at: string) => (now = new Date(at).getTime()) };
  const base = await testApp({ SITE_URL: 'https://www.pharmabridge.test' }, { now: clock.now });
  const admin = await base.signIn('admin@pharmabridge.test', 'admin');
  await base.signIn('publisher@pharmabridge.test', 'publisher');
  const as = (method: string, path: string, body?: unknown) =>
    base.json(method, path, body, { cookie: admin.cookie });
  const pages = await seedPages(base.services, ['spring']);
  const mails = () =>
    base.log.lines
      .filter((line) => line.message.startsWith('mail'))
      .map((line) => line.details as { to: string[]; subject: string; text: string; html: string });
  return { ...base, clock, as, pages, mails };
}

describe('weekly report settings', () => {
  it('are off by default, saved for administrators only, and validated field by field', async () => {
    const { as, clock } = await setUp('2026-11-25T12:00:00Z');
    const initial = (await (await as('GET', '/api/admin/reports/weekly')).json()) as ReportSettings;
    expect(initial).toEqual({
      enabled: false,
      timeZone: 'UTC',
      recipients: [],
      lastSentWeek: null,
      lastSentAt: null,
      nextRunAt: null,
    });
    const bad = async (body: object) => {
      const response = await as('PUT', '/api/admin/reports/weekly', {
        enabled: true,
        timeZone: 'Europe/Berlin',
        recipients: ['publisher@pharmabridge.test'],
        ...body,
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.fields;
    };
    expect(await bad({ timeZone: 'Mars/Olympus' })).toEqual({
      timeZone: ['must be a time zone such as Europe/Berlin or UTC'],
    });
    expect(await bad({ recipients: ['someone@example.com'] })).toEqual({
      recipients: ['someone@example.com: not an active administrator'],
    });
    expect(await bad({ recipients: [] })).toEqual({
      recipients: ['must name at least one administrator while the report is on'],
    });
    const saved = await as('PUT', '/api/admin/reports/weekly', {
      enabled: true,
      timeZone: 'Europe/Berlin',
      recipients: ['Publisher@PharmaBridge.test'],
    });
    expect(saved.status).toBe(200);
    // Wednesday 25 November: the next report is Monday 30 November, 08:00 in Berlin (07:00 UTC).
    expect((await saved.json()) as ReportSettings).toMatchObject({
      enabled: true,
      timeZone: 'Europe/Berlin',
      recipients: ['publisher@pharmabridge.test'],
      nextRunAt: '2026-11-30T07:00:00.000Z',
    });
    clock.set('2026-11-25T12:00:00Z');
  });
});

describe('the weekly report', () => {
  it('carries last week’s figures against the week before, as text and HTML, without personal data', async () => {
    const { as, json, clock, mails } = await setUp('2026-11-17T10:00:00Z');
    // Last week (16-22 November): three visitors of /spring, one of them with a campaign,
    // and one lead; the week before: one visitor.
    const view = (ip: string, extra: object = {}) =>
      json(
        'POST',
        '/api/conversions',
        { landingPageId: 'spring', eventType: 'page_view', ...extra },
        { 'x-forwarded-for': ip, 'user-agent': BROWSER },
      );
    await view('203.0.113.1');
    await view('203.0.113.2', {
      attribution: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'autumn' },
    });
    await view('203.0.113.3', { attribution: { referrerHost: 'linkedin.com' } });
    const lead = await json(
      'POST',
      '/api/contact',
      {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        company: 'Acme Pharma',
        message: 'A demo, please',
        formType: 'general',
        landingPageId: 'spring',
        attribution: { referrerHost: 'linkedin.com' },
      },
      { 'x-forwarded-for': '203.0.113.3', 'user-agent': BROWSER },
    );
    expect(lead.status).toBe(201);
    clock.set('2026-11-10T10:00:00Z');
    await view('203.0.113.9');

    clock.set('2026-11-23T09:00:00Z');
    const sent = await as('POST', '/api/admin/reports/weekly/send');
    expect(sent.status).toBe(200);
    expect((await sent.json()) as ReportSent).toEqual({
      sentTo: ['admin@pharmabridge.test'],
      subject: 'PharmaBridge weekly report, 2026-11-16 to 2026-11-22',
      from: '2026-11-16',
      to: '2026-11-22',
    });
    const mail = mails().find((m) => m.subject.startsWith('PharmaBridge weekly report'))!;
    expect(mail.to).toEqual(['admin@pharmabridge.test']);
    expect(mail.text).toContain('  Visitors: 3 (+200% on the week before)');
    expect(mail.text).toContain('  Leads: 1 (new this week)');
    expect(mail.text).toContain('  Conversion rate: 33.3% (the week before: 0.0%)');
    expect(mail.text).toContain('  spring (/spring): 3 visitors, 1 leads');
    expect(mail.text).toContain('  linkedin.com: 1 visitors, 1 leads');
    expect(mail.text).toContain('  newsletter / email / autumn: 1 visitors, 0 leads');
    expect(mail.text).toContain(
      'https://www.pharmabridge.test/admin/analytics?from=2026-11-16&to=2026-11-22',
    );
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('linkedin.com');
    for (const personal of ['Dana', 'dana@example.com', 'Acme', '203.0.113']) {
      expect(mail.text).not.toContain(personal);
      expect(mail.html).not.toContain(personal);
    }
  });

  it('on a site with several locales, gives each one’s visitors and leads (issue 39)', async () => {
    const { as, json, clock, mails } = await setUp('2026-11-17T10:00:00Z');
    const locales = await as('PUT', '/api/admin/settings', { locales: ['en-US', 'de-DE'] });
    expect(locales.status, await locales.clone().text()).toBe(200);
    const view = (ip: string, locale: string) =>
      json(
        'POST',
        '/api/conversions',
        { landingPageId: 'spring', eventType: 'page_view', locale },
        { 'x-forwarded-for': ip, 'user-agent': BROWSER },
      );
    // Last week: two German visitors and one English; the week before: one German.
    await view('203.0.113.1', 'de-DE');
    await view('203.0.113.2', 'de-DE');
    await view('203.0.113.3', 'en-US');
    const lead = await json(
      'POST',
      '/api/contact',
      {
        name: 'Jonas Richter',
        email: 'jonas@example.de',
        company: 'Beispiel Pharma',
        formType: 'general',
        landingPageId: 'spring',
        locale: 'de-DE',
      },
      { 'x-forwarded-for': '203.0.113.1', 'user-agent': BROWSER },
    );
    expect(lead.status, await lead.clone().text()).toBe(201);
    clock.set('2026-11-10T10:00:00Z');
    await view('203.0.113.9', 'de-DE');

    clock.set('2026-11-23T09:00:00Z');
    expect((await as('POST', '/api/admin/reports/weekly/send')).status).toBe(200);
    const mail = mails().find((m) => m.subject.startsWith('PharmaBridge weekly report'))!;
    expect(mail.text).toContain('  Visitors: 3 (+200% on the week before)');
    expect(mail.text).toContain(
      [
        'By language',
        '  American English (en-US): 1 visitors (new this week), 0 leads',
        '  German (Germany) (de-DE): 2 visitors (+100% on the week before), 1 leads',
      ].join('\n'),
    );
    expect(mail.html).toContain('By language</h2>');
    expect(mail.text).not.toContain('Jonas');
  });

  it('has no language section on a site with one locale', async () => {
    const { as, mails } = await setUp('2026-11-23T09:00:00Z');
    expect((await as('POST', '/api/admin/reports/weekly/send')).status).toBe(200);
    const mail = mails().find((m) => m.subject.startsWith('PharmaBridge weekly report'))!;
    expect(mail.text).toContain('Summary');
    expect(mail.text).not.toContain('By language');
  });

  it('goes out once on Monday from 08:00 in the chosen time zone, whatever the number of runners', async () => {
    const { as, services, clock, mails } = await setUp('2026-11-25T12:00:00Z');
    await as('PUT', '/api/admin/reports/weekly', {
      enabled: true,
      timeZone: 'America/New_York',
      recipients: ['publisher@pharmabridge.test'],
    });
    const weekly = () => mails().filter((m) => m.subject.startsWith('PharmaBridge weekly'));
    // Monday 30 November, 07:59 in New York (12:59 UTC): not yet.
    clock.set('2026-11-30T12:59:00Z');
    expect(await runWeeklyReport(services)).toBe(false);
    clock.set('2026-11-30T13:00:00Z');
    const runs = await Promise.all([runWeeklyReport(services), runWeeklyReport(services)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(weekly()).toHaveLength(1);
    expect(weekly()[0]).toMatchObject({
      to: ['publisher@pharmabridge.test'],
      subject: 'PharmaBridge weekly report, 2026-11-23 to 2026-11-29',
    });
    clock.set('2026-12-02T13:00:00Z');
    expect(await runWeeklyReport(services)).toBe(false);
    const settings = (await (
      await as('GET', '/api/admin/reports/weekly')
    ).json()) as ReportSettings;
    expect(settings).toMatchObject({
      lastSentWeek: '2026-11-30',
      nextRunAt: '2026-12-07T13:00:00.000Z',
    });
    clock.set('2026-12-07T13:00:00Z');
    expect(await runWeeklyReport(services)).toBe(true);
    expect(weekly()).toHaveLength(2);
    // Off: nothing goes out.
    await as('PUT', '/api/admin/reports/weekly', {
      enabled: false,
      timeZone: 'America/New_York',
      recipients: ['publisher@pharmabridge.test'],
    });
    clock.set('2026-12-14T13:00:00Z');
    expect(await runWeeklyReport(services)).toBe(false);
  });
});
