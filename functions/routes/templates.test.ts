// Page templates (issue 27): GET/POST/DELETE /api/admin/templates and POST /api/landing-pages
// with `startFrom: 'template'` and a templateId, built-in or saved. Real DynamoDB Local
// through the app (functions/test/harness.ts); the role matrix is roles.security.test.ts's.
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { landingPageSchema, type LandingPageDto } from '../shared/api/pages.ts';
import { landingContentSchema } from '../shared/landing-content.ts';
import { MAX_SAVED_TEMPLATES, type TemplateSummary } from '../shared/api/templates.ts';
import { BUILT_IN_TEMPLATE_IDS, builtInTemplate } from '../shared/page-templates.ts';
import { landingTemplate } from '../shared/template.ts';
import { testApp } from '../test/harness.ts';

const NOW = new Date('2026-11-20T10:00:00Z');

async function setUp() {
  const base = await testApp({}, { now: () => NOW });
  type Send = (method: string, path: string, body?: unknown) => Response | Promise<Response>;
  const people: Record<string, Send> = {};
  for (const role of ['admin', 'publisher', 'editor', 'reviewer'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = (method, path, body) => base.json(method, path, body, { cookie });
  }
  const as = (who: string) => people[who]!;
  const createPage = async (body: object, who = 'publisher') => {
    const response = await as(who)('POST', '/api/landing-pages', { isActive: false, ...body });
    expect(response.status, await response.clone().text()).toBe(201);
    return landingPageSchema.parse(await response.json());
  };
  const list = async (who = 'editor') => {
    const response = await as(who)('GET', '/api/admin/templates');
    expect(response.status).toBe(200);
    return ((await response.json()) as { templates: TemplateSummary[] }).templates;
  };
  const audit = async () => (await base.services.audit.list(50)).entries;
  return { ...base, as, createPage, list, audit };
}

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe('page templates', () => {
  it('lists the built-ins in order, with their block types, then nothing saved', async () => {
    const { list } = await setUp();
    const templates = await list();
    expect(templates.map((template) => template.id)).toEqual([...BUILT_IN_TEMPLATE_IDS]);
    expect(templates.every((template) => template.builtIn)).toBe(true);
    expect(templates.find((template) => template.id === 'webinar')).toMatchObject({
      name: 'Webinar',
      blocks: ['navigation', 'hero', 'event', 'richText', 'faq', 'finalCTA', 'footer'],
    });
  });

  it.each(BUILT_IN_TEMPLATE_IDS)('creates a page from the built-in %s', async (id) => {
    const { createPage, audit } = await setUp();
    const page = await createPage({
      title: `From ${id}`,
      slug: `from-${id}`,
      startFrom: 'template',
      templateId: id,
    });
    expect(page.content).toEqual(builtInTemplate(id)!.content(NOW));
    landingContentSchema.parse(page.content);
    const entry = (await audit()).find((item) => item.action === 'create');
    expect(entry?.summary).toContain(`from the template "${builtInTemplate(id)!.name}"`);
  });

  it('dates in a built-in are computed when the page is created', async () => {
    const { createPage } = await setUp();
    const page = await createPage({
      title: 'W',
      slug: 'w',
      startFrom: 'template',
      templateId: 'webinar',
    });
    const event = page.content.layout!.find((block) => block.type === 'event');
    // 30 days after 2026-11-20 is Sunday 2026-12-20; the event moves to the next Tuesday,
    // at 16:00 in Berlin.
    expect(event).toMatchObject({ startsAt: '2026-12-22T16:00', timeZone: 'Europe/Berlin' });
  });

  it('without a templateId, a template start is the product pitch, as before', async () => {
    const { createPage } = await setUp();
    const page = await createPage({ title: 'Old client', slug: 'old', startFrom: 'template' });
    expect(page.content).toEqual(landingTemplate());
  });

  it('saves a page (its working copy when it has one) and creates pages from it', async () => {
    const { as, createPage, list, audit } = await setUp();
    const source = await createPage({
      title: 'Spring',
      slug: 'spring',
      startFrom: 'template',
      templateId: 'webinar',
    });
    // Live content, then a working copy with another headline: the template takes the copy.
    const content = structuredClone(source.content);
    content.layout = content.layout!.map((block) =>
      block.type === 'hero' ? { ...block, headline: 'Only in the working copy' } : block,
    );
    const draft = await as('editor')('PUT', `/api/landing-pages/${source.id}/draft`, {
      title: source.title,
      slug: source.slug,
      content,
      revision: source.revision,
    });
    expect(draft.status, await draft.clone().text()).toBe(200);

    const saved = await as('publisher')('POST', '/api/admin/templates', {
      pageId: source.id,
      name: '  Spring webinar  ',
      description: 'Our spring series',
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const template = (await saved.json()) as TemplateSummary;
    expect(template).toMatchObject({
      name: 'Spring webinar',
      description: 'Our spring series',
      builtIn: false,
      createdBy: 'publisher@pharmabridge.test',
      createdAt: NOW.toISOString(),
    });
    expect((await list()).map((entry) => entry.id)).toEqual([
      ...BUILT_IN_TEMPLATE_IDS,
      template.id,
    ]);
    expect((await audit()).find((entry) => entry.action === 'template-save')).toMatchObject({
      actor: 'publisher@pharmabridge.test',
      pageId: source.id,
      summary: 'Template "Spring webinar" saved from Spring (/spring)',
    });

    // An editor may create pages from it (edit), but not save or delete templates (publish).
    const fromSaved: LandingPageDto = await createPage(
      { title: 'Autumn', slug: 'autumn', startFrom: 'template', templateId: template.id },
      'editor',
    );
    expect(fromSaved.content.hero.headline).toBe('Only in the working copy');
    expect(fromSaved.content.layout).toEqual(content.layout);

    const deleted = await as('admin')('DELETE', `/api/admin/templates/${template.id}`);
    expect(deleted.status).toBe(204);
    expect((await list()).map((entry) => entry.id)).toEqual([...BUILT_IN_TEMPLATE_IDS]);
    expect((await audit()).find((entry) => entry.action === 'template-delete')?.summary).toBe(
      'Template "Spring webinar" deleted',
    );
    // Gone: creating from it is a 400 naming templateId, deleting it again a 404.
    const stale = await as('editor')('POST', '/api/landing-pages', {
      title: 'Late',
      slug: 'late',
      isActive: false,
      startFrom: 'template',
      templateId: template.id,
    });
    expect(stale.status).toBe(400);
    expect((await errorOf(stale)).fields).toEqual({
      templateId: ['does not name a template (it may have been deleted)'],
    });
    expect((await as('admin')('DELETE', `/api/admin/templates/${template.id}`)).status).toBe(404);
  });

  it('refuses a name in use (saved or built-in, any case), and more than the limit', async () => {
    const { as, createPage, services } = await setUp();
    const page = await createPage({ title: 'P', slug: 'p' });
    const save = (name: string) =>
      as('publisher')('POST', '/api/admin/templates', { pageId: page.id, name });
    expect((await save('Launch')).status).toBe(201);
    for (const name of ['launch', 'WEBINAR']) {
      const response = await save(name);
      expect(response.status).toBe(409);
      const error = await errorOf(response);
      expect(error.message).toMatch(/exists already/);
      expect(error.fields).toEqual({ name: ['is taken by another template'] });
    }
    // Fill up to the limit in the store, then one more is refused with a sentence.
    const repository = new (await import('../data/page-templates.ts')).PageTemplateRepository(
      services.db,
      services.tableName,
      () => NOW,
    );
    for (let index = 1; index < MAX_SAVED_TEMPLATES; index++) {
      await repository.create(
        { name: `T${index}`, content: page.content },
        { pageId: page.id, title: page.title, slug: page.slug },
        { email: 'publisher@pharmabridge.test' },
        [],
      );
    }
    const over = await save('One too many');
    expect(over.status).toBe(409);
    expect((await errorOf(over)).message).toBe(
      `There are ${MAX_SAVED_TEMPLATES} saved templates already: delete one first`,
    );
  });

  it('answers bad input with 400s naming the field', async () => {
    const { as, createPage } = await setUp();
    const page = await createPage({ title: 'P', slug: 'p' });
    const post = (body: unknown) => as('publisher')('POST', '/api/admin/templates', body);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ pageId: page.id, name: '' }, { name: ['is required'] }],
      [{ pageId: page.id, name: 'x'.repeat(81) }, { name: ['must be at most 80 characters'] }],
      [{ name: 'No page' }, { pageId: expect.any(Array) }],
      [{ pageId: 'nope', name: 'Ghost' }, { pageId: ['does not name an existing page'] }],
      [
        { pageId: page.id, name: 'Long', description: 'x'.repeat(201) },
        { description: ['must be at most 200 characters'] },
      ],
      [{ pageId: page.id, name: 'Extra', content: {} }, { content: ['is not a known field'] }],
    ];
    for (const [body, fields] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).fields, JSON.stringify(body)).toEqual(fields);
    }

    const create = (body: object) =>
      as('editor')('POST', '/api/landing-pages', {
        title: 'N',
        slug: 'n',
        isActive: false,
        ...body,
      });
    const unknown = await create({ startFrom: 'template', templateId: 'newsletter' });
    expect(unknown.status).toBe(400);
    expect(Object.keys((await errorOf(unknown)).fields ?? {})).toEqual(['templateId']);
    const malformed = await create({ startFrom: 'template', templateId: '../x' });
    expect(malformed.status).toBe(400);
    expect(Object.keys((await errorOf(malformed)).fields ?? {})).toEqual(['templateId']);
    const withoutTemplate = await create({ startFrom: 'placeholder', templateId: 'webinar' });
    expect(withoutTemplate.status).toBe(400);
    expect((await errorOf(withoutTemplate)).fields).toEqual({
      templateId: ['is only allowed with startFrom "template"'],
    });
  });

  it('keeps the built-ins: deleting one is a 409 with a sentence', async () => {
    const { as } = await setUp();
    const response = await as('publisher')('DELETE', '/api/admin/templates/webinar');
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      'The built-in templates cannot be deleted: only templates saved by the team can',
    );
  });

  it('needs edit to list and publish to save or delete', async () => {
    const { as, createPage } = await setUp();
    const page = await createPage({ title: 'P', slug: 'p' });
    expect((await as('reviewer')('GET', '/api/admin/templates')).status).toBe(403);
    const refused = await as('editor')('POST', '/api/admin/templates', {
      pageId: page.id,
      name: 'Mine',
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).permission).toBe('publish');
    expect((await as('editor')('DELETE', '/api/admin/templates/webinar')).status).toBe(403);
  });
});
