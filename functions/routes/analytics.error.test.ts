// GET /api/admin/analytics refuses anonymous callers (401) and other sites (403), and
// answers a bad range or page with a 400 naming the field (or 404 for an unknown page).
import { describe, expect, it } from 'vitest';
import { adminTestApp, seedPages } from '../test/harness.ts';
import type { ErrorBody } from '../lib/errors.ts';

async function app() {
  const base = await adminTestApp({}, { now: () => new Date('2026-03-10T12:00:00Z') });
  await seedPages(base.services);
  const get = (query: string, headers: Record<string, string> = {}) =>
    base.json('GET', `/api/admin/analytics${query}`, undefined, headers);
  return { ...base, get };
}

async function fields(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe('validation_failed');
  return body.error.fields ?? {};
}

describe('GET /api/admin/analytics: access', () => {
  it('answers 401 to anonymous callers and 403 to other sites', async () => {
    const { anonJson, get } = await app();
    const anonymous = await anonJson('GET', '/api/admin/analytics?from=2026-03-01&to=2026-03-07');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const crossSite = await get('?from=2026-03-01&to=2026-03-07', {
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await get('?from=2026-03-01&to=2026-03-07')).status).toBe(200);
  });
});

describe('GET /api/admin/analytics: bad input', () => {
  it('names missing and malformed dates', async () => {
    const { get } = await app();
    expect(await fields(await get(''))).toEqual({
      from: [expect.any(String)],
      to: [expect.any(String)],
    });
    expect(await fields(await get('?from=1%20March&to=2026-03-07'))).toEqual({
      from: ['must be a date written YYYY-MM-DD'],
    });
    expect(await fields(await get('?from=2026-02-30&to=2026-03-07'))).toEqual({
      from: ['is not a calendar date'],
    });
    expect(await fields(await get('?from=1999-12-31&to=2000-01-01'))).toEqual({
      from: ['must be between 2000 and 2099'],
    });
  });

  it('refuses a range that ends before it starts or is longer than 366 days', async () => {
    const { get } = await app();
    expect(await fields(await get('?from=2026-03-07&to=2026-03-01'))).toEqual({
      to: ['must not be before from'],
    });
    expect(await fields(await get('?from=2025-03-01&to=2026-03-02'))).toEqual({
      to: ['must be at most 366 days from from (the range has 367)'],
    });
    // Exactly 366 days is fine, and so is a single day.
    expect((await get('?from=2025-03-02&to=2026-03-02')).status).toBe(200);
    expect((await get('?from=2026-03-02&to=2026-03-02')).status).toBe(200);
  });

  it('names a malformed page id and unknown parameters, and answers 404 for an unknown page', async () => {
    const { get } = await app();
    expect(await fields(await get('?from=2026-03-01&to=2026-03-07&pageId=spring'))).toEqual({
      pageId: ['must be a page id'],
    });
    expect(await fields(await get('?from=2026-03-01&to=2026-03-07&page=all'))).toEqual({
      page: ['is not a known field'],
    });
    const unknown = await get(
      '?from=2026-03-01&to=2026-03-07&pageId=0b6e1f0a-7c43-4f5e-9a43-2f1d6c9e8b71',
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe('not_found');
  });
});
