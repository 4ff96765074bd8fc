// Shared dashboards (issue 25): a signed, revocable, optionally expiring read-only link to the
// analytics for people without an account. Anonymous read, no personal data in the answer,
// revoked at once (and saying so), expiry, forged tokens, roles. Real DynamoDB Local through
// the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import type { AnalyticsResponse } from '../shared/analytics.ts';
import type { AnalyticsShare } from '../shared/reports.ts';
import { seedPages, testApp } from '../test/harness.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function setUp() {
  let now = new Date('2026-11-20T10:00:00Z').getTime();
  const clock = { now: () => new Date(now), advance: (days: number) => (now += days * 86_400_000) };
  const base = await testApp({ SITE_URL: 'https://www.pharmabridge.test' }, { now: clock.now });
  await seedPages(base.services, ['spring']);
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['publisher', 'sales'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  return { ...base, clock, as: (who: string) => people[who]! };
}

const tokenOf = (share: AnalyticsShare) =>
  decodeURIComponent(new URL(share.url).searchParams.get('token')!);

describe('shared dashboards', () => {
  it('give people without an account the figures, never a lead, until revoked', async () => {
    const { as, json } = await setUp();
    // A visit and a lead with a name, an e-mail and a company: figures only may come out.
    await json(
      'POST',
      '/api/conversions',
      {
        landingPageId: 'spring',
        eventType: 'page_view',
        attribution: { referrerHost: 'linkedin.com' },
      },
      { 'x-forwarded-for': '203.0.113.5', 'user-agent': BROWSER },
    );
    await json(
      'POST',
      '/api/contact',
      {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        company: 'Acme Pharma',
        message: 'Call me on +1 555 0100',
        formType: 'general',
        landingPageId: 'spring',
      },
      { 'x-forwarded-for': '203.0.113.5', 'user-agent': BROWSER },
    );

    expect(
      (await as('sales')('POST', '/api/admin/analytics/shares', { label: 'Agency' })).status,
    ).toBe(403);
    const made = await as('publisher')('POST', '/api/admin/analytics/shares', {
      label: 'Agency',
      expiresInDays: 30,
    });
    expect(made.status).toBe(201);
    const share = (await made.json()) as AnalyticsShare;
    expect(share).toMatchObject({
      label: 'Agency',
      createdBy: 'publisher@pharmabridge.test',
      expiresAt: '2026-12-20T10:00:00.000Z',
      revokedAt: null,
    });
    expect(share.url).toMatch(/^https:\/\/www\.pharmabridge\.test\/shared\/analytics\?token=/);
    // Everyone with analytics sees the list, with the same link.
    const listed = (await (await as('sales')('GET', '/api/admin/analytics/shares')).json()) as {
      shares: AnalyticsShare[];
    };
    expect(listed.shares.map((s) => s.url)).toEqual([share.url]);

    const read = () =>
      json(
        'GET',
        `/api/shared/analytics/${encodeURIComponent(tokenOf(share))}?from=2026-11-14&to=2026-11-20`,
      );
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = (await answer.json()) as AnalyticsResponse & { share: { label: string } };
    expect(body.share.label).toBe('Agency');
    expect(body.current.totals).toMatchObject({ visitors: 1, leads: 1 });
    expect(body.current.referrers.find((row) => row.host === 'linkedin.com')).toMatchObject({
      visitors: 1,
    });
    const text = JSON.stringify(body);
    for (const personal of ['Dana', 'dana@example.com', 'Acme', '555 0100', '203.0.113.5']) {
      expect(text).not.toContain(personal);
    }

    // A forged or altered token names nothing.
    const forged = tokenOf(share).slice(0, -2) + (tokenOf(share).endsWith('A') ? 'BB' : 'AA');
    expect(
      (await json('GET', `/api/shared/analytics/${forged}?from=2026-11-14&to=2026-11-20`)).status,
    ).toBe(404);

    expect((await as('sales')('DELETE', `/api/admin/analytics/shares/${share.id}`)).status).toBe(
      403,
    );
    expect(
      (await as('publisher')('DELETE', `/api/admin/analytics/shares/${share.id}`)).status,
    ).toBe(204);
    const revoked = await read();
    expect(revoked.status).toBe(410);
    expect(((await revoked.json()) as ErrorBody).error.message).toBe(
      'This shared dashboard was revoked on 2026-11-20: ask whoever sent it for a new link.',
    );
  });

  it('give one language’s figures on a site with several (issue 39), and refuse another', async () => {
    const { as, json, signIn } = await setUp();
    const share = (await (
      await as('publisher')('POST', '/api/admin/analytics/shares', { label: 'Agency DE' })
    ).json()) as AnalyticsShare;
    const read = (query: string) =>
      json(
        'GET',
        `/api/shared/analytics/${encodeURIComponent(tokenOf(share))}?from=2026-11-14&to=2026-11-20${query}`,
      );
    // One locale: the filter's choices say so, and en-US asked is the site's figures.
    const single = (await (await read('&locale=en-US')).json()) as AnalyticsResponse;
    expect(single.locales).toEqual(['en-US']);
    expect(single.locale).toBe('en-US');

    const { cookie } = await signIn();
    const set = await json(
      'PUT',
      '/api/admin/settings',
      { locales: ['en-US', 'de-DE'] },
      { cookie },
    );
    expect(set.status, await set.clone().text()).toBe(200);
    const visit = (locale: string, ip: string) =>
      json(
        'POST',
        '/api/conversions',
        { landingPageId: 'spring', eventType: 'page_view', locale },
        { 'x-forwarded-for': ip, 'user-agent': BROWSER },
      );
    expect((await visit('de-DE', '203.0.113.7')).status).toBe(202);
    expect((await visit('de-DE', '203.0.113.8')).status).toBe(202);
    expect((await visit('en-US', '203.0.113.9')).status).toBe(202);

    const german = await read('&locale=de-DE');
    expect(german.status, await german.clone().text()).toBe(200);
    const body = (await german.json()) as AnalyticsResponse;
    expect(body.locale).toBe('de-DE');
    expect(body.locales).toEqual(['en-US', 'de-DE']);
    expect(body.current.totals).toMatchObject({ visitors: 2, pageViews: 2 });
    const all = (await (await read('')).json()) as AnalyticsResponse;
    expect(all.locale).toBeNull();
    expect(all.current.totals).toMatchObject({ visitors: 3, pageViews: 3 });

    // A language the site does not have, a malformed code, and a language with a page: 400s
    // naming locale.
    for (const query of [
      '&locale=fr-FR',
      '&locale=deutsch',
      `&locale=de-DE&pageId=${body.current.pages[0]!.pageId}`,
    ]) {
      const refused = await read(query);
      expect(refused.status, query).toBe(400);
      expect(Object.keys(((await refused.json()) as ErrorBody).error.fields ?? {}), query).toEqual([
        'locale',
      ]);
    }
  });

  it('stop working when they expire, and validate what they are made with', async () => {
    const { as, json, clock } = await setUp();
    const share = (await (
      await as('publisher')('POST', '/api/admin/analytics/shares', {
        label: 'Board',
        expiresInDays: 7,
      })
    ).json()) as AnalyticsShare;
    const read = () =>
      json(
        'GET',
        `/api/shared/analytics/${encodeURIComponent(tokenOf(share))}?from=2026-11-01&to=2026-11-20`,
      );
    expect((await read()).status).toBe(200);
    clock.advance(7);
    const expired = await read();
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as ErrorBody).error.message).toBe(
      'This shared dashboard expired on 2026-11-27: ask whoever sent it for a new link.',
    );
    const bad = await as('publisher')('POST', '/api/admin/analytics/shares', {
      label: '',
      expiresInDays: 400,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as ErrorBody).error.fields ?? {}).sort()).toEqual([
      'expiresInDays',
      'label',
    ]);
    // A bad range is refused as on the tab.
    const range = await json(
      'GET',
      `/api/shared/analytics/${encodeURIComponent(tokenOf(share))}?from=2026-11-20&to=2026-11-01`,
    );
    expect(range.status).toBe(400);
  });
});
