import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { LandingPageRepository } from '../../functions/data/landing-pages/repository.ts';
import { createDocumentClient } from '../../functions/data/dynamo.ts';
import { ensureTable } from '../../functions/data/table.ts';
import { placeholderContent } from '../../functions/shared/landing-content.ts';
import { landingTemplate } from '../../functions/shared/template.ts';

// The module caches one read per build, so each case imports a fresh copy.
async function freshModule() {
  vi.resetModules();
  return import('./landing-data.ts');
}

afterEach(() => vi.unstubAllEnvs());

describe('build-time landing data', () => {
  it('renders the template when no store is configured', async () => {
    vi.stubEnv('DYNAMODB_ENDPOINT', '');
    vi.stubEnv('AWS_REGION', '');
    const { activePages } = await freshModule();
    const pages = await activePages();
    expect(pages.map((p) => p.slug)).toEqual(['default']);
    expect(pages[0]?.content).toEqual(landingTemplate());
  });

  it('fails loudly when the configured store does not answer', async () => {
    vi.stubEnv('DYNAMODB_ENDPOINT', 'http://127.0.0.1:9');
    const { activePages } = await freshModule();
    await expect(activePages()).rejects.toThrow(
      /reads landing pages from DynamoDB \(http:\/\/127\.0\.0\.1:9, table .+\) and it did not answer/,
    );
  });

  it('reads the active pages of the configured store, not inactive ones', async () => {
    const endpoint = inject('dynamoEndpoint');
    const table = `build-${randomUUID()}`;
    const db = createDocumentClient({ region: 'local', endpoint });
    await ensureTable(db, table);
    const repo = new LandingPageRepository(db, table);
    const content = { ...landingTemplate(), brand: { name: 'From the store' } };
    await repo.create({ title: 'Home', slug: 'default', isActive: true, content });
    await repo.create({
      title: 'Live',
      slug: 'live',
      isActive: true,
      content: placeholderContent(),
    });
    await repo.create({
      title: 'Draft',
      slug: 'draft',
      isActive: false,
      content: placeholderContent(),
    });
    vi.stubEnv('DYNAMODB_ENDPOINT', endpoint);
    vi.stubEnv('TABLE_NAME', table);
    const { activePages, defaultPage } = await freshModule();
    expect((await activePages()).map((p) => p.slug).sort()).toEqual(['default', 'live']);
    expect((await defaultPage()).content.brand.name).toBe('From the store');
  });

  it('gives the marketing pages the default page with dynamic-text fallbacks, the landing page its tokens', async () => {
    const endpoint = inject('dynamoEndpoint');
    const table = `build-${randomUUID()}`;
    const db = createDocumentClient({ region: 'local', endpoint });
    await ensureTable(db, table);
    const template = landingTemplate();
    const content = {
      ...template,
      hero: { ...template.hero, headline: 'Data you can trust, {{param:utm_term|supplier teams}}' },
    };
    await new LandingPageRepository(db, table).create({
      title: 'Home',
      slug: 'default',
      isActive: true,
      content,
    });
    vi.stubEnv('DYNAMODB_ENDPOINT', endpoint);
    vi.stubEnv('TABLE_NAME', table);
    const { defaultPage, defaultPageText } = await freshModule();
    expect((await defaultPage()).content.hero.headline).toBe(
      'Data you can trust, {{param:utm_term|supplier teams}}',
    );
    const text = await defaultPageText();
    expect(text.content.hero.headline).toBe('Data you can trust, supplier teams');
    expect(JSON.stringify(text.content)).not.toContain('{{param:');
    expect(text.content.features).toEqual(template.features);
  });
});
