// Forms named by a page's content (issue 35, docs/decisions/0400-form-block.md,
// docs/decisions/0401-buttons-open-a-chosen-form.md): where a content names a form
// (functions/shared/form-references.ts), a save naming a form that does not exist is a 400 naming
// the path and nothing is stored (page, working copy), and a form that a live page's form block or
// a working copy's button names cannot be deleted, with a sentence naming the pages. Real
// DynamoDB Local through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import { adminTestApp as testApp } from '../test/harness.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { FormDefinitionInput } from '../shared/forms/definition.ts';
import { formReferences } from '../shared/form-references.ts';
import type { WorkflowStatus } from '../shared/workflow.ts';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

const WEBINAR: FormDefinitionInput = {
  title: 'Webinar registration 2027',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true },
  ],
  consent: { required: true, text: 'I agree to be contacted about this webinar.' },
  submitLabel: 'Save my seat',
  successMessage: 'You are registered: see you on the day.',
};

const HERO = {
  id: 'hero',
  type: 'hero',
  headline: 'Spring webinar',
  highlight: 'on clean data',
  subheadline: 'Join us.',
  primaryCTA: 'Register',
  secondaryCTA: 'Agenda',
  features: [],
};

const layoutWith = (formId: string, heroFormId?: string) => [
  { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
  { ...HERO, ...(heroFormId ? { formId: heroFormId } : {}) },
  { id: 'register', type: 'form', formId, headline: 'Save your seat' },
  { id: 'footer', type: 'footer' },
];

async function setUp() {
  const app = await testApp();
  const saved = await app.json('PUT', '/api/admin/forms/webinar-2027', { form: WEBINAR });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const created = await app.json('POST', '/api/landing-pages', {
    title: 'Spring webinar',
    slug: 'spring-webinar',
    startFrom: 'template',
  });
  expect(created.status).toBe(201);
  return { ...app, page: (await created.json()) as LandingPage };
}

describe('formReferences', () => {
  it('finds the dialog’s form, each block’s, and a layout-less page’s hero and final call to action', () => {
    expect(
      formReferences({
        formId: 'contact',
        layout: [
          { id: 'a', type: 'form', formId: 'webinar' },
          { id: 'b', type: 'richText', markdown: 'Hi' },
          { id: 'c', type: 'gatedAsset', formId: 'whitepaper' },
          { id: 'd', type: 'hero', formId: 'pilot-request' },
          { id: 'e', type: 'finalCTA' },
        ] as never,
        // Not shown while the page has a layout: not counted.
        hero: { formId: 'ignored' },
      }),
    ).toEqual([
      { path: ['formId'], formId: 'contact' },
      { path: ['layout', 0, 'formId'], formId: 'webinar' },
      { path: ['layout', 2, 'formId'], formId: 'whitepaper' },
      { path: ['layout', 3, 'formId'], formId: 'pilot-request' },
    ]);
    expect(
      formReferences({ hero: { formId: 'webinar' }, finalCTA: { formId: 'pricing-request' } }),
    ).toEqual([
      { path: ['hero', 'formId'], formId: 'webinar' },
      { path: ['finalCTA', 'formId'], formId: 'pricing-request' },
    ]);
  });
});

describe('forms named by pages', () => {
  it('saves a form block and a hero button naming existing forms, built-in or custom', async () => {
    const { json, page } = await setUp();
    const layout = layoutWith('webinar-2027', 'pricing-request');
    const response = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, layout },
      revision: page.revision,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as LandingPage;
    expect(saved.content.layout?.[2]).toEqual({
      id: 'register',
      type: 'form',
      formId: 'webinar-2027',
      headline: 'Save your seat',
    });
    expect(saved.content.layout?.[1]).toMatchObject({ formId: 'pricing-request' });
  });

  it('refuses a page, a new page or a working copy naming a form that does not exist, and stores nothing', async () => {
    const { json, page, services } = await setUp();
    const layout = layoutWith('webinar-2026', 'no-such-form');
    const put = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, layout },
      revision: page.revision,
    });
    expect(put.status).toBe(400);
    const error = await errorOf(put);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      'content.layout.1.formId': [
        'names the form "no-such-form", which does not exist: pick one of the Forms tab',
      ],
      'content.layout.2.formId': [
        'names the form "webinar-2026", which does not exist: pick one of the Forms tab',
      ],
    });
    const stored = await services.pages.getById(page.id);
    expect(stored?.revision).toBe(page.revision);
    expect(stored?.content).not.toHaveProperty('layout');

    const created = await json('POST', '/api/landing-pages', {
      title: 'Other',
      slug: 'other-webinar',
      content: { ...page.content, layout: layoutWith('webinar-2026') },
    });
    expect(created.status).toBe(400);
    expect((await errorOf(created)).message).toBe(
      'Invalid request: content.layout.2.formId names the form "webinar-2026", which does not exist: pick one of the Forms tab',
    );
    expect(await services.pages.getBySlug('other-webinar')).toBeUndefined();

    const draft = await json('PUT', `/api/landing-pages/${page.id}/draft`, {
      title: page.title,
      slug: page.slug,
      content: { ...page.content, layout: layoutWith('webinar-2026') },
      revision: page.revision,
    });
    expect(draft.status).toBe(400);
    expect(Object.keys((await errorOf(draft)).fields ?? {})).toEqual(['content.layout.2.formId']);
    expect(await services.workflow.workingCopy(page.id)).toBeUndefined();
  });

  it('refuses to delete a form a live page’s block or a working copy’s button names, naming the pages', async () => {
    const { json, page } = await setUp();
    const live = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, layout: layoutWith('webinar-2027') },
      isActive: true,
      revision: page.revision,
    });
    expect(live.status, await live.clone().text()).toBe(200);
    const other = (await (
      await json('POST', '/api/landing-pages', {
        title: 'Autumn webinar',
        slug: 'autumn-webinar',
        startFrom: 'template',
      })
    ).json()) as LandingPage;
    // Only its working copy's hero button names the form.
    const draft = await json('PUT', `/api/landing-pages/${other.id}/draft`, {
      title: other.title,
      slug: other.slug,
      content: { ...other.content, layout: layoutWith('demo-request', 'webinar-2027') },
      revision: other.revision,
    });
    expect(draft.status, await draft.clone().text()).toBe(200);

    const refused = await json('DELETE', '/api/admin/forms/webinar-2027');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'This form is used by the pages "Spring webinar", "Autumn webinar": pick another form there first.',
    );
    expect((await json('GET', '/api/admin/forms/webinar-2027')).status).toBe(200);

    // With the block and the button pointed elsewhere, it goes.
    const livePage = (await (await json('GET', `/api/landing-pages/${page.id}`)).json()) as {
      revision: number;
    };
    const moved = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, layout: layoutWith('demo-request') },
      revision: livePage.revision,
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const workflow = (
      (await (await json('GET', `/api/admin/pages/${other.id}`)).json()) as {
        workflow: WorkflowStatus;
      }
    ).workflow;
    const redrafted = await json('PUT', `/api/landing-pages/${other.id}/draft`, {
      title: other.title,
      slug: other.slug,
      content: { ...other.content, layout: layoutWith('demo-request') },
      revision: workflow.workingCopy?.revision ?? other.revision,
    });
    expect(redrafted.status, await redrafted.clone().text()).toBe(200);
    expect((await json('DELETE', '/api/admin/forms/webinar-2027')).status).toBe(204);
  });
});
