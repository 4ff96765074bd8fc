// Request validation with the shared zod schemas; failures become the 400 envelope
// with one entry per invalid field.
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import type * as z from 'zod';
import { ApiError, validationError } from './errors.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Refuses non-JSON bodies with 415 instead of validating an empty object. */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'The request body must be JSON (Content-Type: application/json)',
    );
  }
  await next();
};

/** Refuses a body over maxBytes with 413: "{what} must be at most {maxBytes} bytes". */
export function limitBody(maxBytes: number, what = 'The request body'): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `${what} must be at most ${maxBytes} bytes`);
    },
  });
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) throw validationError(result.error.issues);
  });
}

export function params<T extends z.ZodType>(schema: T) {
  return zValidator('param', schema, (result) => {
    // A malformed id can never exist, so it is "not found" rather than a field error.
    if (!result.success) throw new ApiError(404, 'not_found', 'Not found');
  });
}

/**
 * The query string, one value per key as `c.req.query()` gives it, checked by `schema`:
 * the one query validator of the routes (`c.req.valid('query')`).
 * Failures answer the 400 envelope naming each field, or `refusal`'s answer where a route
 * words its own.
 */
export function query<T extends z.ZodType>(
  schema: T,
  refusal: (issues: readonly z.core.$ZodIssue[]) => ApiError = validationError,
) {
  return validator('query', (_value, c): z.output<T> => {
    const parsed = schema.safeParse(c.req.query());
    if (!parsed.success) throw refusal(parsed.error.issues);
    return parsed.data;
  });
}
