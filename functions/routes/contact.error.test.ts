import { describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';
import type { ErrorBody } from '../lib/errors.ts';

const lead = { name: 'Dana Whitfield', email: 'dana@example-pharma.com', company: '', message: '' };

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

describe('POST /api/contact: bad input', () => {
  it('names every missing required field', async () => {
    const { json, services } = await testApp();
    const response = await json('POST', '/api/contact', {});
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'name']);
    expect(error.fields?.['name']).toEqual(['is required']);
    expect(await services.leads.newest()).toEqual([]);
  });

  it('refuses empty and malformed email addresses', async () => {
    const { json } = await testApp();
    for (const email of ['', 'not-an-email', 'a@b', 'dana@@example.com']) {
      const response = await json('POST', '/api/contact', { ...lead, email });
      expect(response.status, email).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(['email']);
    }
  });

  it('refuses a blank name', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/contact', { ...lead, name: '   ' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.['name']).toEqual(['is required']);
  });

  it('enforces the length limits of every field', async () => {
    const { json } = await testApp();
    const cases: [string, number][] = [
      ['name', 201],
      ['company', 201],
      ['message', 5001],
    ];
    for (const [field, length] of cases) {
      const response = await json('POST', '/api/contact', { ...lead, [field]: 'x'.repeat(length) });
      expect(response.status, field).toBe(400);
      expect((await errorOf(response)).fields?.[field]?.[0]).toMatch(/at most/);
    }
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(longEmail.length).toBe(255);
    const response = await json('POST', '/api/contact', { ...lead, email: longEmail });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.['email']?.[0]).toMatch(/at most 254/);
  });

  it('accepts fields at exactly their limits', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/contact', {
      name: 'n'.repeat(200),
      email: `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
      company: 'c'.repeat(200),
      message: 'm'.repeat(5000),
    });
    expect(response.status).toBe(201);
  });

  it('refuses unknown fields, wrong types and unknown form types', async () => {
    const { json } = await testApp();
    const unknown = await json('POST', '/api/contact', { ...lead, phone: '555' });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields).toHaveProperty('phone');
    const wrongType = await json('POST', '/api/contact', { ...lead, name: 42 });
    expect(wrongType.status).toBe(400);
    expect(Object.keys((await errorOf(wrongType)).fields ?? {})).toEqual(['name']);
    const formType = await json('POST', '/api/contact', { ...lead, formType: 'newsletter' });
    expect((await errorOf(formType)).fields).toHaveProperty('formType');
  });

  it('requires company and message on the contact page form', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/contact', { ...lead, formType: 'contact-page' });
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).fields ?? {}).sort()).toEqual([
      'company',
      'message',
    ]);
  });

  it('answers malformed JSON with 400, other content types with 415', async () => {
    const { json, app } = await testApp();
    const malformed = await json('POST', '/api/contact', '{"name":');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toBe('The request body is not valid JSON');
    const form = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Dana&email=dana%40example.com',
    });
    expect(form.status).toBe(415);
    expect((await errorOf(form)).code).toBe('unsupported_media_type');
  });

  it('answers 413 to an oversized body', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/contact', { ...lead, message: 'x'.repeat(40_000) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
  });

  it('has no GET', async () => {
    const { json } = await testApp();
    expect((await json('GET', '/api/contact')).status).toBe(404);
  });
});
