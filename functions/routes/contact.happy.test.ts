import { describe, expect, it } from 'vitest';
import { seedPages, testApp } from '../test/harness.ts';

const lead = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'We would like a demo for our specialty pharmacy data program.',
};

describe('POST /api/contact: happy paths', () => {
  it('stores a dialog lead before answering 201 {id, status}', async () => {
    const { json, services } = await testApp();
    const response = await json('POST', '/api/contact', {
      ...lead,
      formType: 'pricing',
      landingPageId: 'default',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; status: string };
    expect(body.status).toBe('received');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);

    const [stored] = await services.leads.newest();
    expect(stored).toMatchObject({
      ...lead,
      id: body.id,
      formType: 'pricing',
      landingPageId: 'default',
      status: 'new',
    });
    expect((await services.leads.byStatus('new')).map((l) => l.id)).toEqual([body.id]);
  });

  it('attributes a lead from the run-time copy /legacy/<slug> to the same page as one from /<slug>', async () => {
    // The wire landingPageId is the address's path (docs/requirements.md §7); the lead's page
    // is resolved on the server, so both addresses of a page are one page in the leads inbox.
    const { json, services } = await testApp();
    const [, spring] = await seedPages(services, ['spring']);
    for (const landingPageId of ['spring', 'legacy/spring']) {
      const response = await json('POST', '/api/contact', { ...lead, landingPageId });
      expect(response.status).toBe(201);
    }
    const stored = await services.leads.newest();
    expect(stored.map((l) => [l.landingPageId, l.attribution?.pageId]).sort()).toEqual([
      ['legacy/spring', spring!.id],
      ['spring', spring!.id],
    ]);
  });

  it('accepts the docs/requirements.md payload alone as a general lead, company and message optional', async () => {
    const { json, services } = await testApp();
    const response = await json('POST', '/api/contact', {
      name: 'Sam Okafor',
      email: 'sam@supplier.example',
    });
    expect(response.status).toBe(201);
    const [stored] = await services.leads.newest();
    expect(stored).toMatchObject({ formType: 'general', company: '', message: '' });
  });

  it('accepts the contact page and pilot forms with role and inquiry type', async () => {
    const { json, services } = await testApp();
    const page = await json('POST', '/api/contact', {
      ...lead,
      role: 'Director of Data Operations',
      inquiryType: 'partnership',
      formType: 'contact-page',
    });
    expect(page.status).toBe(201);
    const pilot = await json('POST', '/api/contact', { ...lead, formType: 'pilot' });
    expect(pilot.status).toBe(201);
    const stored = await services.leads.newest();
    expect(stored.map((l) => l.formType).sort()).toEqual(['contact-page', 'pilot']);
    expect(stored.find((l) => l.formType === 'contact-page')).toMatchObject({
      role: 'Director of Data Operations',
      inquiryType: 'partnership',
    });
  });

  it('lists leads newest first', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const { json, services } = await testApp({}, { now: () => now });
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const response = await json('POST', '/api/contact', { ...lead, name });
      ids.push(((await response.json()) as { id: string }).id);
      now = new Date(now.getTime() + 60_000);
    }
    expect((await services.leads.newest()).map((l) => l.id)).toEqual(ids.reverse());
  });

  it('trims surrounding whitespace', async () => {
    const { json, services } = await testApp();
    await json('POST', '/api/contact', { ...lead, name: '  Dana Whitfield  ' });
    expect((await services.leads.newest())[0]?.name).toBe('Dana Whitfield');
  });
});
