// Who made an admin change, as audit entries and repositories record it: the signed-in
// account's e-mail and the client's address (an IPv6 address as the client sent it; the rate
// limiter keys on its /64 itself). One definition for every router.
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

export interface Actor {
  email: string;
  ip: string;
}

/** The signed-in account's e-mail ('unknown' only where a route runs without a session). */
export const actorEmail = (c: Context<AppEnv>): string => c.get('admin')?.email ?? 'unknown';

/** The account and the address a change came from. */
export const actorOf = (c: Context<AppEnv>): Actor => ({
  email: actorEmail(c),
  ip: c.get('services').clientIp(c),
});
