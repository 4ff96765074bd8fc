// The block layout of a page (issue 27, functions/shared/blocks.ts) through the page API:
// a layout round-trips through PUT and GET (live page and working copy), an invalid block
// is a 400 naming its path, and a page without a layout saves and reads as before, never
// rewritten by a read. Real DynamoDB Local through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import { adminTestApp as testApp } from '../test/harness.ts';
import { seedDefaultPage } from '../data/seed.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { WorkflowStatus } from '../shared/workflow.ts';
import { landingTemplate } from '../shared/template.ts';
import { blockFields } from '../shared/block-sync.ts';
import type { Block } from '../shared/blocks.ts';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

const LAYOUT = [
  { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
  {
    id: 'hero',
    type: 'hero',
    headline: 'Spring webinar',
    highlight: 'on clean data',
    subheadline: 'Join us.',
    primaryCTA: 'Register',
    secondaryCTA: 'Agenda',
    features: [],
  },
  {
    id: 'intro',
    type: 'richText',
    markdown: '## Why attend\n\n- **Live** demo\n- [Agenda](/agenda)',
    style: { background: 'tint', spacing: 'compact', align: 'center' },
  },
  {
    id: 'numbers',
    type: 'stats',
    hidden: true,
    items: [
      { value: '98%', label: 'clean at the source' },
      { value: '3x', label: 'faster onboarding' },
    ],
  },
  {
    id: 'when',
    type: 'event',
    title: 'Spring webinar',
    startsAt: '2027-03-14T16:00',
    timeZone: 'Europe/Berlin',
    durationMinutes: 45,
    agenda: [{ time: '16:00', title: 'Welcome' }],
    speakers: [{ name: 'Dr. Lee', title: 'CMO' }],
  },
  { id: 'footer', type: 'footer' },
];

async function setUp() {
  const app = await testApp();
  const created = await app.json('POST', '/api/landing-pages', {
    title: 'Webinar',
    slug: 'webinar',
    startFrom: 'template',
  });
  expect(created.status).toBe(201);
  return { ...app, page: (await created.json()) as LandingPage };
}

describe('page layout through the API', () => {
  it('round-trips a layout through PUT and GET, as written', async () => {
    const { json, anonJson, page, services } = await setUp();
    const content = { ...page.content, layout: LAYOUT };
    const saved = await json('PUT', `/api/landing-pages/${page.id}`, {
      content,
      revision: page.revision,
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as LandingPage).content.layout).toEqual(LAYOUT);

    const read = (await (
      await anonJson('GET', '/api/landing-pages/webinar')
    ).json()) as LandingPage;
    expect(read.content.layout).toEqual(LAYOUT);
    // The sections stay beside the layout, readable by the pages that use them, and the
    // ones a block mirrors follow it (block-sync.ts): the hero and the brand name from the
    // blocks, the features (no block) as they were.
    expect(read.content.hero).toEqual(blockFields(LAYOUT[1] as Block));
    expect(read.content.hero).not.toEqual(page.content.hero);
    expect(read.content.brand).toEqual({ name: 'PharmaBridge' });
    expect(read.content.features).toEqual(page.content.features);
    expect((await services.pages.getById(page.id))?.content.layout).toEqual(LAYOUT);
  });

  it('keeps a layout in the working copy of a live page until it is published', async () => {
    const { json, anonJson, page } = await setUp();
    const draft = await json('PUT', `/api/landing-pages/${page.id}/draft`, {
      title: page.title,
      slug: page.slug,
      content: { ...page.content, layout: LAYOUT },
      revision: page.revision,
    });
    expect(draft.status).toBe(200);
    const admin = (await (await json('GET', `/api/admin/pages/${page.id}`)).json()) as {
      workflow: WorkflowStatus;
    };
    expect(admin.workflow.workingCopy?.content.layout).toEqual(LAYOUT);
    const live = (await (
      await anonJson('GET', '/api/landing-pages/webinar')
    ).json()) as LandingPage;
    expect(live.content).not.toHaveProperty('layout');
  });

  it('answers an invalid block with a 400 naming its path, and stores nothing', async () => {
    const { json, page, services } = await setUp();
    const layout = [
      ...LAYOUT.slice(0, 2),
      { id: 'intro', type: 'richText', markdown: 'Hi <script>alert(1)</script>' },
      { id: 'intro', type: 'richText', markdown: '[x](javascript:alert(1))' },
      { id: 'odd', type: 'marquee' },
      { id: 'look', type: 'stats', items: [], style: { background: 'hotpink' } },
    ];
    const response = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, layout },
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      'content.layout.2.markdown': [
        'must not contain HTML tags: write Markdown (## heading, **bold**, [text](address))',
      ],
      'content.layout.3.markdown': [
        'has a link to "javascript:alert(1)": links must be http(s), mailto or a relative address',
      ],
      'content.layout.3.id': ['is used by an earlier block: ids must be unique'],
      'content.layout.4.type': [expect.stringMatching(/^must be one of "navigation", /)],
      'content.layout.5.items': ['must have at least 2 items'],
      'content.layout.5.style.background': ['must be one of "white", "tint", "brand", "dark"'],
    });
    const stored = await services.pages.getById(page.id);
    expect(stored?.revision).toBe(page.revision);
    expect(stored?.content).not.toHaveProperty('layout');
  });

  it('saves and reads a page without a layout as before; reading never writes one', async () => {
    const { json, anonJson, services, page } = await setUp();
    await seedDefaultPage(services.pages);
    const home = (await services.pages.getBySlug('default'))!;
    for (let i = 0; i < 2; i++) {
      const read = await anonJson('GET', '/api/landing-pages/default');
      expect(read.status).toBe(200);
      expect(((await read.json()) as LandingPage).content).toEqual(landingTemplate());
    }
    const after = (await services.pages.getBySlug('default'))!;
    expect(after.revision).toBe(home.revision);
    expect(after.content).not.toHaveProperty('layout');

    // A page with a layout goes back to the sections when saved without one.
    await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, layout: LAYOUT },
    });
    const plain = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: landingTemplate(),
    });
    expect(plain.status).toBe(200);
    const saved = (await plain.json()) as LandingPage;
    expect(saved.content).toEqual(landingTemplate());
    expect(saved.content).not.toHaveProperty('layout');
  });
});
