// /api/admin/leads refuses anonymous callers (401) and other sites (403) on every route,
// and answers bad input with a 400 naming the field.
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../test/harness.ts';

const LEAD = '8f6c2f5e-2b7d-4c59-9d7a-2f3e4a5b6c7d';
const ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/admin/leads'],
  ['GET', '/api/admin/leads/stats'],
  ['GET', '/api/admin/leads/export'],
  ['GET', `/api/admin/leads/${LEAD}`],
  ['PATCH', `/api/admin/leads/${LEAD}`, { status: 'contacted' }],
  ['POST', `/api/admin/leads/${LEAD}/retry`],
  ['DELETE', `/api/admin/leads/${LEAD}`],
];

async function withLead() {
  const app = await adminTestApp();
  const response = await app.anonJson('POST', '/api/contact', {
    name: 'Dana Whitfield',
    email: 'dana@example-pharma.com',
  });
  const { id } = (await response.json()) as { id: string };
  return { ...app, id };
}

const route = (path: string, id: string) => path.replace(LEAD, id);

describe('/api/admin/leads: access', () => {
  it('answers 401 to anonymous callers on every route, and changes nothing', async () => {
    const app = await withLead();
    for (const [method, path, body] of ROUTES) {
      const response = await app.anonJson(method, route(path, app.id), body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'unauthorized',
      );
    }
    expect((await app.json('GET', `/api/admin/leads/${app.id}`)).status).toBe(200);
  });

  it('answers 403 to other sites on every route, even with a valid session', async () => {
    const app = await withLead();
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    for (const [method, path, body] of ROUTES) {
      const response = await app.json(method, route(path, app.id), body, crossSite);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    // A foreign Origin alone (an old browser without Sec-Fetch-Site) is refused on changes.
    const foreign = await app.json(
      'PATCH',
      `/api/admin/leads/${app.id}`,
      { status: 'lost' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const detail = (await (await app.json('GET', `/api/admin/leads/${app.id}`)).json()) as {
      lead: { status: string };
    };
    expect(detail.lead.status).toBe('new');
  });

  it('accepts same-origin requests', async () => {
    const app = await withLead();
    const sameOrigin = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' };
    const response = await app.json(
      'PATCH',
      `/api/admin/leads/${app.id}`,
      { status: 'contacted' },
      sameOrigin,
    );
    expect(response.status).toBe(200);
  });
});

describe('/api/admin/leads: bad input', () => {
  const fields = async (response: Response) =>
    ((await response.json()) as { error: { fields?: Record<string, string[]> } }).error.fields;

  it('names the invalid filter', async () => {
    const { json } = await adminTestApp();
    for (const [query, field] of [
      ['status=closed', 'status'],
      ['form=fax', 'form'],
      ['from=yesterday', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'to'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
    ] as const) {
      for (const path of ['/api/admin/leads', '/api/admin/leads/export']) {
        if (path.endsWith('export') && field === 'limit') continue;
        const response = await json('GET', `${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(Object.keys((await fields(response)) ?? {}), query).toEqual([field]);
      }
    }
  });

  it('refuses a forged cursor and one from another filter', async () => {
    const app = await withLead();
    await app.anonJson('POST', '/api/contact', { name: 'Second', email: 'b@example.com' });
    const forged = Buffer.from(
      JSON.stringify({ pk: `LEAD#${app.id}`, sk: 'LEAD', ipk: 'LEADS', isk: 'x' }),
    ).toString('base64url');
    let response = await app.json('GET', `/api/admin/leads?cursor=${forged}.c2lnbmF0dXJl`);
    expect(response.status).toBe(400);
    expect(Object.keys((await fields(response)) ?? {})).toEqual(['cursor']);

    const page = (await (await app.json('GET', '/api/admin/leads?limit=1')).json()) as {
      cursor: string;
    };
    expect(page.cursor).toBeDefined();
    response = await app.json('GET', `/api/admin/leads?limit=1&status=spam&cursor=${page.cursor}`);
    expect(response.status).toBe(400);
    expect(Object.keys((await fields(response)) ?? {})).toEqual(['cursor']);
  });

  it('validates the PATCH body field by field', async () => {
    const app = await withLead();
    const patch = (body: unknown) => app.json('PATCH', `/api/admin/leads/${app.id}`, body);
    for (const [body, field] of [
      [{ status: 'closed' }, 'status'],
      [{}, 'status'],
      [{ note: '   ' }, 'note'],
      [{ note: 'x'.repeat(5001) }, 'note'],
      [{ note: 42 }, 'note'],
      [{ status: 'won', assignee: 'me' }, 'assignee'],
    ] as const) {
      const response = await patch(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await fields(response)) ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const text = await app.json('PATCH', `/api/admin/leads/${app.id}`, 'status=won', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(text.status).toBe(415);
    const detail = (await (await app.json('GET', `/api/admin/leads/${app.id}`)).json()) as {
      lead: { status: string };
      timeline: unknown[];
    };
    expect(detail.lead.status).toBe('new');
    expect(detail.timeline).toEqual([]);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    const { json } = await adminTestApp();
    for (const [method, path, body] of ROUTES.slice(3)) {
      for (const id of ['not-a-uuid', LEAD]) {
        const response = await json(method, path.replace(LEAD, id), body);
        expect(response.status, `${method} ${path} ${id}`).toBe(404);
      }
    }
  });
});
