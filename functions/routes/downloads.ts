// GET /api/downloads/:token (issue 27): a gated download's link, handed out by POST
// /api/contact once the lead is stored (functions/routes/contact.ts). Public: the token is
// the credential (functions/data/assets.ts signs and checks it). A valid one is answered
// with a redirect to a presigned GET of the private file, good for 5 minutes, that
// downloads it as an attachment under its file name; an expired link (410) or one that is
// not ours (403) is a sentence the visitor can act on. Rate limited per address.
// At each use the page the link names must still be published and its block still shown
// with that file (issue 33): a block hidden, removed or given another file, or a page
// unpublished or deleted, withdraws every link it handed out (410, WITHDRAWN_LINK_TEXT).
//
// Mounted with the admin routes (functions/app.ts), not in the public function: presigning
// needs the object store, which the public function's bundle deliberately leaves out
// (functions/lambda-bundle.test.ts). API Gateway sends routes it does not list as public to
// the admin function, so the URL is the same.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../lib/context.ts';
import { trustedForwarded } from '../lib/forwarded.ts';
import {
  assetIdFromPath,
  assetKeyOf,
  DOWNLOAD_URL_SECONDS,
  EXPIRED_LINK_TEXT,
  INVALID_LINK_TEXT,
  shownGatedBlock,
  WITHDRAWN_LINK_TEXT,
  type DownloadPayload,
} from '../shared/assets.ts';
import { defineRoute, mount } from './support/define-route.ts';

/** Link checks per address and window: far above a person's clicks, far below guessing. */
export const DOWNLOAD_RATE_LIMIT = 60;
export const DOWNLOAD_WINDOW_SECONDS = 600;

function origin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const forwarded = trustedForwarded(c, 'x-forwarded-proto');
  if (forwarded === 'https' || forwarded === 'http') url.protocol = `${forwarded}:`;
  return url.origin;
}

/** Whether the live page the link names still shows its block with the link's file. */
async function stillOffered(c: Context<AppEnv>, payload: DownloadPayload): Promise<boolean> {
  const page = await c.get('services').pages.getById(payload.pageId);
  if (!page?.isActive) return false;
  const block = shownGatedBlock(page.content.layout, payload.blockId);
  return Boolean(block?.asset && assetIdFromPath(block.asset) === payload.assetId);
}

/** A plain sentence: the visitor opened the link in the browser, not a script. */
const sentence = (c: Context<AppEnv>, status: 403 | 404 | 410 | 429, text: string) => {
  c.header('Cache-Control', 'no-store');
  return c.text(text, status);
};

const SENTENCE = { contentType: 'text/plain', description: 'A sentence the visitor can act on' };

export const followDownloadLink = defineRoute(
  {
    method: 'get',
    path: '/:token',
    permission: 'public',
    summary: "A gated download's link: a redirect to the file, good for a few minutes",
    // Any token is checked by its signature, so any string passes here.
    request: { params: z.object({ token: z.string() }) },
    responses: {
      302: { redirect: true, description: 'To a presigned GET of the private file' },
      403: SENTENCE,
      404: SENTENCE,
      410: SENTENCE,
      429: SENTENCE,
    },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const decision = await services.rateLimiter.hit('downloads', services.clientIp(c), {
      limit: DOWNLOAD_RATE_LIMIT,
      windowSeconds: DOWNLOAD_WINDOW_SECONDS,
    });
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
      c.header('Retry-After', String(Math.max(1, decision.retryAfterSeconds)));
      return sentence(
        c,
        429,
        `Too many downloads from your network; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    const check = await services.assets.checkLink(params.token);
    if (!check.ok) {
      return check.reason === 'expired'
        ? sentence(c, 410, EXPIRED_LINK_TEXT)
        : sentence(c, 403, INVALID_LINK_TEXT);
    }
    if (!(await stillOffered(c, check.payload))) return sentence(c, 410, WITHDRAWN_LINK_TEXT);
    const asset = await services.assets.get(check.payload.assetId);
    if (!asset) {
      return sentence(
        c,
        404,
        'This file is no longer available. Please contact us and we will send you a copy.',
      );
    }
    const url = await services.objects.presignGet(assetKeyOf(asset.id), {
      origin: origin(c),
      expiresIn: DOWNLOAD_URL_SECONDS,
      fileName: asset.fileName,
    });
    services.log.info('gated download', { leadId: check.payload.leadId, assetId: asset.id });
    c.header('Cache-Control', 'no-store');
    return c.redirect(url, 302);
  },
);

export const downloads = mount(new Hono<AppEnv>(), [followDownloadLink]);
