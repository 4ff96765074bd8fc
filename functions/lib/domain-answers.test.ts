// The domain errors (functions/core/domain-errors.ts) reach the client through the app's one
// error handler and its one table (functions/lib/errors.ts DOMAIN_ANSWERS), not through
// per-route translations: a route that lets one through answers the same envelope as the
// existing route tests pin.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app-builder.ts';
import { testApp } from '../test/harness.ts';
import type { AppEnv } from './context.ts';
import {
  ConflictError,
  DomainError,
  InvalidError,
  NotFoundError,
  TooLargeError,
  UnprocessableError,
  UnsupportedError,
} from '../core/domain-errors.ts';
import { DOMAIN_ANSWERS, domainAnswer } from './errors.ts';

describe('domain errors', () => {
  it('answer their status, code, message and fields through onError, untranslated', async () => {
    const { services } = await testApp();
    const thrown: DomainError[] = [
      new NotFoundError('Landing page not found'),
      new ConflictError('The slug is taken', { slug: ['is already used by another page'] }),
      new InvalidError('Invalid request: cursor is stale', { cursor: ['is stale'] }),
      new TooLargeError('The file is too big'),
      new UnsupportedError('The file is not an image'),
      new UnprocessableError('The image cannot be decoded'),
    ];
    const router = new Hono<AppEnv>().get('/:n', (c) => {
      throw thrown[Number(c.req.param('n'))]!;
    });
    const app = buildApp(services, [{ path: '/throws', router }]);
    const answers = await Promise.all(
      thrown.map(async (_, n) => {
        const response = await app.request(`/api/throws/${n}`);
        return [response.status, await response.json()];
      }),
    );
    expect(answers).toEqual([
      [404, { error: { code: 'not_found', message: 'Landing page not found' } }],
      [
        409,
        {
          error: {
            code: 'conflict',
            message: 'The slug is taken',
            fields: { slug: ['is already used by another page'] },
          },
        },
      ],
      [
        400,
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid request: cursor is stale',
            fields: { cursor: ['is stale'] },
          },
        },
      ],
      [413, { error: { code: 'payload_too_large', message: 'The file is too big' } }],
      [415, { error: { code: 'unsupported_media_type', message: 'The file is not an image' } }],
      [422, { error: { code: 'unprocessable', message: 'The image cannot be decoded' } }],
    ]);
  });

  it('are all in the one table', () => {
    for (const [kind, answer] of Object.entries(DOMAIN_ANSWERS)) {
      expect(
        domainAnswer(
          new (class extends DomainError {
            readonly kind = kind as DomainError['kind'];
          })('x'),
        ).status,
      ).toBe(answer.status);
    }
  });
});
