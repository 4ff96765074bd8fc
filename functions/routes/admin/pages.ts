// /api/admin/pages: one page as stored now (drafts included), its versions, and restoring
// one. The page CRUD itself is functions/routes/landing-pages.ts.
import { Hono } from 'hono';
import * as z from 'zod';
import { inspectionPackage } from '../../inspection/package.ts';
import { assertPermission, requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { landingPageSchema } from '../../shared/api/pages.ts';
import {
  pageVersionSchema,
  versionListSchema,
  versionSummarySchema,
  type VersionSummary,
} from '../../shared/api/versions.ts';
import { pageIdSchema, versionIdSchema } from '../../shared/slug.ts';
import { savedToCopySchema } from '../../shared/workflow.ts';
import { pageDetailSchema, type PageDetail } from '../../shared/translations.ts';
import { pageLocales } from '../support/page-locales.ts';
import { attachmentDisposition } from '../../storage/object-store.ts';
import { actorOf } from '../support/actor.ts';
import { assertMayChange, pageChange, requestRebuild } from '../support/changes.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { workflowStatus } from '../support/workflow-status.ts';
import { approvalsRequired, saveToWorkingCopy } from '../support/review-gate.ts';

/** A version id's time as the sentence says it: "2026-11-25 14:00 UTC". */
const formatVersionTime = (versionId: string) => `${versionId.slice(0, 16).replace('T', ' ')} UTC`;

const idParam = z.object({ id: pageIdSchema });
const versionParam = idParam.extend({ versionId: versionIdSchema });

/** The page as stored now, drafts included: what the editor reloads after a conflict. */
export const getPage = defineRoute(
  {
    method: 'get',
    path: '/:id',
    permission: 'session',
    scope: 'pages:read',
    summary: 'One page as stored now, drafts included, with its workflow',
    request: { params: idParam },
    responses: { 200: pageDetailSchema },
  },
  async (c, { params: { id } }) => {
    const page = await c.get('services').pages.getById(id);
    if (!page) throw notFound('Landing page');
    c.header('Cache-Control', 'no-store');
    // The live copy (the page itself) and the workflow: working copy, approvals, schedule;
    // its versions in the other locales (issue 39).
    const [workflow, locales] = await Promise.all([workflowStatus(c, page), pageLocales(c, page)]);
    return c.json<PageDetail>({ ...page, workflow, locales });
  },
);

export const listVersions = defineRoute(
  {
    method: 'get',
    path: '/:id/versions',
    permission: 'session',
    scope: 'pages:read',
    summary: "A page's versions, newest first",
    request: { params: idParam },
    responses: { 200: versionListSchema },
  },
  async (c, { params: { id } }) => {
    const versions = await c.get('services').pages.versions(id);
    // The summary of each: the shared schema keeps its fields, without content.
    return c.json(versions.map((version): VersionSummary => versionSummarySchema.parse(version)));
  },
);

export const getVersion = defineRoute(
  {
    method: 'get',
    path: '/:id/versions/:versionId',
    permission: 'session',
    scope: 'pages:read',
    summary: 'One version of a page, with its content',
    request: { params: versionParam },
    responses: { 200: pageVersionSchema },
  },
  async (c, { params: { id, versionId } }) => {
    const version = await c.get('services').pages.getVersion(id, versionId);
    if (!version) throw notFound('Version');
    return c.json(version);
  },
);

export const restoreVersion = defineRoute(
  {
    method: 'post',
    path: '/:id/versions/:versionId/restore',
    permission: 'publish',
    summary:
      'Restores a version of a page; a live page under review gets it in its working copy (202)',
    request: { params: versionParam },
    responses: { 200: landingPageSchema, 202: savedToCopySchema },
  },
  async (c, { params: { id, versionId } }) => {
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
  },
);

/**
 * The inspection package of a version visitors saw (docs/inspection-package.md): for whoever
 * may review (administrators, publishers, reviewers). Reading it is audited, as an export.
 */
export const getInspectionPackage = defineRoute(
  {
    method: 'get',
    path: '/:id/versions/:versionId/package',
    permission: 'review',
    summary:
      'The inspection package of a version visitors saw, as a ZIP; versionId `live` for the one they see now',
    request: {
      params: idParam.extend({ versionId: z.union([z.literal('live'), versionIdSchema]) }),
    },
    responses: {
      200: {
        contentType: 'application/zip',
        description:
          'page.pdf (when printed), content.json, changes.html, signatures.json, claims.json, audit.jsonl and manifest.json',
      },
    },
  },
  async (c, { params: { id, versionId } }) => {
    await assertPermission(c, 'review');
    const services = c.get('services');
    const built = await inspectionPackage(
      {
        pages: services.pages,
        audit: services.audit,
        claims: services.claims,
        objects: services.objects,
        siteUrl: services.config.siteUrl,
        now: services.now,
      },
      id,
      versionId,
    );
    const { email, ip } = actorOf(c);
    await services.audit.record({
      actor: email,
      action: 'inspection-package',
      summary: `Inspection package of ${built.manifest.jobCode} downloaded (${built.manifest.files.length + 1} files, ${
        built.manifest.print.status === 'printed' ? 'with its print' : 'without a print'
      })`,
      pageId: id,
      ip,
    });
    c.header('Cache-Control', 'no-store');
    return c.body(built.zip as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachmentDisposition(built.fileName),
    });
  },
);

export const adminPages = mount(new Hono<AppEnv>().use(requireAdmin), [
  getPage,
  listVersions,
  getVersion,
  restoreVersion,
  getInspectionPackage,
]);
