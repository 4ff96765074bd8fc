import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adminTestApp as testApp } from '../test/harness.ts';
import { seedDefaultPage } from '../data/seed.ts';
import { landingTemplate } from '../shared/template.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';

describe('landing pages API: happy paths', () => {
  it('creates a page with placeholder content and lists it', async () => {
    const { json } = await testApp();
    const created = await json('POST', '/api/landing-pages', {
      title: 'Spring campaign',
      slug: 'Spring Campaign!',
    });
    expect(created.status).toBe(201);
    const page = (await created.json()) as LandingPage;
    expect(page.slug).toBe('spring-campaign-');
    expect(page.isActive).toBe(true);
    expect(page.content.brand.name).toBe('Your Platform');
    expect(page.content.hero.headline).toBe('Transform Your Business');
    expect(page.content.pricing.headline).toBe('Simple, Transparent Pricing');
    expect(page.content.features.items).toEqual([]);
    expect(page.content.supplierFeatures).toBeUndefined();

    const list = (await (await json('GET', '/api/landing-pages')).json()) as LandingPage[];
    expect(list.map((p) => p.id)).toEqual([page.id]);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'content',
      'createdAt',
      'id',
      'isActive',
      // Created live: its first publication (issue 37).
      'publication',
      'revision',
      'slug',
      'title',
      'updatedAt',
      'updatedBy',
    ]);
  });

  it('reads an active page by slug and the default page', async () => {
    const { json, services } = await testApp();
    await seedDefaultPage(services.pages);
    const def = await json('GET', '/api/landing-pages/default');
    expect(def.status).toBe(200);
    const page = (await def.json()) as LandingPage;
    expect(page.content).toEqual(landingTemplate());
    expect(page.content.brand.name).toBe('PharmaBridge');
  });

  it('lets a cached copy of a live page be revalidated: ETag, 304, a new ETag after an edit', async () => {
    const { json, services, signIn } = await testApp();
    await seedDefaultPage(services.pages);
    const first = await json('GET', '/api/landing-pages/default');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await json('GET', '/api/landing-pages/default', undefined, {
      'if-none-match': tag!,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe('');

    const page = (await services.pages.getBySlug('default'))!;
    const { cookie } = await signIn();
    const edit = await json(
      'PUT',
      `/api/landing-pages/${page.id}`,
      { title: 'Edited' },
      { cookie },
    );
    expect(edit.status).toBe(200);
    const changed = await json('GET', '/api/landing-pages/default', undefined, {
      'if-none-match': tag!,
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('updates the whole page or only its content, keeping versions newest first', async () => {
    const { json, services } = await testApp();
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'A', slug: 'a' })
    ).json()) as LandingPage;
    const content = { ...page.content, hero: { ...page.content.hero, headline: 'New headline' } };
    const onlyContent = await json('PUT', `/api/landing-pages/${page.id}`, { content });
    expect(onlyContent.status).toBe(200);
    expect(((await onlyContent.json()) as LandingPage).content.hero.headline).toBe('New headline');

    const whole = await json('PUT', `/api/landing-pages/${page.id}`, {
      title: 'B',
      slug: 'b',
      isActive: false,
      content,
    });
    const updated = (await whole.json()) as LandingPage;
    expect(updated).toMatchObject({ title: 'B', slug: 'b', isActive: false });

    const versions = await services.pages.versions(page.id);
    expect(versions.map((v) => [v.reason, v.title, v.content.hero.headline])).toEqual([
      ['update', 'A', 'New headline'],
      ['update', 'A', 'Transform Your Business'],
    ]);
    // The old slug is free again, the new one is taken.
    expect((await json('POST', '/api/landing-pages', { title: 'again', slug: 'a' })).status).toBe(
      201,
    );
    expect((await json('POST', '/api/landing-pages', { title: 'dup', slug: 'b' })).status).toBe(
      409,
    );
  });

  it('resets to the template and keeps the previous content as a version', async () => {
    const { json, services } = await testApp();
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'R', slug: 'r' })
    ).json()) as LandingPage;
    const reset = await json('POST', `/api/landing-pages/${page.id}/reset-to-template`);
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as LandingPage).content).toEqual(landingTemplate());
    const [version] = await services.pages.versions(page.id);
    expect(version?.reason).toBe('reset');
    expect(version?.content.brand.name).toBe('Your Platform');
  });

  it('deletes a page, frees its slug and keeps its last content as a version', async () => {
    const { json, services } = await testApp();
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'D', slug: 'd' })
    ).json()) as LandingPage;
    expect((await json('DELETE', `/api/landing-pages/${page.id}`)).status).toBe(204);
    expect((await json('GET', '/api/landing-pages/d')).status).toBe(404);
    expect(await services.pages.getById(page.id)).toBeUndefined();
    expect((await services.pages.versions(page.id))[0]?.reason).toBe('delete');
    expect((await json('POST', '/api/landing-pages', { title: 'D2', slug: 'd' })).status).toBe(201);
  });

  it('keeps slugs unique under concurrent creates (DynamoDB transaction, not read-then-write)', async () => {
    const { json } = await testApp();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        json('POST', '/api/landing-pages', { title: `c${i}`, slug: 'race' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe('API answers on the wire', () => {
  it('are compressed when the client accepts it, with Vary and a weak ETag that still revalidates', async () => {
    const { json, services } = await testApp();
    await seedDefaultPage(services.pages);
    const plain = await json('GET', '/api/landing-pages/default');
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const gzipped = await json('GET', '/api/landing-pages/default', undefined, {
      'accept-encoding': 'br;q=0, gzip',
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    const tag = gzipped.headers.get('etag')!;
    expect(tag).toBe(`W/${plain.headers.get('etag')}`);
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(body.length / 2);
    expect(gunzipSync(bytes).toString('utf8')).toBe(body);

    const revalidated = await json('GET', '/api/landing-pages/default', undefined, {
      'accept-encoding': 'gzip',
      'if-none-match': tag,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('vary')).toContain('Accept-Encoding');

    const refused = await json('GET', '/api/landing-pages/default', undefined, {
      'accept-encoding': 'gzip;q=0, deflate;q=0',
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });
});
