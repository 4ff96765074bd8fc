// The contact forms' submission without React: which field errors a form shows, the body
// it sends, the minimum sending time, and how an answer becomes a failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpError } from '../lib/api-client.ts';
import {
  atLeast,
  fieldErrorsFor,
  firstFieldWithError,
  prepareContact,
  sendContact,
  type ContactFieldErrors,
} from './use-contact-submit.ts';

type Field = 'name' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'message'];
const VALUES = { name: 'Dana', email: 'dana@example-pharma.com', message: '', website: '' };

describe('fieldErrorsFor', () => {
  it("keeps the form's own fields and drops the others", () => {
    expect(
      fieldErrorsFor(
        { name: ['is required'], role: ['is too long'], toString: ['x'], email: [] },
        FIELDS,
      ),
    ).toEqual({ name: ['is required'], email: [] });
    expect(fieldErrorsFor({}, FIELDS)).toEqual({});
  });
});

describe('firstFieldWithError', () => {
  it('is the first field on screen with a message', () => {
    const errors: ContactFieldErrors<Field> = { message: ['x'], email: ['y'], name: [] };
    expect(firstFieldWithError(errors, FIELDS)).toBe('email');
    expect(firstFieldWithError({}, FIELDS)).toBeUndefined();
  });
});

describe('prepareContact', () => {
  it("sends the form's body with the attribution after it", () => {
    const prepared = prepareContact(
      { body: (values) => ({ ...values, formType: 'general' }) },
      VALUES,
      { attribution: { referrerHost: 'news.example.org' } },
    );
    expect(prepared).toEqual({
      body: { ...VALUES, formType: 'general', attribution: { referrerHost: 'news.example.org' } },
    });
    // Key order is the wire order.
    expect(Object.keys('body' in prepared ? prepared.body : {})).toEqual([
      'name',
      'email',
      'message',
      'website',
      'formType',
      'attribution',
    ]);
  });

  it("stops at the form's check, which sees the whole body", () => {
    const validate = vi.fn(() => ({ message: 'Fix it.', fields: { name: ['is required'] } }));
    const prepared = prepareContact(
      { body: (values) => ({ name: values.name }), validate },
      VALUES,
      {},
    );
    expect(prepared).toEqual({
      failure: { message: 'Fix it.', fields: { name: ['is required'] } },
    });
    expect(validate).toHaveBeenCalledWith({ name: 'Dana' });
    expect(prepareContact({ body: () => ({}), validate: () => undefined }, VALUES, {})).toEqual({
      body: {},
    });
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

  const http = vi.fn((error: HttpError, fields: ContactFieldErrors<Field>) => ({
    message: `${error.status} ${error.detail}`,
    fields,
  }));
  const options = { fields: FIELDS, failureText: { http, network: () => 'Offline.' } };

  it('posts the body as JSON to /api/contact and reports no failure once stored', async () => {
    const fetch = vi.fn(
      async () => new Response('{"id":"l1","status":"received"}', { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(sendContact({ name: 'Dana' }, options)).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Dana"}',
    });
  });

  it("gives an API error to the form's sentence with the form's field errors", async () => {
    const envelope = {
      error: {
        code: 'validation_failed',
        message: 'Invalid request',
        fields: { name: ['must be on one line'], landingPageId: ['is too long'] },
      },
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(envelope), { status: 400 }));
    await expect(sendContact({}, options)).resolves.toEqual({
      message: '400 Invalid request',
      fields: { name: ['must be on one line'] },
    });
  });

  it("gives a network failure the form's sentence and no field errors", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendContact({}, options)).resolves.toEqual({ message: 'Offline.', fields: {} });
  });
});
