// /api/s3: the Companion-style signing endpoints @uppy/aws-s3 v6 calls with
// companionEndpoint "/api" (docs/requirements.md §7), for both storage drivers. Read from the plugin's
// source (lib/s3-client/CompanionS3.js): small files are a POST-policy form upload signed
// by GET /params; files above the multipart threshold use create, sign part, list parts,
// complete and abort. Keys are server-generated (pending/<uuid>) and every key and uploadId
// must belong to a ticket this server handed out (functions/data/media/tickets.ts). Browsers never
// get AWS credentials: /sts answers 501. GET /params changes nothing (issue 33): its ticket
// is a signed token the POST form stores as the upload's metadata, read back when the upload
// is published (functions/media/library.ts uploadTicket); the multipart calls, POSTs, store
// theirs. requireAdmin still refuses every request another site makes (functions/lib/auth.ts).
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { requirePermission } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError } from '../lib/errors.ts';
import { jsonBody, query, requireJson } from '../lib/validate.ts';
import { newMediaId } from '../data/media/store.ts';
import { TICKET_METADATA, type UploadTicket } from '../data/media/tickets.ts';
import {
  CANNOT_SIGN_MESSAGE,
  MAX_PARTS,
  mediaIdFromPendingKey,
  objectPathOf,
  pendingKeyOf,
  s3CompleteSchema,
  s3CreateMultipartSchema,
  s3ParamsQuerySchema,
  type S3CompleteResponse,
  type S3CreateMultipartResponse,
  type S3ParamsResponse,
  type S3Part,
  type S3SignPartResponse,
} from '../shared/media.ts';
import { ObjectStoreError } from '../storage/object-store.ts';
import { newUpload, signOptions } from './support/uploads.ts';

const uploadIdSchema = z.string().min(1).max(1024);

/** The S3 companion protocol's answer to a bad query: the first problem, named. */
function s3QueryRefusal(issues: readonly z.core.$ZodIssue[]): ApiError {
  const issue = issues[0]!;
  const field = issue.path.join('.') || 'query';
  return new ApiError(400, 'validation_failed', `Invalid request: ${field} ${issue.message}`, {
    [field]: [issue.message],
  });
}

const keyQuery = query(
  z.object({ key: z.string().min(1, 'is required').max(200) }),
  s3QueryRefusal,
);

/**
 * The ticket a key belongs to, and (for multipart calls) the uploadId it holds: anything
 * this server did not hand out, or that is finished, is unknown (404).
 */
async function ticketFor(
  c: Context<AppEnv>,
  key: string,
  uploadId?: string,
): Promise<UploadTicket> {
  const unknown = new ApiError(
    404,
    'not_found',
    'Unknown upload: this server did not hand out that key and uploadId',
  );
  const id = mediaIdFromPendingKey(key);
  if (!id) throw unknown;
  const ticket = await c.get('services').media.ticket(id);
  if (!ticket || ticket.key !== key) throw unknown;
  if (uploadId !== undefined && ticket.uploadId !== uploadId) throw unknown;
  return ticket;
}

function storeError(error: unknown): unknown {
  if (!(error instanceof ObjectStoreError)) return error;
  if (error.code === 'no_such_upload') {
    return new ApiError(404, 'not_found', 'The multipart upload is finished, aborted or unknown');
  }
  return new ApiError(400, 'bad_request', error.message);
}

/**
 * Ends a multipart upload that is over MEDIA_MAX_BYTES, in storage and its ticket, and
 * answers why: nothing of it is kept, and the uploader starts again with a smaller file.
 */
async function refuseOversize(
  c: Context<AppEnv>,
  ticket: UploadTicket,
  uploadId: string,
  size: string,
): Promise<never> {
  const services = c.get('services');
  await services.objects.abortMultipart(ticket.key, uploadId).catch((error: unknown) => {
    if (!(error instanceof ObjectStoreError && error.code === 'no_such_upload')) throw error;
  });
  await services.media.dropTicket(ticket.id);
  const max = services.config.env.MEDIA_MAX_BYTES;
  throw new ApiError(
    413,
    'payload_too_large',
    `The file is ${size} bytes; at most ${max} bytes are accepted`,
  );
}

export const s3 = new Hono<AppEnv>()
  .use(requirePermission('edit'))
  .get('/sts', () => {
    throw new ApiError(
      501,
      'not_implemented',
      'Temporary AWS credentials are never given to browsers: uploads use the presigned ' +
        'URLs of /api/s3/params and /api/s3/multipart (companionEndpoint "/api")',
    );
  })
  .get('/params', query(s3ParamsQuerySchema, s3QueryRefusal), async (c) => {
    const { filename } = c.req.valid('query');
    const services = c.get('services');
    const id = newMediaId();
    const options = signOptions(c);
    const ticket = await services.media.signTicket(
      { id, fileName: filename, requestedBy: c.get('admin')?.email ?? 'unknown' },
      options.expiresIn,
    );
    const { url, fields } = await services.objects.presignPost(pendingKeyOf(id), options, {
      [TICKET_METADATA]: ticket,
    });
    return c.json<S3ParamsResponse>({
      method: 'POST',
      url,
      fields,
      headers: {},
      objectPath: objectPathOf(id),
    });
  })
  .post('/multipart', requireJson, jsonBody(s3CreateMultipartSchema), async (c) => {
    const { filename, size } = c.req.valid('json');
    const max = c.get('services').config.env.MEDIA_MAX_BYTES;
    if (size !== undefined && size > max) {
      throw new ApiError(
        413,
        'payload_too_large',
        `The file is ${size} bytes; at most ${max} bytes are accepted`,
        { size: [`must be at most ${max} bytes`] },
      );
    }
    const ticket = await newUpload(c, filename, { multipart: true });
    return c.json<S3CreateMultipartResponse>({
      uploadId: ticket.uploadId!,
      key: ticket.key,
      objectPath: objectPathOf(ticket.id),
    });
  })
  .get('/multipart/:uploadId', keyQuery, async (c) => {
    const { key } = c.req.valid('query');
    const uploadId = uploadIdSchema.parse(c.req.param('uploadId'));
    const ticket = await ticketFor(c, key, uploadId);
    const parts = await c
      .get('services')
      .objects.listParts(ticket.key, uploadId)
      .catch((error: unknown) => {
        throw storeError(error);
      });
    return c.json<S3Part[]>(parts);
  })
  .get('/multipart/:uploadId/:partNumber', async (c) => {
    const key = c.req.query('key');
    const uploadId = c.req.param('uploadId');
    const partText = c.req.param('partNumber');
    if (!key || !uploadId || !partText) throw new ApiError(400, 'bad_request', CANNOT_SIGN_MESSAGE);
    const partNumber = Number(partText);
    if (!/^\d{1,5}$/.test(partText) || partNumber < 1 || partNumber > MAX_PARTS) {
      throw new ApiError(
        400,
        'validation_failed',
        `Invalid request: partNumber must be 1 to ${MAX_PARTS}`,
        {
          partNumber: [`must be an integer from 1 to ${MAX_PARTS}`],
        },
      );
    }
    const ticket = await ticketFor(c, key, uploadIdSchema.parse(uploadId));
    const services = c.get('services');
    const max = services.config.env.MEDIA_MAX_BYTES;
    // A presigned S3 part URL cannot carry a size limit: the parts stored so far are
    // counted instead (this part's number excluded, as sending it again replaces it), so
    // the part after the one that crossed the limit is not signed. The disk driver refuses
    // the crossing part itself while it streams (functions/storage/disk-receiver.ts).
    const stored = await services.objects
      .listParts(ticket.key, uploadId)
      .catch((error: unknown) => {
        throw storeError(error);
      });
    const others = stored
      .filter((part) => part.PartNumber !== partNumber)
      .reduce((sum, part) => sum + part.Size, 0);
    if (others > max) return refuseOversize(c, ticket, uploadId, `more than ${max}`);
    const options = signOptions(c);
    const url = await c
      .get('services')
      .objects.presignPart(ticket.key, uploadId, partNumber, options);
    return c.json<S3SignPartResponse>({ url, expires: options.expiresIn });
  })
  // Signing with an empty key, uploadId or partNumber segment: docs/requirements.md §7's answer.
  .get('/multipart/*', () => {
    throw new ApiError(400, 'bad_request', CANNOT_SIGN_MESSAGE);
  })
  .post(
    '/multipart/:uploadId/complete',
    requireJson,
    jsonBody(s3CompleteSchema),
    keyQuery,
    async (c) => {
      const { key } = c.req.valid('query');
      const uploadId = uploadIdSchema.parse(c.req.param('uploadId'));
      const ticket = await ticketFor(c, key, uploadId);
      const services = c.get('services');
      const { parts } = c.req.valid('json');
      await services.objects
        .completeMultipart(ticket.key, uploadId, parts)
        .catch((error: unknown) => {
          throw storeError(error);
        });
      // S3 cannot bound a multipart upload's total size: refuse it here, before anyone reads it.
      const size = (await services.objects.size(ticket.key)) ?? 0;
      const max = services.config.env.MEDIA_MAX_BYTES;
      if (size > max) {
        await services.objects.delete([ticket.key]);
        await services.media.dropTicket(ticket.id);
        throw new ApiError(
          413,
          'payload_too_large',
          `The file is ${size} bytes; at most ${max} bytes are accepted`,
        );
      }
      return c.json<S3CompleteResponse>({
        location: services.objects.location(ticket.key, new URL(c.req.url).origin),
        key: ticket.key,
        objectPath: objectPathOf(ticket.id),
      });
    },
  )
  .delete('/multipart/:uploadId', keyQuery, async (c) => {
    const { key } = c.req.valid('query');
    const uploadId = uploadIdSchema.parse(c.req.param('uploadId'));
    const ticket = await ticketFor(c, key, uploadId);
    const services = c.get('services');
    try {
      await services.objects.abortMultipart(ticket.key, uploadId);
    } catch (error) {
      // Already gone in storage: the ticket goes too, and the abort has happened.
      if (!(error instanceof ObjectStoreError && error.code === 'no_such_upload')) throw error;
    }
    await services.media.dropTicket(ticket.id);
    return c.json({});
  });
