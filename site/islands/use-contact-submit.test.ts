// The contact forms' submission without React: the body a definition's form sends with the
// visit's attribution, the checks before sending, hidden fields filled at sending time, the
// minimum sending time, and how an answer becomes a failure with its errors placed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtInForm } from '../../functions/shared/forms/built-in.ts';
import { publicForm, type PublicForm } from '../../functions/shared/forms/public-form.ts';
import type { HttpError } from '../lib/api-client.ts';
import { CONSENT_KEY, initialValues } from './forms/form-values.ts';
import {
  atLeast,
  prepareContact,
  sendContact,
  withHiddenValues,
  type PlacedErrors,
} from './use-contact-submit.ts';

const demo = await publicForm('demo-request', builtInForm('demo-request'));
const withConsent: PublicForm = {
  ...demo,
  id: 'webinar',
  fields: [
    ...demo.fields,
    {
      name: 'source',
      label: 'Source',
      type: 'hidden',
      required: false,
      fill: { from: 'url', param: 'utm_source' },
    },
  ],
  consent: { required: true, text: 'I agree.', privacyUrl: '', version: '0123456789abcdef' },
};
const VALUES = { ...initialValues(demo.fields), name: 'Dana', email: 'dana@example-pharma.com' };
const TEXT = { check: 'Fix it.', http: () => ({ message: '', fields: {} }), network: () => '' };

describe('prepareContact', () => {
  it('sends the form body with the attribution after it', () => {
    const prepared = prepareContact(
      demo,
      VALUES,
      { landingPageId: 'default', failureText: TEXT },
      {
        attribution: { referrerHost: 'news.example.org' },
        variantId: 'b',
        experimentId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      },
    );
    expect(prepared).toEqual({
      body: {
        formId: 'demo-request',
        fields: { name: 'Dana', email: 'dana@example-pharma.com', company: '', message: '' },
        landingPageId: 'default',
        website: '',
        attribution: { referrerHost: 'news.example.org' },
        variantId: 'b',
        experimentId: '0f8fad5b-d9cb-469f-a165-70867728950e',
        // The definition's locale (issue 39): its consent version is that locale's.
        locale: 'en-US',
      },
    });
    // Key order is the wire order.
    expect(Object.keys('body' in prepared ? prepared.body : {})).toEqual([
      'formId',
      'fields',
      'landingPageId',
      'website',
      'locale',
      'attribution',
      'variantId',
      'experimentId',
    ]);
  });

  it('stops a required field of spaces and an unticked required consent', () => {
    const values = { ...initialValues(withConsent.fields), name: '  ', email: 'dana@example.com' };
    expect(prepareContact(withConsent, values, { failureText: TEXT }, {})).toEqual({
      failure: {
        message: 'Fix it.',
        fields: { name: ['is required'], [CONSENT_KEY]: ['must be ticked to send this form'] },
      },
    });
    const ticked = { ...values, name: 'Dana', [CONSENT_KEY]: true };
    expect(prepareContact(withConsent, ticked, { failureText: TEXT }, {})).toMatchObject({
      body: { consent: true, consentVersion: '0123456789abcdef' },
    });
  });
});

describe('withHiddenValues', () => {
  it('fills hidden fields from the page at sending time, whatever they held', () => {
    const values = { ...initialValues(withConsent.fields), source: 'typed-by-hand' };
    const facts = { search: '?utm_source=newsletter', pageId: 'default', path: '/' };
    expect(withHiddenValues(withConsent, values, facts)['source']).toBe('newsletter');
    expect(withHiddenValues(withConsent, values, { ...facts, search: '' })['source']).toBe('');
  });
});

describe('atLeast', () => {
  afterEach(() => void vi.useRealTimers());

  it('answers no earlier than the minimum, with the result or the error', async () => {
    vi.useFakeTimers();
    let done = false;
    const fast = atLeast(Promise.resolve('ok'), 1000).then((value) => ((done = true), value));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(fast).resolves.toBe('ok');

    let failed = false;
    const failing = atLeast(Promise.reject(new Error('down')), 1000).catch((error: unknown) => {
      failed = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failing).toEqual(new Error('down'));
  });

  it('adds no wait without a minimum', async () => {
    vi.useFakeTimers();
    await expect(atLeast(Promise.resolve(1), 0)).resolves.toBe(1);
  });
});

describe('sendContact', () => {
  afterEach(() => void vi.unstubAllGlobals());

  const http = vi.fn((error: HttpError, placed: PlacedErrors) => ({
    message: `${error.status} ${error.detail} [${placed.unplaced.join(',')}]`,
    fields: placed.fields,
  }));
  const options = { failureText: { ...TEXT, http, network: () => 'Offline.' } };

  it('posts the body as JSON to /api/contact and reports no failure once stored', async () => {
    const fetch = vi.fn(
      async () => new Response('{"id":"l1","status":"received"}', { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(sendContact({ formId: 'demo-request' }, demo, options)).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"formId":"demo-request"}',
    });
  });

  it("gives an API error to the form's sentence with its errors placed", async () => {
    const envelope = {
      error: {
        code: 'validation_error',
        message: 'Invalid request',
        fields: {
          'fields.name': ['must be on one line'],
          consent: ['must be ticked to send this form'],
          'fields.source': ['is not a field of this form'],
        },
      },
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(envelope), { status: 400 }));
    await expect(sendContact({}, withConsent, options)).resolves.toEqual({
      message: '400 Invalid request [fields.source]',
      fields: {
        name: ['must be on one line'],
        [CONSENT_KEY]: ['must be ticked to send this form'],
      },
    });
  });

  it("gives a network failure the form's sentence and no field errors", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendContact({}, demo, options)).resolves.toEqual({
      message: 'Offline.',
      fields: {},
    });
  });
});
