// /api/admin/assets (issue 27): the private files of gated downloads (functions/shared/assets.ts).
// POST / {fileName, size} hands out a presigned PUT to pending/<id> (the media uploads' signing,
// functions/routes/objects.ts); POST /:id/complete checks the bytes (a PDF: `%PDF-`, at most
// 25 MB), copies them to the private key assets/<id>, which no public route serves, and
// records the file; GET / lists the files for the block editor's picker. All need `edit`.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { newMediaId } from '../../data/media/store.ts';
import {
  ASSET_MAX_BYTES,
  assetKeyOf,
  assetListSchema,
  assetRecordSchema,
  assetUploadTicketSchema,
  PDF_MAGIC,
  startAssetUploadSchema,
  type AssetList,
  type AssetRecord,
  type AssetUploadTicket,
} from '../../shared/assets.ts';
import { pendingKeyOf } from '../../shared/media-paths.ts';
import { audit } from '../support/audit.ts';
import { signOptions } from '../support/uploads.ts';
import { actorEmail } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const refuse = (message: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: file ${message}`, { file: [message] });

async function complete(c: Context<AppEnv>, id: string): Promise<AssetRecord> {
  const services = c.get('services');
  const upload = await services.assets.pendingUpload(id);
  if (!upload) {
    const done = await services.assets.get(id);
    if (done) return done;
    throw new ApiError(404, 'not_found', 'No upload is waiting with this id');
  }
  const pending = pendingKeyOf(id);
  const size = await services.objects.size(pending);
  if (size === undefined) {
    throw refuse('has not arrived: upload the bytes to the upload URL first');
  }
  const drop = () => services.objects.delete([pending]);
  if (size === 0) {
    await drop();
    throw refuse('is empty');
  }
  if (size > ASSET_MAX_BYTES) {
    await drop();
    throw refuse('is larger than 25 MB');
  }
  const body = await services.objects.read(pending);
  if (!body || body.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) {
    await drop();
    throw refuse('is not a PDF (its content does not start with %PDF-)');
  }
  await services.objects.putPrivate(assetKeyOf(id), body, { contentType: 'application/pdf' });
  const record = await services.assets.complete(id, body.length);
  await drop();
  if (!record) {
    const done = await services.assets.get(id);
    if (done) return done;
    throw new ApiError(409, 'conflict', 'This upload expired while it was being completed');
  }
  await audit(c, 'create', `File ${record.fileName} uploaded for gated downloads (${record.path})`);
  return record;
}

export const listAssets = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'edit',
    summary: "The gated downloads' private files, for the block editor's picker",
    responses: { 200: assetListSchema },
  },
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json<AssetList>({ assets: await c.get('services').assets.list() });
  },
);

export const startAssetUpload = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'edit',
    summary: "Starts a PDF's upload: a presigned PUT for its bytes",
    request: { json: startAssetUploadSchema },
    responses: { 201: assetUploadTicketSchema },
  },
  async (c, { json: { fileName, size } }) => {
    const services = c.get('services');
    const id = newMediaId();
    await services.assets.startUpload({
      id,
      fileName,
      size,
      createdBy: actorEmail(c),
    });
    const uploadURL = await services.objects.presignPut(pendingKeyOf(id), {
      ...signOptions(c),
      maxBytes: ASSET_MAX_BYTES,
    });
    return c.json<AssetUploadTicket>({ id, uploadURL }, 201);
  },
);

export const completeAssetUpload = defineRoute(
  {
    method: 'post',
    path: '/:id/complete',
    permission: 'edit',
    summary: 'Checks the uploaded bytes are a PDF of at most 25 MB and records the file',
    request: { params: z.object({ id: z.uuid() }) },
    responses: { 201: assetRecordSchema },
  },
  async (c, { params: { id } }) => c.json<AssetRecord>(await complete(c, id), 201),
);

export const assets = mount(new Hono<AppEnv>().use(requirePermission('edit')), [
  listAssets,
  startAssetUpload,
  completeAssetUpload,
]);
