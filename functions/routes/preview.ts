// GET /api/preview with `Authorization: Bearer <token>`: what a preview link shows (issue 23):
// the page's working copy (or, without one, the page as stored) for a reviewer without an
// account. Never cached, never indexed; the token names the link and is checked against its
// stored hash (functions/data/workflow/preview-links.ts resolvePreviewToken). The token travels in a
// header, never in the path (issue 33): a path lands in CloudFront's and API Gateway's access
// logs, an Authorization header in neither. A gated download's file is hidden as the public
// page API hides it (withoutAssetPaths). The claims it says come with their approved
// wordings and the evidence they cite (docs/decisions/0523-claims-rendered.md).
import { Hono } from 'hono';
import type { VisitorEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { withoutAssetPaths } from '../shared/assets.ts';
import { mediaIdsIn, mediaMapOf } from '../shared/media-map.ts';
import { previewSchema, type Preview } from '../shared/workflow.ts';
import { claimKeysOf, NO_CLAIMS, pageClaimsOf } from '../shared/claims/page-claims.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';

/** `Bearer <token>`, the token at most 200 characters of the link's alphabet. */
const BEARER = /^Bearer ([\w.-]{1,200})$/;

export const showPreview = defineVisitorRoute(
  {
    method: 'get',
    path: '/',
    permission: 'public',
    summary:
      "What a preview link shows: the page's working copy, or the page as stored (the token as Authorization: Bearer)",
    responses: { 200: previewSchema },
  },
  async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(
        401,
        'unauthorized',
        "Send the preview link's token as the Authorization header: Bearer <token>",
      );
    }
    const services = c.get('services');
    const link = await services.workflow.resolvePreviewToken(token);
    // One answer for an unknown, revoked or expired link: it says nothing about which.
    const gone = () => notFound('Preview link (it may have expired or been revoked)');
    if (!link) throw gone();
    const page = await services.pages.getById(link.pageId);
    if (!page) throw gone();
    const copy = await services.workflow.workingCopy(page.id);
    const shown = copy ?? page;
    const ids = mediaIdsIn(shown.content);
    const media = ids.length ? mediaMapOf(await services.media.getMany(ids)) : {};
    const keys = claimKeysOf(shown.content);
    const read = keys.length ? await services.workflow.claimsToday() : undefined;
    const claims = read ? pageClaimsOf(keys, read.claims, read.evidence) : NO_CLAIMS;
    return c.json<Preview>({
      title: shown.title,
      slug: shown.slug,
      content: withoutAssetPaths(shown.content),
      revision: shown.revision,
      state: copy ? copy.state : 'live',
      expiresAt: link.expiresAt,
      media,
      claims,
    });
  },
);

export const preview = mount(new Hono<VisitorEnv>(), [showPreview]);
