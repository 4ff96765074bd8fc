// /api/admin/pages: one page as stored now (drafts included), its versions, and restoring
// one. The page CRUD itself is functions/routes/landing-pages.ts.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { params } from '../../lib/validate.ts';
import type { VersionSummary } from '../../shared/api/versions.ts';
import { pageIdSchema, versionIdSchema } from '../../shared/slug.ts';
import { assertMayChange, pageChange, requestRebuild } from '../support/changes.ts';
import { workflowStatus } from '../support/workflow-status.ts';
import { approvalsRequired, saveToWorkingCopy } from '../support/review-gate.ts';

/** A version id's time as the sentence says it: "2026-11-25 14:00 UTC". */
const formatVersionTime = (versionId: string) => `${versionId.slice(0, 16).replace('T', ' ')} UTC`;

const idParam = z.object({ id: pageIdSchema });
const versionParam = idParam.extend({ versionId: versionIdSchema });
const { createHandlers } = createFactory<AppEnv>();

/** The page as stored now, drafts included: what the editor reloads after a conflict. */
const getPage = createHandlers(params(idParam), async (c) => {
  const { id } = c.req.valid('param');
  const page = await c.get('services').pages.getById(id);
  if (!page) throw notFound('Landing page');
  c.header('Cache-Control', 'no-store');
  // The live copy (the page itself) and the workflow: working copy, approvals, schedule.
  return c.json({ ...page, workflow: await workflowStatus(c, page) });
});

const listVersions = createHandlers(params(idParam), async (c) => {
  const { id } = c.req.valid('param');
  const versions = await c.get('services').pages.versions(id);
  return c.json(
    versions.map(
      ({ versionId, reason, actor, createdAt, title, slug, isActive }): VersionSummary => ({
        versionId,
        reason,
        actor,
        createdAt,
        title,
        slug,
        isActive,
      }),
    ),
  );
});

const getVersion = createHandlers(params(versionParam), async (c) => {
  const { id, versionId } = c.req.valid('param');
  const version = await c.get('services').pages.getVersion(id, versionId);
  if (!version) throw notFound('Version');
  return c.json(version);
});

const restoreVersion = createHandlers(params(versionParam), async (c) => {
  const { id, versionId } = c.req.valid('param');
  const { pages } = c.get('services');
  const [current, version] = await Promise.all([
    pages.getById(id),
    pages.getVersion(id, versionId),
  ]);
  await assertMayChange(c, current, version?.isActive);
  // A live page while review is required: the version goes into the working copy, which it
  // replaces (kept as a version itself), and waits for review like any edit (issue 33).
  const required = current?.isActive ? await approvalsRequired(c) : 0;
  if (current && version && required > 0) {
    return saveToWorkingCopy(
      c,
      current,
      { title: version.title, content: version.content },
      {
        revision: 'replace',
        replacedAs: 'restore',
        what: `the version of ${formatVersionTime(versionId)}`,
        audit: `version of ${versionId.slice(0, 19)}Z restored into the working copy`,
        required,
      },
    );
  }
  const page = await c.get('services').pages.restoreVersion(
    id,
    versionId,
    pageChange(c, 'restore', () => `version of ${versionId.slice(0, 19)}Z restored`),
  );
  // A draft restored stays off the site: no rebuild (docs/decisions/0420-drafts-ask-no-rebuild.md).
  if (current?.isActive || page.isActive) await requestRebuild(c, 'restore', page);
  return c.json(page);
});

export const adminPages = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/:id', ...getPage)
  .get('/:id/versions', ...listVersions)
  .get('/:id/versions/:versionId', ...getVersion)
  .post('/:id/versions/:versionId/restore', ...restoreVersion);
