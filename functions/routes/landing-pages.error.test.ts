import { describe, expect, it } from 'vitest';
import { adminTestApp as testApp, testApp as storeOnlyApp } from '../test/harness.ts';
import { seedDefaultPage } from '../data/seed.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { ErrorBody } from '../lib/errors.ts';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe('landing pages API: bad input', () => {
  it('names every invalid field in a 400', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/landing-pages', { title: '', slug: '', extra: 1 });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      title: ['is required'],
      slug: ['is required', 'must contain at least one letter or digit'],
      extra: ['is not a known field'],
    });
  });

  it('refuses content that breaks the schema, naming the path, and stores nothing', async () => {
    const { json, services } = await testApp();
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'S', slug: 's' })
    ).json()) as LandingPage;
    const content = {
      ...page.content,
      hero: { ...page.content.hero, heroImage: 'javascript:alert(1)', bogus: true },
      pricing: { ...page.content.pricing, plans: [{ name: 'X' }] },
    };
    const response = await json('PUT', `/api/landing-pages/${page.id}`, { content });
    expect(response.status).toBe(400);
    const { fields } = await errorOf(response);
    expect(fields?.['content.hero.heroImage']).toEqual([
      'must be an http(s) URL, a path starting with / or an #anchor',
    ]);
    expect(fields?.['content.hero.bogus']).toEqual(['is not a known field']);
    expect(fields?.['content.pricing.plans.0.price']).toEqual(['is required']);
    expect((await services.pages.getById(page.id))?.content).toEqual(page.content);
    expect(await services.pages.versions(page.id)).toEqual([]);
  });

  it('refuses reserved slugs and slugs that are taken', async () => {
    const { json } = await testApp();
    for (const slug of ['admin', 'API', 'pricing', 'site']) {
      const response = await json('POST', '/api/landing-pages', { title: 'x', slug });
      expect(response.status, slug).toBe(400);
      expect((await errorOf(response)).fields?.['slug']).toEqual([
        'is reserved for a site route; choose another slug',
      ]);
    }
    await json('POST', '/api/landing-pages', { title: 'x', slug: 'taken' });
    const dup = await json('POST', '/api/landing-pages', { title: 'y', slug: 'taken' });
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toMatchObject({
      code: 'conflict',
      fields: { slug: ['is already used by another page'] },
    });
  });

  it('answers malformed JSON, a wrong content type, an empty update and a huge body with 4xx', async () => {
    const { json, app, cookie } = await testApp();
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'M', slug: 'm' })
    ).json()) as LandingPage;
    const malformed = await json('POST', '/api/landing-pages', '{"title": ');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toBe('The request body is not valid JSON');

    const form = await app.request('/api/landing-pages', {
      method: 'POST',
      body: 'title=x',
      headers: { 'content-type': 'text/plain', cookie },
    });
    expect(form.status).toBe(415);

    const empty = await json('PUT', `/api/landing-pages/${page.id}`, {});
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toEqual({
      '(body)': ['must contain at least one of title, slug, isActive, content'],
    });

    const huge = await json('POST', '/api/landing-pages', {
      title: 'x'.repeat(300 * 1024),
      slug: 'huge',
    });
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('payload_too_large');
  });

  it('answers 404 for unknown ids and slugs, and for inactive pages to the public', async () => {
    const { json, anonJson } = await testApp();
    expect((await json('GET', '/api/landing-pages/nope')).status).toBe(404);
    expect(
      (await json('PUT', '/api/landing-pages/00000000-0000-0000-0000-000000000000', { title: 'x' }))
        .status,
    ).toBe(404);
    expect((await json('DELETE', '/api/landing-pages/does-not-exist')).status).toBe(404);
    expect((await json('POST', '/api/landing-pages/not%20an%20id/reset-to-template')).status).toBe(
      404,
    );
    await json('POST', '/api/landing-pages', { title: 'Hidden', slug: 'hidden', isActive: false });
    const hidden = await anonJson('GET', '/api/landing-pages/hidden');
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toEqual({ code: 'not_found', message: 'Landing page not found' });
  });

  it('protects the default page from deletion and renaming', async () => {
    const { json, services } = await testApp();
    await seedDefaultPage(services.pages);
    const def = (await (await json('GET', '/api/landing-pages/default')).json()) as LandingPage;
    expect((await json('DELETE', `/api/landing-pages/${def.id}`)).status).toBe(409);
    expect((await json('PUT', `/api/landing-pages/${def.id}`, { slug: 'home' })).status).toBe(409);
    expect((await services.pages.getBySlug('default'))?.id).toBe(def.id);
  });

  it('answers a store failure with a generic 500 that leaks nothing, logged with a request id', async () => {
    const { app, log } = await storeOnlyApp({ TABLE_NAME: 'table-that-does-not-exist' });
    // A well-formed session cookie makes the admin route read the (missing) table.
    const response = await app.request('/api/landing-pages', {
      headers: { cookie: `pb_session=${'a'.repeat(43)}` },
    });
    expect(response.status).toBe(500);
    const error = await errorOf(response);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Something went wrong on our side; please try again');
    expect(JSON.stringify(error)).not.toMatch(/ResourceNotFound|table-that-does-not-exist/);
    expect(log.lines.find((line) => line.level === 'error')?.details?.['requestId']).toBe(
      error.requestId,
    );
  });

  it('answers unknown API routes with the envelope', async () => {
    const { app } = await testApp();
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('not_found');
  });
});
