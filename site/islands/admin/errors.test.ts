// Issue 22 A: the admin shows no raw status line ("409: ...") anywhere; every API failure
// reaches the administrator as a sentence (errors.ts).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/api-client.ts';
import { asSentence, describeError } from './api.ts';

const envelope = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe('describeError', () => {
  it('uses the API envelope message as a sentence, without the status', () => {
    const error = new HttpError(
      409,
      envelope('conflict', 'The image changed meanwhile; reload and try again'),
      'Conflict',
    );
    expect(describeError(error)).toBe('The image changed meanwhile; reload and try again.');
  });

  it('drops the "Invalid request:" prefix of validation messages', () => {
    const error = new HttpError(
      400,
      envelope('validation_failed', 'Invalid request: slug is taken'),
      'Bad Request',
    );
    expect(describeError(error)).toBe('Slug is taken.');
  });

  it('gives every status without a message a sentence, never the code', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 429, 500, 502, 503, 418]) {
      const text = describeError(new HttpError(status, '', 'Whatever'));
      expect(text).not.toMatch(/\d{3}/);
      expect(text).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('does not show a proxy HTML page or a bare "Not found"', () => {
    expect(describeError(new HttpError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBe(
      'The server could not finish this. Try again in a moment.',
    );
    expect(
      describeError(new HttpError(404, envelope('not_found', 'Not found'), 'Not Found')),
    ).toMatch(/^It no longer exists\./);
  });

  it('says when to try again after a rate limit', () => {
    const error = new HttpError(
      429,
      envelope('rate_limited', 'Too many attempts; try again later'),
      'x',
      '120',
    );
    expect(describeError(error)).toBe('Too many attempts. Try again in 2 minutes.');
  });

  it('explains a network failure', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check the connection and try again.',
    );
  });
});

describe('asSentence', () => {
  it('capitalises and closes a message once', () => {
    expect(asSentence('must be at most 80 characters')).toBe('Must be at most 80 characters.');
    expect(asSentence('Done.')).toBe('Done.');
  });
});
