// Where the client's IP comes from depends on what sits in front of the app; the
// resolver is chosen at start-up, never guessed from headers a client can forge.
import type { Context } from 'hono';

export type ClientIpResolver = (c: Context) => string;

/** Local Node server: the socket's peer address (@hono/node-server puts it in c.env). */
export const socketIp: ClientIpResolver = (c) => {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
};

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

/** Tests (app.request has no socket): the first X-Forwarded-For entry. */
export const forwardedForIp: ClientIpResolver = (c) =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
