import { describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';
import type { ErrorBody } from '../lib/errors.ts';

const lead = { name: 'Dana Whitfield', email: 'dana@example-pharma.com' };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('POST /api/contact: abuse', () => {
  it('refuses CR and LF in name and email (header injection)', async () => {
    const { json, services } = await testApp();
    for (const [field, value] of [
      ['name', 'Dana\r\nBcc: victim@example.com'],
      ['name', 'Dana\nWhitfield'],
      ['email', 'dana@example.com\r\nBcc: victim@example.com'],
    ] as const) {
      const response = await json('POST', '/api/contact', { ...lead, [field]: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      const error = ((await response.json()) as ErrorBody).error;
      expect(error.fields?.[field]).toBeDefined();
    }
    expect(await services.leads.newest()).toEqual([]);
  });

  it('answers a filled honeypot like a lead, stores it as spam and never lists it', async () => {
    const { json, services } = await testApp();
    const response = await json('POST', '/api/contact', {
      ...lead,
      website: 'https://cheap-pills.example',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; status: string };
    expect(body.status).toBe('received');
    expect(await services.leads.newest()).toEqual([]);
    expect(await services.leads.byStatus('new')).toEqual([]);
    const spam = await services.leads.byStatus('spam');
    expect(spam.map((l) => l.id)).toEqual([body.id]);
  });

  it('treats an empty honeypot as a real lead', async () => {
    const { json, services } = await testApp();
    expect((await json('POST', '/api/contact', { ...lead, website: '' })).status).toBe(201);
    expect(await services.leads.newest()).toHaveLength(1);
  });

  it('limits submissions per network across instances, with Retry-After', async () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const first = await testApp({ CONTACT_RATE_LIMIT: '3' }, { now: () => now });
    for (let i = 0; i < 3; i++) {
      expect((await first.json('POST', '/api/contact', lead, from('203.0.113.7'))).status).toBe(
        201,
      );
    }
    const limited = await first.json('POST', '/api/contact', lead, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(600);
    const error = ((await limited.json()) as ErrorBody).error;
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe(
      'Too many submissions from your network; please try again in 10 minutes.',
    );
    expect(await first.services.leads.newest()).toHaveLength(3);
    // Another network is not affected.
    expect((await first.json('POST', '/api/contact', lead, from('198.51.100.4'))).status).toBe(201);
  });

  it('keeps the quota of real visitors when a bot on the same address floods the form', async () => {
    const { json, services } = await testApp({ CONTACT_RATE_LIMIT: '2' });
    const office = (ua: string) => ({ 'x-forwarded-for': '203.0.113.50', 'user-agent': ua });
    const browser =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    // A script and a honeypot-filling bot use up their own quota...
    for (let i = 0; i < 2; i++) {
      expect(
        (await json('POST', '/api/contact', lead, office('python-requests/2.32'))).status,
      ).toBe(201);
    }
    expect((await json('POST', '/api/contact', lead, office('python-requests/2.32'))).status).toBe(
      429,
    );
    expect(
      (await json('POST', '/api/contact', { ...lead, website: 'x' }, office(browser))).status,
    ).toBe(429);
    // ...and the prospects behind the same address still get through.
    for (let i = 0; i < 2; i++) {
      expect((await json('POST', '/api/contact', lead, office(browser))).status).toBe(201);
    }
    expect((await json('POST', '/api/contact', lead, office(browser))).status).toBe(429);
    expect(await services.leads.newest()).toHaveLength(4);
  });

  it('drops control characters from the message but keeps its line breaks (issue 26)', async () => {
    const { json, services } = await testApp();
    const response = await json('POST', '/api/contact', {
      ...lead,
      message: 'Line one\u0000\u0007\r\nLine\ttwo\u007f\u0085 end',
    });
    expect(response.status).toBe(201);
    const [stored] = await services.leads.newest();
    expect(stored?.message).toBe('Line one\r\nLine\ttwo end');
    // One-line fields refuse them instead (they would start a line of their own).
    const company = await json('POST', '/api/contact', { ...lead, company: 'Acme\u0007' });
    expect(company.status).toBe(400);
    expect(((await company.json()) as ErrorBody).error.fields?.['company']).toBeDefined();
  });

  it('shares the quota between app instances on the same table', async () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const a = await testApp({ CONTACT_RATE_LIMIT: '2' }, { now: () => now });
    const { createApp } = await import('../app.ts');
    const b = createApp(a.services);
    const post = (app: typeof b) =>
      app.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from('203.0.113.9') },
        body: JSON.stringify(lead),
      });
    expect((await post(a.app)).status).toBe(201);
    expect((await post(b)).status).toBe(201);
    expect((await post(a.app)).status).toBe(429);
  });

  it('opens the quota again in the next window', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const { json } = await testApp({ CONTACT_RATE_LIMIT: '1' }, { now: () => now });
    expect((await json('POST', '/api/contact', lead, from('203.0.113.7'))).status).toBe(201);
    const limited = await json('POST', '/api/contact', lead, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    now = new Date('2026-03-02T09:10:00Z');
    expect((await json('POST', '/api/contact', lead, from('203.0.113.7'))).status).toBe(201);
  });

  it('does not echo submitted markup back', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/contact', {
      ...lead,
      message: '<script>alert(1)</script>',
    });
    expect(response.status).toBe(201);
    expect(await response.text()).not.toContain('<script>');
  });
});
