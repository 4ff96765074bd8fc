// Public answers carry no administrator identity (issue 21, item 5): the page an admin
// edited last is read by anyone at GET /api/landing-pages/:slug, and that read once
// included `updatedBy`, the admin's e-mail. Every public route (functions/routes/public-routes.ts)
// is called here and none may name the admin.
import { describe, expect, it } from 'vitest';
import { seedDefaultPage } from '../data/seed.ts';
import { publicLandingPageSchema } from '../shared/api/pages.ts';
import { adminTestApp } from '../test/harness.ts';

describe('public routes and admin identity', () => {
  it('no public answer names the admin who edited the page, signed in or not', async () => {
    const app = await adminTestApp();
    await seedDefaultPage(app.services.pages);
    const page = (await app.services.pages.getBySlug('default'))!;
    const content = { ...page.content, hero: { ...page.content.hero, headline: 'Edited' } };
    expect((await app.json('PUT', `/api/landing-pages/${page.id}`, { content })).status).toBe(200);
    // The admin's own list still says who changed it.
    const list = (await (await app.json('GET', '/api/landing-pages')).json()) as {
      updatedBy?: string;
    }[];
    expect(list[0]!.updatedBy).toBe(app.email);

    const answers: [string, Response][] = [
      ['GET /api/landing-pages/default', await app.anonJson('GET', '/api/landing-pages/default')],
      // A signed-in admin's preview goes through the same public route.
      [
        'GET /api/landing-pages/default (admin)',
        await app.json('GET', '/api/landing-pages/default'),
      ],
      ['GET /api/health', await app.anonJson('GET', '/api/health')],
      [
        'POST /api/contact',
        await app.anonJson(
          'POST',
          '/api/contact',
          { name: 'Ada', email: 'ada@example.com', landingPageId: 'default' },
          { 'x-forwarded-for': '203.0.113.9' },
        ),
      ],
      [
        'POST /api/conversions',
        await app.anonJson(
          'POST',
          '/api/conversions',
          { landingPageId: 'default', eventType: 'page_view' },
          { 'x-forwarded-for': '203.0.113.9' },
        ),
      ],
    ];
    for (const [route, response] of answers) {
      expect(response.status, route).toBeLessThan(300);
      const text = await response.text();
      expect(text, route).not.toContain(app.email);
      expect(text, route).not.toContain('updatedBy');
    }
    const read = await app.anonJson('GET', '/api/landing-pages/default');
    const body = (await read.json()) as Record<string, unknown>;
    expect(body['content']).toMatchObject({ hero: { headline: 'Edited' } });
    expect(publicLandingPageSchema.safeParse(body).success).toBe(true);
  });
});
