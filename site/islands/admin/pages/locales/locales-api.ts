// The per-locale page calls of the admin (issue 39; the contract: docs/localization.md "The
// admin", functions/routes of the per-locale workflow): a page's locale versions as
// GET /api/admin/pages/:id reports them (`locales`), the locale working copy's save, review and
// publishing, and the XLIFF round trip (functions/routes/locales.ts). Every JSON answer is
// parsed with the schema its route declares (functions/shared/translations.ts,
// docs/decisions/0526-admin-parses-answers.md).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { landingPageSchema } from '../../../../../functions/shared/api/pages.ts';
import {
  pageDetailSchema,
  xliffImportAnswerSchema,
  type LocaleVersion,
  type PageDetail,
} from '../../../../../functions/shared/translations.ts';
import {
  scheduleEntrySchema,
  signatureSchema,
  workingCopySchema,
  type ApproveRequest,
} from '../../../../../functions/shared/workflow.ts';
import { AnswerMismatch, HttpError, noContent, request, requestFile } from '../../api.ts';
import { pageKey } from '../../common/pages-api.ts';

export type { LocaleVersion, PageDetail as PageWithLocales };

/** Under the page's key, so everything that refreshes the page refreshes its locales. */
export const pageLocalesQuery = (id: string) =>
  queryOptions({
    queryKey: [...pageKey(id), 'locales'] as const,
    queryFn: () => request(pageDetailSchema, 'GET', `/api/admin/pages/${id}`),
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

/** Published now (200, the locale's version) or scheduled (202, the schedule entry). */
const publishAnswerSchema = z.union([landingPageSchema, scheduleEntrySchema]);

/** Now, or at `at` (an ISO time to come: scheduled, 202). */
export const publishLocale = (id: string, locale: string, at?: string) =>
  request(publishAnswerSchema, 'POST', `${base(id, locale)}/publish`, at ? { at } : {});

/** Cancels the locale version's scheduled publish or unpublish. */
export const cancelLocaleSchedule = (id: string, locale: string, action: 'publish' | 'unpublish') =>
  request(noContent, 'DELETE', `${base(id, locale)}/schedule/${action}`);

/** Now, or at `at` (an ISO time to come: scheduled, 202). */
export const unpublishLocale = (id: string, locale: string, at?: string) =>
  request(publishAnswerSchema, 'POST', `${base(id, locale)}/unpublish`, at ? { at } : {});

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

/**
 * A translated XLIFF document into the locale's working copy: `{units}` on success; a refusal
 * (400 naming the unit) rejects with HttpError like every call. Sent as the document itself
 * (application/xliff+xml), not JSON, so it is its own fetch. `revision` is the locale's as
 * loaded (its working copy's, else its live version's, else 0); `draft`: the document was
 * exported with the English working copy as source.
 */
export async function uploadXliff(
  id: string,
  locale: string,
  document: string,
  revision: number,
  draft: boolean,
) {
  const query = new URLSearchParams({ revision: String(revision) });
  if (draft) query.set('source', 'draft');
  const path = `${base(id, locale)}/xliff?${query}`;
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
  const parsed = xliffImportAnswerSchema.safeParse(JSON.parse(text));
  if (parsed.success) return parsed.data;
  throw new AnswerMismatch('PUT', path, z.prettifyError(parsed.error));
}
