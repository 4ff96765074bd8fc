import { describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';

describe('DynamoDB rate limiter', () => {
  it('allows up to the limit per window and subject, then refuses with the time left', async () => {
    let now = new Date('2026-01-01T00:00:10Z');
    const { services } = await testApp({}, { now: () => now });
    const rule = { limit: 3, windowSeconds: 60 };
    const decisions = await Promise.all(
      [1, 2, 3, 4].map(() => services.rateLimiter.hit('login', '10.0.0.1', rule)),
    );
    expect(decisions.map((d) => d.allowed).sort()).toEqual([false, true, true, true]);
    expect(decisions.find((d) => !d.allowed)?.retryAfterSeconds).toBe(50);
    // Another subject has its own budget.
    expect((await services.rateLimiter.hit('login', '10.0.0.2', rule)).allowed).toBe(true);
    // The next window starts afresh.
    now = new Date('2026-01-01T00:01:00Z');
    expect((await services.rateLimiter.hit('login', '10.0.0.1', rule)).count).toBe(1);
  });
});
