// Where the client's IP comes from depends on what sits in front of the app; the
// resolver is chosen at start-up, never guessed from headers a client can forge.
/**
 * What a resolver reads of a request: a Hono Context is one, and so is the front server's
 * view of a request that never reaches Hono (functions/server/http.ts requestClientIp).
 */
export interface ClientIpSource {
  /** The adapter's environment: the Node request as `incoming`, or the Lambda `event`. */
  env: unknown;
  req: { header(name: string): string | undefined };
}

export type ClientIpResolver = (c: ClientIpSource) => string;

/** The socket's peer address (@hono/node-server hands the Node request in c.env). */
function peerAddress(c: ClientIpSource): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  return address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

/**
 * Local Node server. `trustedProxies` (TRUST_PROXY) says how many proxies of ours stand in
 * front: 0 (the default) uses the socket address and ignores X-Forwarded-For, which any
 * client can write; N > 0 takes the Nth entry from the right of X-Forwarded-For (the
 * address our outermost proxy saw), since entries further left are the client's own.
 */
export function socketIp(trustedProxies = 0): ClientIpResolver {
  return (c) => {
    const peer = peerAddress(c);
    if (trustedProxies > 0) {
      const chain = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const candidate = chain[chain.length - trustedProxies];
      if (candidate && isIp(candidate)) return candidate;
    }
    return peer ?? 'unknown';
  };
}

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;
const isIp = (value: string) => IPV4.test(value) || (value.includes(':') && IPV6.test(value));

/**
 * Lambda behind CloudFront: CloudFront sets CloudFront-Viewer-Address ("ip:port") and
 * overwrites any value a client sends; the API Gateway source IP is the fallback.
 */
export const cloudFrontIp: ClientIpResolver = (c) => {
  const viewer = c.req.header('cloudfront-viewer-address');
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')).replace(/^\[|\]$/g, '');
  const env = c.env as
    { event?: { requestContext?: { http?: { sourceIp?: string } } } } | undefined;
  return env?.event?.requestContext?.http?.sourceIp ?? 'unknown';
};

/** In-process API tests (app.request has no socket): the first X-Forwarded-For entry. */
export const forwardedForIp: ClientIpResolver = (c) =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
