// A landing page's versions in other locales (issue 39, docs/decisions/0573-pages-per-locale.md):
// /api/landing-pages/:id/locales/:locale/{draft, submit, approve, reject, publish, unpublish,
// xliff}. Each version is a page of its own (`<page id>.<locale>`,
// functions/shared/translation-ids.ts) that goes through the same workflow as the default
// locale's (functions/data/workflow/): its own working copy, approvals, schedule, job code,
// checks; these routes resolve it (support/locale-versions.ts) and hand it over. Permissions
// are the default locale's.
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../lib/context.ts';
import { requireAdmin, requirePermission } from '../lib/auth.ts';
import { ApiError } from '../lib/errors.ts';
import { limitBody } from '../lib/validate.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { DEFAULT_LOCALE } from '../shared/locales.ts';
import { landingPageSchema } from '../shared/api/pages.ts';
import {
  approveSchema,
  publishSchema,
  rejectSchema,
  scheduleEntrySchema,
  signatureSchema,
  submitSchema,
  unpublishSchema,
  workingCopySchema,
} from '../shared/workflow.ts';
import { localeDraftSchema, xliffImportAnswerSchema } from '../shared/translations.ts';
import { localSlugOf, withLocalSlug } from '../shared/translation-ids.ts';
import {
  exportXliff,
  importXliff,
  XLIFF_MAX_BYTES,
  XliffImportError,
} from '../localization/xliff.ts';
import { actorOf } from './support/actor.ts';
import { confirmSigner } from './support/identity.ts';
import { defineRoute, mount } from './support/define-route.ts';
import { publishOrSchedule, unpublishOrSchedule } from './support/publishing.ts';
import { saveLocaleDraft, targetOf, versionOf } from './support/locale-versions.ts';

const params = z.object({
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  // Checked in the handler, so a code that is not a locale gets a 400 naming it.
  locale: z.string().min(1).max(35),
});

const editing = requirePermission('edit');
const reviewing = requirePermission('review');
const publishing = requirePermission('publish');

export const saveLocaleDraftRoute = defineRoute(
  {
    method: 'put',
    path: '/:id/locales/:locale/draft',
    permission: 'edit',
    scope: 'pages:write',
    summary:
      "Saves the working copy of the page's version in a locale (revision 0 starts the version)",
    middleware: [editing],
    request: { params, json: localeDraftSchema },
    responses: { 200: workingCopySchema },
  },
  async (c, { params: { id, locale }, json }) => {
    const target = await targetOf(c, id, locale);
    const { title, slug, content, seo, revision } = json;
    const copy = await saveLocaleDraft(
      c,
      target,
      { title, slug, content: seo ? { ...content, seo } : content },
      revision,
    );
    return c.json(withLocalSlug(copy));
  },
);

export const discardLocaleDraft = defineRoute(
  {
    method: 'delete',
    path: '/:id/locales/:locale/draft',
    permission: 'edit',
    scope: 'pages:write',
    summary: "Discards the working copy of the page's version in a locale",
    middleware: [editing],
    request: { params },
    responses: { 204: null },
  },
  async (c, { params: { id, locale } }) => {
    const { version } = await versionOf(c, id, locale);
    await c.get('services').workflow.discard(version, actorOf(c));
    return c.body(null, 204);
  },
);

export const submitLocale = defineRoute(
  {
    method: 'post',
    path: '/:id/locales/:locale/submit',
    permission: 'edit',
    scope: 'pages:write',
    summary: "Submits the working copy of the page's version in a locale for review",
    middleware: [editing],
    request: { params, json: submitSchema },
    responses: { 200: workingCopySchema },
  },
  async (c, { params: { id, locale }, json }) => {
    const { version } = await versionOf(c, id, locale);
    return c.json(
      withLocalSlug(await c.get('services').workflow.submit(version, json.note, actorOf(c))),
    );
  },
);

export const approveLocale = defineRoute(
  {
    method: 'post',
    path: '/:id/locales/:locale/approve',
    permission: 'review',
    summary:
      "Approves the working copy of the page's version in a locale with an electronic signature",
    middleware: [reviewing],
    request: { params, json: approveSchema },
    responses: { 201: signatureSchema },
  },
  async (c, { params: { id, locale }, json }) => {
    const { version } = await versionOf(c, id, locale);
    const signature = await confirmSigner(c, json, (signer) =>
      c.get('services').workflow.sign(version, signer, json.meaning, json.comment, actorOf(c)),
    );
    return c.json(signature, 201);
  },
);

export const rejectLocale = defineRoute(
  {
    method: 'post',
    path: '/:id/locales/:locale/reject',
    permission: 'review',
    summary: "Rejects the working copy of the page's version in a locale, back to draft",
    middleware: [reviewing],
    request: { params, json: rejectSchema },
    responses: { 200: workingCopySchema },
  },
  async (c, { params: { id, locale }, json }) => {
    const { version } = await versionOf(c, id, locale);
    return c.json(
      withLocalSlug(await c.get('services').workflow.reject(version, json.comment, actorOf(c))),
    );
  },
);

export const publishLocale = defineRoute(
  {
    method: 'post',
    path: '/:id/locales/:locale/publish',
    permission: 'publish',
    summary:
      "Publishes the page's version in a locale at /<prefix>/<slug> now, or schedules it (202)",
    middleware: [publishing],
    request: { params, json: publishSchema },
    responses: { 200: landingPageSchema, 202: scheduleEntrySchema },
  },
  async (c, { params: { id, locale }, json }) => {
    const { version } = await versionOf(c, id, locale);
    const answer = await publishOrSchedule(c, version, json);
    if (answer.status !== 200) return answer;
    return c.json(withLocalSlug((await answer.json()) as LandingPage));
  },
);

export const unpublishLocale = defineRoute(
  {
    method: 'post',
    path: '/:id/locales/:locale/unpublish',
    permission: 'publish',
    summary: "Takes the page's version in a locale off the site now, or schedules it (202)",
    middleware: [publishing],
    request: { params, json: unpublishSchema },
    responses: { 200: landingPageSchema, 202: scheduleEntrySchema },
  },
  async (c, { params: { id, locale }, json }) => {
    const { version } = await versionOf(c, id, locale);
    const answer = await unpublishOrSchedule(c, version, json);
    if (answer.status !== 200) return answer;
    return c.json(withLocalSlug((await answer.json()) as LandingPage));
  },
);

const scheduleParams = params.extend({ action: z.enum(['publish', 'unpublish']) });

export const cancelLocaleSchedule = defineRoute(
  {
    method: 'delete',
    path: '/:id/locales/:locale/schedule/:action',
    permission: 'publish',
    summary: "Cancels the scheduled publish or unpublish of the page's version in a locale",
    middleware: [publishing],
    request: { params: scheduleParams },
    responses: { 204: null },
  },
  async (c, { params: { id, locale, action } }) => {
    const { version } = await versionOf(c, id, locale);
    await c.get('services').workflow.cancelSchedule(version, action, actorOf(c));
    return c.body(null, 204);
  },
);

const XLIFF_TYPE = 'application/xliff+xml';
const xliffQuery = z.object({
  /** `draft`: the default locale's working copy is the source (else its live version). */
  source: z.enum(['live', 'draft']).optional(),
});

/** The source texts an XLIFF document is made from: the live version, or the working copy. */
async function sourceTexts(c: Context<AppEnv>, source: LandingPage, from: 'live' | 'draft') {
  const copy =
    from === 'draft' ? await c.get('services').workflow.workingCopy(source.id) : undefined;
  const of = copy ?? source;
  return { title: of.title, content: of.content };
}

/** The locale's current texts: its working copy, else its live version, else none. */
async function targetTexts(c: Context<AppEnv>, version: LandingPage | undefined) {
  if (!version) return undefined;
  const copy = await c.get('services').workflow.workingCopy(version.id);
  const of = copy ?? version;
  return { title: of.title, content: of.content, slug: of.slug, revision: of.revision };
}

export const exportLocaleXliff = defineRoute(
  {
    method: 'get',
    path: '/:id/locales/:locale/xliff',
    permission: 'session',
    scope: 'pages:read',
    summary:
      "The page's texts as an XLIFF 2.1 document for a translation vendor: the default locale's live version (or working copy, ?source=draft) as source, the locale's texts as targets",
    middleware: [requireAdmin],
    request: { params, query: xliffQuery },
    responses: { 200: { contentType: XLIFF_TYPE } },
  },
  async (c, { params: { id, locale }, query }) => {
    const target = await targetOf(c, id, locale);
    const [source, current] = await Promise.all([
      sourceTexts(c, target.source, query.source ?? 'live'),
      targetTexts(c, target.version),
    ]);
    const document = exportXliff({
      pageId: id,
      title: target.source.title,
      srcLang: DEFAULT_LOCALE,
      trgLang: locale,
      source,
      target: current,
    });
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="${target.source.slug}.${locale}.xlf"`);
    return c.body(document, 200, { 'Content-Type': `${XLIFF_TYPE}; charset=utf-8` });
  },
);

const importQuery = xliffQuery.extend({
  /** The locale's working copy revision as loaded (its live version's; 0 for none yet). */
  revision: z.coerce.number().int().min(0),
});

export const importLocaleXliff = defineRoute(
  {
    method: 'put',
    path: '/:id/locales/:locale/xliff',
    permission: 'edit',
    scope: 'pages:write',
    summary:
      "Writes a translated XLIFF 2.1 document's targets into the working copy of the page's version in a locale (?revision= as loaded)",
    middleware: [editing, limitBody(XLIFF_MAX_BYTES, 'The XLIFF document')],
    request: {
      params,
      query: importQuery,
      ownBody: { schema: z.string(), contentTypes: [XLIFF_TYPE, 'application/xml', 'text/xml'] },
    },
    responses: { 200: xliffImportAnswerSchema },
  },
  async (c, { params: { id, locale }, query }) => {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (![XLIFF_TYPE, 'application/xml', 'text/xml'].includes(type)) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        `The request body must be an XLIFF 2.1 document (Content-Type: ${XLIFF_TYPE})`,
      );
    }
    const target = await targetOf(c, id, locale);
    const [source, current] = await Promise.all([
      sourceTexts(c, target.source, query.source ?? 'live'),
      targetTexts(c, target.version),
    ]);
    let imported;
    try {
      imported = importXliff(await c.req.text(), {
        pageId: id,
        srcLang: DEFAULT_LOCALE,
        trgLang: locale,
        source,
        target: current,
      });
    } catch (error) {
      if (!(error instanceof XliffImportError)) throw error;
      const field = error.unit ? `unit ${error.unit}` : 'document';
      throw new ApiError(400, 'validation_failed', `Invalid XLIFF document: ${error.message}`, {
        [field]: [error.message],
      });
    }
    const copy = await saveLocaleDraft(
      c,
      target,
      {
        title: imported.texts.title,
        // A new version starts at the default locale's slug; an existing one keeps its own.
        slug: current ? localSlugOf(current.slug) : target.source.slug,
        content: imported.texts.content,
      },
      query.revision,
    );
    return c.json({ units: imported.units, workingCopy: withLocalSlug(copy) });
  },
);

/** Mounted at /landing-pages beside the default locale's workflow (workflow.ts). */
export const localeRoutes = mount(new Hono<AppEnv>(), [
  saveLocaleDraftRoute,
  discardLocaleDraft,
  submitLocale,
  approveLocale,
  rejectLocale,
  publishLocale,
  unpublishLocale,
  cancelLocaleSchedule,
  exportLocaleXliff,
]);

/** The XLIFF import, mounted before the API's body limit: it has its own (2 MB). */
export const localeXliffImport = mount(new Hono<AppEnv>(), [importLocaleXliff]);
