import { describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';
import { SITE_SCOPE } from '../data/event-counters.ts';
import type { ErrorBody } from '../lib/errors.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const headers = { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' };

describe('POST /api/conversions: bad input', () => {
  it('refuses unknown event types, naming the field', async () => {
    const { json, services } = await testApp();
    const response = await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'default', eventType: 'signup' },
      headers,
    );
    expect(response.status).toBe(400);
    const error = ((await response.json()) as ErrorBody).error;
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toEqual(['eventType']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await services.events.countersForPage(SITE_SCOPE, today, today)).toEqual([]);
  });

  it('names missing fields, unknown fields and bad metadata', async () => {
    const { json } = await testApp();
    const missing = await json('POST', '/api/conversions', {}, headers);
    expect(missing.status).toBe(400);
    expect(Object.keys(((await missing.json()) as ErrorBody).error.fields ?? {}).sort()).toEqual([
      'eventType',
      'landingPageId',
    ]);
    const extra = await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'default', eventType: 'page_view', userId: 'u1' },
      headers,
    );
    expect(((await extra.json()) as ErrorBody).error.fields).toHaveProperty('userId');
    const metadata = await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'default', eventType: 'page_view', metadata: { source: 7 } },
      headers,
    );
    expect(metadata.status).toBe(400);
    expect(((await metadata.json()) as ErrorBody).error.fields).toHaveProperty('metadata.source');
  });

  it('names each bad attribution field: host only, UTM tags length-limited, nothing else', async () => {
    const { json } = await testApp();
    const response = await json(
      'POST',
      '/api/conversions',
      {
        landingPageId: 'default',
        eventType: 'page_view',
        attribution: {
          referrerHost: 'https://news.example.com/story?id=7',
          utmSource: 's'.repeat(101),
          utmMedium: 'email\u0007',
          utmCampaign: '   ',
          referrerUrl: 'https://news.example.com/story?id=7',
        },
      },
      headers,
    );
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as ErrorBody).error.fields ?? {}).sort()).toEqual([
      'attribution.referrerHost',
      'attribution.referrerUrl',
      'attribution.utmCampaign',
      'attribution.utmMedium',
      'attribution.utmSource',
    ]);
  });

  it('refuses page ids that are not paths or ids', async () => {
    const { json } = await testApp();
    for (const landingPageId of ['', 'a#b', '/leading', 'a//b', 'x'.repeat(201), 'spa ce']) {
      const response = await json(
        'POST',
        '/api/conversions',
        { landingPageId, eventType: 'page_view' },
        headers,
      );
      expect(response.status, landingPageId).toBe(400);
      expect(((await response.json()) as ErrorBody).error.fields).toHaveProperty('landingPageId');
    }
  });

  it('answers malformed JSON and non-object bodies with 400', async () => {
    const { json } = await testApp();
    for (const body of ['{"landingPageId":', '[]', '"page_view"', 'null']) {
      const response = await json('POST', '/api/conversions', body, headers);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toMatch(
        /bad_request|validation_failed/,
      );
    }
  });

  it('answers 413 to bodies over 4 KB', async () => {
    const { json } = await testApp();
    const response = await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'default', eventType: 'page_view', padding: 'x'.repeat(4100) },
      headers,
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error.code).toBe('payload_too_large');
  });

  it('answers 415 to other content types', async () => {
    const { app } = await testApp();
    const response = await app.request('/api/conversions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'landingPageId=default&eventType=page_view',
    });
    expect(response.status).toBe(415);
  });
});
