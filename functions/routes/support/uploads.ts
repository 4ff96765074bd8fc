// What the upload routers share (objects, the S3-compatible multipart API, gated-download
// assets): the signing options for the storage's URLs and a new ticketed upload.
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { trustedForwarded } from '../../lib/forwarded.ts';
import { newMediaId } from '../../data/media/store.ts';
import type { UploadTicket } from '../../data/media/tickets.ts';
import { pendingKeyOf } from '../../shared/media.ts';
import type { SignOptions } from '../../storage/object-store.ts';
import { actorEmail } from './actor.ts';

/**
 * The origin the browser used, for URLs of the local server (disk driver). Behind a
 * trusted proxy (TRUST_PROXY) that ends TLS, its X-Forwarded-Proto names the scheme.
 */
export function signOptions(c: Context<AppEnv>): SignOptions {
  const { env } = c.get('services').config;
  const url = new URL(c.req.url);
  const forwarded = trustedForwarded(c, 'x-forwarded-proto');
  if (forwarded === 'https' || forwarded === 'http') {
    url.protocol = `${forwarded}:`;
  }
  return {
    origin: url.origin,
    expiresIn: env.UPLOAD_URL_TTL_SECONDS,
    maxBytes: env.MEDIA_MAX_BYTES,
  };
}

/**
 * A new ticketed upload (functions/data/media/tickets.ts): a fresh id and pending key, and for a
 * multipart upload the storage's uploadId, recorded together.
 */
export async function newUpload(
  c: Context<AppEnv>,
  fileName: string,
  options: { multipart?: boolean } = {},
): Promise<UploadTicket> {
  const services = c.get('services');
  const id = newMediaId();
  const key = pendingKeyOf(id);
  const uploadId = options.multipart ? await services.objects.createMultipart(key) : undefined;
  return services.media.createTicket(
    {
      id,
      key,
      fileName: fileName.trim().slice(0, 255),
      requestedBy: actorEmail(c),
      ...(uploadId ? { uploadId } : {}),
    },
    services.config.env.UPLOAD_URL_TTL_SECONDS,
  );
}
