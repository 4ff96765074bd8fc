// Rate limits by client address that several routers apply (sign-in links, password
// reset, the public forms): one counter per bucket and address (an IPv6 address by its /64,
// see functions/core/client-address.ts), 429 with Retry-After past the rule.
import type { Context } from 'hono';
import type { RateRule } from '../../data/rate-limit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';

/** Setup and invitation links: attempts per IP in a window (tokens are 256-bit anyway). */
const LINK_WINDOW_SECONDS = 15 * 60;

/**
 * Setup, invitation and password reset links: attempts per address in a window, 429 past
 * LOGIN_IP_LIMIT.
 */
export const limitLinkAttempts = (c: Context<AppEnv>) =>
  limitAddress(c, 'setup-ip', {
    limit: c.get('services').config.env.LOGIN_IP_LIMIT,
    windowSeconds: LINK_WINDOW_SECONDS,
  });

/**
 * Counts a request of the client's address (an IPv6 address by its /64: the rate limiter
 * keys on limitKey) in `bucket`; past the rule's limit, 429 with Retry-After.
 */
export async function limitAddress(
  c: Context<AppEnv>,
  bucket: string,
  rule: RateRule,
): Promise<void> {
  const services = c.get('services');
  const limited = await services.rateLimiter.hit(bucket, services.clientIp(c), rule);
  if (!limited.allowed) {
    c.header('Retry-After', String(limited.retryAfterSeconds));
    throw new ApiError(429, 'rate_limited', 'Too many attempts; try again later');
  }
}
