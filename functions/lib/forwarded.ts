// X-Forwarded-* headers are anyone's writing unless proxies of ours stand in front
// (TRUST_PROXY=N): then the Nth entry from the right is the one our outermost proxy wrote,
// as for X-Forwarded-For (functions/lib/client-ip.ts). Kept apart from auth.ts so the
// public function's session check (session.ts) uses the same rule without auth's code.
import type { Context } from 'hono';
import type { VisitorEnv } from './context.ts';

/** The trusted entry of an X-Forwarded-* header, or undefined without TRUST_PROXY. */
export function trustedForwarded<E extends VisitorEnv>(
  c: Context<E>,
  name: string,
): string | undefined {
  const trusted = c.get('services').config.env.TRUST_PROXY;
  if (trusted <= 0) return undefined;
  const chain = (c.req.header(name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain[chain.length - Math.min(trusted, chain.length)];
}
