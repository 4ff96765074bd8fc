// The islands' envelope parser agrees with the shared envelope schema, and HttpError
// reads like docs/requirements.md §8 ("status: body text") with the envelope's own message.
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../functions/shared/error-envelope.ts';
import { describeError, HttpError, parseErrorEnvelope } from './api-client.ts';

const bodies: unknown[] = [
  { error: { code: 'conflict', message: 'Taken' } },
  { error: { code: 'validation_failed', message: 'Bad', fields: { title: ['is required'] } } },
  { error: { code: 'internal', message: 'Oops', requestId: 'r-1' } },
  { error: { code: 'conflict', message: 'y', fields: { a: 'not a list' } } },
  { error: { code: 'conflict', message: 'y', fields: ['a'] } },
  { error: { code: 1, message: 'y' } },
  { error: { message: 'no code' } },
  { error: 'text' },
  { message: 'no envelope' },
  null,
  [],
];

describe('parseErrorEnvelope', () => {
  it('accepts exactly what errorEnvelopeSchema accepts', () => {
    for (const body of bodies) {
      const schema = errorEnvelopeSchema.safeParse(body);
      const parsed = parseErrorEnvelope(JSON.stringify(body));
      expect(parsed, JSON.stringify(body)).toEqual(schema.success ? schema.data.error : undefined);
    }
  });

  it('reads a code the schema does not list (a newer server), which the schema refuses', () => {
    const body = { error: { code: 'teapot', message: 'Short and stout' } };
    expect(errorEnvelopeSchema.safeParse(body).success).toBe(false);
    expect(parseErrorEnvelope(JSON.stringify(body))).toEqual(body.error);
  });

  it('ignores bodies that are not JSON', () => {
    expect(parseErrorEnvelope('<html>Bad gateway</html>')).toBeUndefined();
    expect(parseErrorEnvelope('')).toBeUndefined();
  });
});

describe('HttpError', () => {
  it('keeps docs/requirements.md §8 in its message and the envelope in its fields', () => {
    const body = JSON.stringify({
      error: { code: 'conflict', message: 'Slug taken', fields: { slug: ['is taken'] } },
    });
    const error = new HttpError(409, body, 'Conflict');
    expect(error.message).toBe(`409: ${body}`);
    expect(error.display).toBe('409: Slug taken');
    expect(error.code).toBe('conflict');
    expect(error.fields).toEqual({ slug: ['is taken'] });
    expect(describeError(error)).toBe('409: Slug taken');
  });

  it('falls back to the body text, then the status text', () => {
    expect(new HttpError(502, 'Bad gateway', 'Bad Gateway').display).toBe('502: Bad gateway');
    const empty = new HttpError(503, '', 'Service Unavailable');
    expect(empty.message).toBe('503: Service Unavailable');
    expect(empty.fields).toEqual({});
    expect(empty.code).toBeUndefined();
  });
});
