// GET /api/landing-pages/:slug, the public read of a landing page (docs/requirements.md §7). Its own
// module, apart from the administrators' routes (landing-pages.ts), so the public Lambda
// function carries only this. Drafts are answered to a signed-in administrator only; no
// answer names an administrator (functions/shared/api/pages.ts, publicLandingPageSchema).
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import * as z from 'zod';
import { mediaIdsIn, mediaMapOf } from '../shared/media-map.ts';
import { publicLandingPageSchema, type PublicLandingPageDto } from '../shared/api/pages.ts';
import { publicPublication } from '../shared/job-codes.ts';
import { slugParamSchema } from '../shared/slug.ts';
import { withoutAssetPaths } from '../shared/assets.ts';
import { notFound } from '../lib/errors.ts';
import type { VisitorEnv } from '../lib/context.ts';
import { currentAdmin } from '../lib/session.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';

const slugParam = z.object({ slug: slugParamSchema });

// `no-cache` means "revalidate", which needs a validator: the ETag (a hash of the answer)
// lets a browser's or the CDN's copy be confirmed with a 304 instead of sent again.
export const getPublicPage = defineVisitorRoute(
  {
    method: 'get',
    path: '/:slug',
    permission: 'public',
    summary: 'A live landing page by its slug, with the library images and the claims it uses',
    middleware: [etag()],
    request: { params: slugParam },
    // 304 when the If-None-Match matches (the ETag is a hash of the answer).
    responses: { 200: publicLandingPageSchema, 304: null },
  },
  async (c, { params: { slug } }) => {
    const page = await c.get('services').pages.getBySlug(slug);
    // Drafts are not public (docs/decisions/0065-new-pages.md): same answer as a missing page. A
    // signed-in administrator may still preview them (never cached).
    if (!page) throw notFound('Landing page');
    if (!page.isActive && !(await currentAdmin(c))) throw notFound('Landing page');
    // The library images it uses (srcset, size, alt text), as the prebuilt pages have.
    const ids = mediaIdsIn(page.content);
    const media = ids.length ? mediaMapOf(await c.get('services').media.getMany(ids)) : {};
    // The claims it says (a token in its content), read only then.
    const claims = JSON.stringify(page.content).includes('{{claim:')
      ? await (
          await import('./support/public-claims.ts')
        ).publicClaims(c.get('services'), page.content)
      : undefined;
    c.header('Cache-Control', page.isActive ? 'no-cache' : 'no-store');
    // Named fields, never a spread of the stored page: `updatedBy` (the editing admin's
    // e-mail) and whatever the store adds later stay out of a public answer.
    const { id, title, isActive, content, createdAt, updatedAt, revision } = page;
    return c.json({
      id,
      title,
      slug: page.slug,
      isActive,
      // A gated download's file is never named in public (functions/shared/assets.ts).
      content: withoutAssetPaths(content),
      createdAt,
      updatedAt,
      revision,
      media,
      ...(claims ? { claims } : {}),
      // The job code and one date for the small print, never who signed
      // (docs/decisions/0552-job-code-on-the-live-page.md).
      ...(page.publication ? { publication: publicPublication(page.publication) } : {}),
    } satisfies PublicLandingPageDto);
  },
);

export const landingPageBySlug = mount(new Hono<VisitorEnv>(), [getPublicPage]);
