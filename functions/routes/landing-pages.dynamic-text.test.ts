// Dynamic text through the page API (issue 27, functions/shared/dynamic-text.ts): a
// malformed `{{param:…}}` token is a 400 naming its field, in a section and in a block, and
// nothing is stored; well-formed tokens round-trip as written. Real DynamoDB Local through
// the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import { adminTestApp as testApp } from '../test/harness.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { ErrorBody } from '../lib/errors.ts';

async function setUp() {
  const app = await testApp();
  const created = await app.json('POST', '/api/landing-pages', {
    title: 'Suppliers',
    slug: 'suppliers-dtr',
    startFrom: 'template',
  });
  expect(created.status).toBe(201);
  return { ...app, page: (await created.json()) as LandingPage };
}

describe('dynamic text through the page API', () => {
  it('answers a malformed token with a 400 naming its path, and stores nothing', async () => {
    const { json, page, services } = await setUp();
    const content = {
      ...page.content,
      hero: { ...page.content.hero, headline: 'Data for {{param:utm term|you}}' },
      finalCTA: { ...page.content.finalCTA, subheadline: 'Talk to us, {{param:city' },
      layout: [{ id: 'intro', type: 'richText', markdown: 'Hello {{param:name}}' }],
    };
    const response = await json('PUT', `/api/landing-pages/${page.id}`, {
      content,
      revision: page.revision,
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      'content.hero.headline': [
        'has a dynamic-text token "{{param:utm term|you}}" with an invalid parameter name: use 1 to 64 letters, digits, "_", "." or "-"',
      ],
      'content.finalCTA.subheadline': [
        'has a dynamic-text token "{{param:city" that is not closed: write {{param:name|fallback}}',
      ],
      'content.layout.0.markdown': [
        'has a dynamic-text token "{{param:name}}" without a fallback: write {{param:name|fallback}} (the fallback may be empty)',
      ],
    });
    const stored = await services.pages.getById(page.id);
    expect(stored?.revision).toBe(page.revision);
    expect(stored?.content.hero.headline).toBe(page.content.hero.headline);
  });

  it('round-trips well-formed tokens as written', async () => {
    const { json, anonJson, page } = await setUp();
    const headline = 'Data you can trust, {{param:utm_term|supplier teams}}';
    const markdown = '## For {{param:city|every site}}\n\nBuilt for {{param:utm_term|}}.';
    const content = {
      ...page.content,
      hero: { ...page.content.hero, headline },
      layout: [{ id: 'intro', type: 'richText', markdown }],
    };
    const saved = await json('PUT', `/api/landing-pages/${page.id}`, {
      content,
      revision: page.revision,
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as LandingPage).content.hero.headline).toBe(headline);
    const read = (await (
      await anonJson('GET', '/api/landing-pages/suppliers-dtr')
    ).json()) as LandingPage;
    expect(read.content.hero.headline).toBe(headline);
    expect(read.content.layout).toEqual([{ id: 'intro', type: 'richText', markdown }]);
  });
});
