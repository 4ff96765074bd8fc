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
import { newMediaId } from '../data/media/store.ts';
import { TICKET_METADATA, type UploadTicket } from '../data/media/tickets.ts';
import {
  CANNOT_SIGN_MESSAGE,
  MAX_PARTS,
  mediaIdFromPendingKey,
  objectPathOf,
  pendingKeyOf,
  s3AbortResponseSchema,
  s3CompleteResponseSchema,
  s3CompleteSchema,
  s3CreateMultipartResponseSchema,
  s3CreateMultipartSchema,
  s3PartListSchema,
  s3ParamsQuerySchema,
  s3ParamsResponseSchema,
  s3SignPartResponseSchema,
  type S3CompleteResponse,
  type S3CreateMultipartResponse,
  type S3ParamsResponse,
  type S3Part,
  type S3SignPartResponse,
} from '../shared/media.ts';
import { errorEnvelopeSchema } from '../shared/error-envelope.ts';
import { ObjectStoreError } from '../storage/object-store.ts';
import { defineRoute, mount } from './support/define-route.ts';
import { newUpload, signOptions } from './support/uploads.ts';

const uploadIdSchema = z.string().min(1).max(1024);
const uploadParam = z.object({ uploadId: uploadIdSchema });

/** The S3 companion protocol's answer to a bad query: the first problem, named. */
function s3QueryRefusal(issues: readonly z.core.$ZodIssue[]): ApiError {
  const issue = issues[0]!;
  const field = issue.path.join('.') || 'query';
  return new ApiError(400, 'validation_failed', `Invalid request: ${field} ${issue.message}`, {
    [field]: [issue.message],
  });
}

const keyQuery = z.object({ key: z.string().min(1, 'is required').max(200) });

/** docs/requirements.md §7's answer to signing without a key, an uploadId or a partNumber. */
const cannotSign = () => new ApiError(400, 'bad_request', CANNOT_SIGN_MESSAGE);

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

export const refuseCredentials = defineRoute(
  {
    method: 'get',
    path: '/sts',
    permission: 'edit',
    summary: 'Temporary AWS credentials: always refused (501), uploads use presigned URLs',
    responses: { 501: errorEnvelopeSchema },
  },
  () => {
    throw new ApiError(
      501,
      'not_implemented',
      'Temporary AWS credentials are never given to browsers: uploads use the presigned ' +
        'URLs of /api/s3/params and /api/s3/multipart (companionEndpoint "/api")',
    );
  },
);

export const signUpload = defineRoute(
  {
    method: 'get',
    path: '/params',
    permission: 'edit',
    summary: 'A presigned POST form for a single-part upload to a new pending key',
    request: { query: s3ParamsQuerySchema, queryRefusal: s3QueryRefusal },
    responses: { 200: s3ParamsResponseSchema },
  },
  async (c, { query: { filename } }) => {
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
  },
);

export const createMultipart = defineRoute(
  {
    method: 'post',
    path: '/multipart',
    permission: 'edit',
    summary: 'Starts a multipart upload to a new pending key',
    request: { json: s3CreateMultipartSchema },
    responses: { 200: s3CreateMultipartResponseSchema },
  },
  async (c, { json: { filename, size } }) => {
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
  },
);

export const listParts = defineRoute(
  {
    method: 'get',
    path: '/multipart/:uploadId',
    permission: 'edit',
    summary: 'The parts of a multipart upload stored so far',
    request: { params: uploadParam, query: keyQuery, queryRefusal: s3QueryRefusal },
    responses: { 200: s3PartListSchema },
  },
  async (c, { params: { uploadId }, query: { key } }) => {
    const ticket = await ticketFor(c, key, uploadId);
    const parts = await c
      .get('services')
      .objects.listParts(ticket.key, uploadId)
      .catch((error: unknown) => {
        throw storeError(error);
      });
    return c.json<S3Part[]>(parts);
  },
);

export const signPart = defineRoute(
  {
    method: 'get',
    path: '/multipart/:uploadId/:partNumber',
    permission: 'edit',
    summary: 'A presigned PUT of one part of a multipart upload',
    request: {
      // The part number is checked by the handler: a bad one is a field error (400), not
      // the 404 of a malformed path parameter.
      params: uploadParam.extend({ partNumber: z.string() }),
      query: z.object({ key: z.string().min(1) }),
      queryRefusal: cannotSign,
    },
    responses: { 200: s3SignPartResponseSchema },
  },
  async (c, { params: { uploadId, partNumber: partText }, query: { key } }) => {
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
    const ticket = await ticketFor(c, key, uploadId);
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
  },
);

/** Signing with an empty key, uploadId or partNumber segment. */
export const refuseSigning = defineRoute(
  {
    method: 'get',
    path: '/multipart/*',
    permission: 'edit',
    summary: 'Signing without a key, an uploadId or a partNumber: refused (400)',
    responses: { 400: errorEnvelopeSchema },
  },
  () => {
    throw cannotSign();
  },
);

export const completeMultipart = defineRoute(
  {
    method: 'post',
    path: '/multipart/:uploadId/complete',
    permission: 'edit',
    summary: 'Completes a multipart upload from its parts; refused (413) when over the size limit',
    request: {
      params: uploadParam,
      json: s3CompleteSchema,
      query: keyQuery,
      queryRefusal: s3QueryRefusal,
    },
    responses: { 200: s3CompleteResponseSchema },
  },
  async (c, { params: { uploadId }, query: { key }, json: { parts } }) => {
    const ticket = await ticketFor(c, key, uploadId);
    const services = c.get('services');
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
);

export const abortMultipart = defineRoute(
  {
    method: 'delete',
    path: '/multipart/:uploadId',
    permission: 'edit',
    summary: 'Aborts a multipart upload and forgets its key',
    request: { params: uploadParam, query: keyQuery, queryRefusal: s3QueryRefusal },
    responses: { 200: s3AbortResponseSchema },
  },
  async (c, { params: { uploadId }, query: { key } }) => {
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
  },
);

export const s3 = mount(new Hono<AppEnv>().use(requirePermission('edit')), [
  refuseCredentials,
  signUpload,
  createMultipart,
  listParts,
  signPart,
  refuseSigning,
  completeMultipart,
  abortMultipart,
]);
