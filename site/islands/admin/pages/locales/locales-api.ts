// The per-locale page calls of the admin (issue 39; the contract: docs/localization.md "The
// admin", functions/routes of the per-locale workflow): a page's locale versions as
// GET /api/admin/pages/:id reports them (`locales`), the locale working copy's save, review and
// publishing, and the XLIFF round trip. Every JSON answer is parsed with a schema
// (docs/decisions/0526-admin-parses-answers.md). The answer schemas are this folder's until
// functions/shared declares them (docs/decisions/0572-admin-localization.md).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { publicationSchema } from '../../../../../functions/shared/job-codes.ts';
import { landingContentSchema } from '../../../../../functions/shared/landing-content.ts';
import {
  pageWithWorkflowSchema,
  signatureSchema,
  workflowStatusSchema,
  workingCopySchema,
  type ApproveRequest,
} from '../../../../../functions/shared/workflow.ts';
import { AnswerMismatch, HttpError, noContent, request, requestFile } from '../../api.ts';
import { pageKey } from '../../common/pages-api.ts';
import { WORKFLOW_SUMMARY_KEY } from '../../common/workflow-api.ts';

/** One source text that changed since the translation's base: its unit path, then and now. */
const sourceDiffEntrySchema = z.object({
  path: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/** A page's version in one locale (every configured non-default locale is listed). */
export const localeVersionSchema = z.object({
  prefix: z.string(),
  /** Where it is (or would be) public: `/de/datenaustausch-webinar`. */
  path: z.string().nullable(),
  live: z
    .object({
      title: z.string(),
      slug: z.string(),
      content: landingContentSchema,
      revision: z.number(),
      updatedAt: z.string(),
      publication: publicationSchema.optional(),
    })
    .nullable(),
  workingCopy: workingCopySchema.nullable(),
  workflow: workflowStatusSchema,
  sourceChanged: z.boolean(),
  sourceDiff: z.array(sourceDiffEntrySchema),
});
export type LocaleVersion = z.infer<typeof localeVersionSchema>;

export const pageWithLocalesSchema = pageWithWorkflowSchema.extend({
  locales: z.record(z.string(), localeVersionSchema).default({}),
});
export type PageWithLocales = z.infer<typeof pageWithLocalesSchema>;

/** Under the page's key, so everything that refreshes the page refreshes its locales. */
export const pageLocalesQuery = (id: string) =>
  queryOptions({
    queryKey: [...pageKey(id), 'locales'] as const,
    queryFn: () => request(pageWithLocalesSchema, 'GET', `/api/admin/pages/${id}`),
  });

const base = (id: string, locale: string) =>
  `/api/landing-pages/${id}/locales/${encodeURIComponent(locale)}`;

export interface LocaleDraft {
  title: string;
  slug: string;
  content: unknown;
  revision: number;
}

export const saveLocaleDraft = (id: string, locale: string, body: LocaleDraft) =>
  request(workingCopySchema, 'PUT', `${base(id, locale)}/draft`, body);

export const discardLocaleDraft = (id: string, locale: string) =>
  request(noContent, 'DELETE', `${base(id, locale)}/draft`);

export const submitLocale = (id: string, locale: string, note?: string) =>
  request(workingCopySchema, 'POST', `${base(id, locale)}/submit`, note ? { note } : {});

export const approveLocale = (id: string, locale: string, body: ApproveRequest) =>
  request(signatureSchema, 'POST', `${base(id, locale)}/approve`, body);

export const rejectLocale = (id: string, locale: string, comment: string) =>
  request(workingCopySchema, 'POST', `${base(id, locale)}/reject`, { comment });

/**
 * Published now (200) or scheduled (202, `at`): the admin reloads the page's locales either
 * way, so only whether it was scheduled is read.
 */
const publishAnswerSchema = z.looseObject({ at: z.string().optional() });

export const publishLocale = (id: string, locale: string) =>
  request(publishAnswerSchema, 'POST', `${base(id, locale)}/publish`, {});

export const unpublishLocale = (id: string, locale: string) =>
  request(publishAnswerSchema, 'POST', `${base(id, locale)}/unpublish`, {});

/** The XLIFF 2.1 document of the page's texts; `draft`: the source from the working copy. */
/** The XLIFF document as text, for the translator view (translation.ts parses it). */
export const fetchXliff = async (id: string, locale: string, draft: boolean) =>
  (
    await requestFile(
      'GET',
      `${base(id, locale)}/xliff${draft ? '?source=draft' : ''}`,
      undefined,
      'page.xlf',
    )
  ).blob.text();

export const downloadXliff = (id: string, locale: string, slug: string, draft: boolean) =>
  requestFile(
    'GET',
    `${base(id, locale)}/xliff${draft ? '?source=draft' : ''}`,
    undefined,
    `${slug || 'page'}.${locale}${draft ? '.working-copy' : ''}.xlf`,
  );

const xliffImportSchema = z.object({
  units: z.number(),
  workingCopy: workingCopySchema.optional(),
});

/**
 * A translated XLIFF document into the locale's working copy: `{units}` on success; a refusal
 * (400 naming the unit) rejects with HttpError like every call. Sent as the document itself
 * (application/xliff+xml), not JSON, so it is its own fetch.
 */
export async function uploadXliff(id: string, locale: string, document: string) {
  const path = `${base(id, locale)}/xliff`;
  const response = await fetch(path, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'content-type': 'application/xliff+xml' },
    body: document,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new HttpError(
      response.status,
      text,
      response.statusText,
      response.headers.get('retry-after'),
    );
  }
  const parsed = xliffImportSchema.safeParse(JSON.parse(text));
  if (parsed.success) return parsed.data;
  throw new AnswerMismatch('PUT', path, z.prettifyError(parsed.error));
}

/** A page's locales in GET /api/admin/workflow (the Pages list card's badges). */
export const localeSummarySchema = z.object({
  live: z.boolean(),
  state: z.enum(['draft', 'in_review']).nullable(),
  sourceChanged: z.boolean(),
});
export type LocaleSummary = z.infer<typeof localeSummarySchema>;

const workflowLocalesSchema = z.record(
  z.string(),
  z.looseObject({ locales: z.record(z.string(), localeSummarySchema).optional() }),
);

/** Under the workflow summaries' key, so what refreshes them refreshes these. */
export const workflowLocalesQuery = queryOptions({
  queryKey: [...WORKFLOW_SUMMARY_KEY, 'locales'] as const,
  queryFn: () => request(workflowLocalesSchema, 'GET', '/api/admin/workflow'),
});
