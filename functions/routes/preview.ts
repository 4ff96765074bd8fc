// GET /api/preview/:token: what a preview link shows (issue 23): the page's working copy
// (or, without one, the page as stored) for a reviewer without an account. Never cached,
// never indexed; the token names the link and is checked against its stored hash
// (functions/data/workflow.ts resolvePreviewToken).
import { Hono } from 'hono';
import * as z from 'zod';
import type { VisitorEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import { params } from '../lib/validate.ts';
import { mediaIdsIn, mediaMapOf } from '../shared/media-map.ts';
import type { Preview } from '../shared/workflow.ts';

const tokenParam = params(z.object({ token: z.string().max(200) }));

export const preview = new Hono<VisitorEnv>().get('/:token', tokenParam, async (c) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  const services = c.get('services');
  const link = await services.workflow.resolvePreviewToken(c.req.valid('param').token);
  // One answer for an unknown, revoked or expired link: it says nothing about which.
  const gone = () => notFound('Preview link (it may have expired or been revoked)');
  if (!link) throw gone();
  const page = await services.pages.getById(link.pageId);
  if (!page) throw gone();
  const copy = await services.workflow.workingCopy(page.id);
  const shown = copy ?? page;
  const ids = mediaIdsIn(shown.content);
  const media = ids.length ? mediaMapOf(await services.media.getMany(ids)) : {};
  return c.json({
    title: shown.title,
    slug: shown.slug,
    content: shown.content,
    revision: shown.revision,
    state: copy ? copy.state : 'live',
    expiresAt: link.expiresAt,
    media,
  } satisfies Preview & { media: unknown });
});
