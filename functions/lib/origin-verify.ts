// In AWS the API Gateway endpoint is public, but only requests through CloudFront carry
// CloudFront's own CloudFront-Viewer-Address (the client IP behind every rate limit) and its
// security headers. CloudFront adds a secret X-Origin-Verify header (infra/constructs/api.ts);
// with ORIGIN_VERIFY_SECRET set, a request without the right value is refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { VisitorEnv } from './context.ts';
import type { ErrorBody } from './errors.ts';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

// Hashing first gives both sides the same length, so the comparison's time says nothing
// about the secret's length or any prefix of it.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** True when `received` equals `expected`, compared in constant time. */
export function originSecretMatches(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  return timingSafeEqual(digest(expected), digest(received));
}

/** Refuses requests that did not come through CloudFront; a no-op when no secret is set. */
export const originVerify: MiddlewareHandler<VisitorEnv> = async (c, next) => {
  const expected = c.get('services').config.env.ORIGIN_VERIFY_SECRET;
  if (
    expected !== undefined &&
    !originSecretMatches(expected, c.req.header(ORIGIN_VERIFY_HEADER))
  ) {
    return c.json<ErrorBody>(
      { error: { code: 'forbidden', message: 'Requests must come through the site' } },
      403,
    );
  }
  return next();
};
