// /api/objects: docs/requirements.md §7's upload calls. POST /upload hands out a presigned PUT for a new
// pending object; POST /acl publishes it (functions/media/library.ts checks and re-encodes
// it) and answers the media record. Both admin-only. Also the local server's upload
// endpoint (/api/objects/local/...), where the disk driver's signed URLs point: no session
// (the signature is the credential, as with S3), and mounted before the API's body limit
// (functions/app.ts) because bodies are streamed to disk with their own signed limit.
import { Hono, type Context } from 'hono';
import { requirePermission } from '../lib/auth.ts';
import type { AppEnv, Services } from '../lib/context.ts';
import { ApiError } from '../lib/errors.ts';
import type { UploadTicket } from '../data/media/tickets.ts';
import {
  fileNameOf,
  processPending,
  storeMain,
  storeVariants,
  uploadTicket,
} from '../media/library.ts';
import {
  mediaIdFromObjectPath,
  objectPathOf,
  mediaRecordSchema,
  publishRequestSchema,
  uploadTicketSchema,
  type MediaRecord,
  type UploadTicket as UploadTicketResponse,
} from '../shared/media.ts';
import { defineRoute, mount } from './support/define-route.ts';
import { audit } from './support/audit.ts';
import { newUpload, signOptions } from './support/uploads.ts';
import { actorEmail } from './support/actor.ts';

/** Publishes a ticketed upload as a new image (version 1). */
async function publish(
  c: Context<AppEnv>,
  services: Services,
  ticket: UploadTicket,
): Promise<{ record: MediaRecord; created: boolean }> {
  const { image } = await processPending(services, ticket);
  // Nothing is served before the record exists: variants, then the main object, then the
  // record (a new id has no readers yet, so the order only matters for a crash).
  const content = await storeVariants(services, ticket.id, 1, image);
  await storeMain(services, ticket.id, image);
  const now = services.now().toISOString();
  const record: MediaRecord = {
    id: ticket.id,
    objectPath: objectPathOf(ticket.id),
    fileName: fileNameOf(ticket),
    alt: '',
    caption: '',
    uploadedBy: actorEmail(c),
    uploadedAt: now,
    updatedAt: now,
    version: 1,
    ...content,
  };
  const result = await services.media.publish(record, ticket);
  if (result === 'no_ticket') {
    throw new ApiError(409, 'conflict', 'This upload was withdrawn while it was being published');
  }
  await services.objects.delete([ticket.key]);
  if (result === 'exists') {
    const existing = await services.media.get(ticket.id);
    if (existing) return { record: existing, created: false };
  }
  await audit(
    c,
    'create',
    `Image ${record.fileName} uploaded (${record.objectPath}, ${record.width}×${record.height})`,
  );
  return { record, created: true };
}

export const startUpload = defineRoute(
  {
    method: 'post',
    path: '/upload',
    permission: 'edit',
    summary: 'A presigned PUT URL for a new image upload',
    responses: { 200: uploadTicketSchema },
  },
  async (c) => {
    const services = c.get('services');
    // No body (docs/requirements.md §7); the file name, if any, comes with the companion calls instead.
    const ticket = await newUpload(c, '');
    const uploadURL = await services.objects.presignPut(ticket.key, signOptions(c));
    return c.json<UploadTicketResponse>({ uploadURL, objectPath: objectPathOf(ticket.id) });
  },
);

export const publishUpload = defineRoute(
  {
    method: 'post',
    path: '/acl',
    permission: 'edit',
    summary: 'Publishes an uploaded image to the media library (200 when it already was)',
    request: { json: publishRequestSchema },
    responses: { 200: mediaRecordSchema, 201: mediaRecordSchema },
  },
  async (c, { json: { objectPath } }) => {
    const services = c.get('services');
    const id = mediaIdFromObjectPath(objectPath)!;
    // Publishing twice (a retry after a lost answer) answers the record again.
    const existing = await services.media.get(id);
    if (existing) return c.json(existing, 200);
    const ticket = await uploadTicket(services, id);
    if (!ticket) throw new ApiError(404, 'not_found', `No upload is waiting at ${objectPath}`);
    const { record, created } = await publish(c, services, ticket);
    return c.json(record, created ? 201 : 200);
  },
);

export const objects = mount(new Hono<AppEnv>().use(requirePermission('edit')), [
  startUpload,
  publishUpload,
]);

/** The disk driver's signed upload URLs (PUT single/part, POST form). */
export const localUploads = new Hono<AppEnv>().all('/*', async (c) => {
  const receiver = c.get('services').objects.localUploads;
  if (!receiver) {
    throw new ApiError(404, 'not_found', 'Uploads go to the S3 bucket here, not to the API');
  }
  return receiver.receive(c.req.raw);
});
