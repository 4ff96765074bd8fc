// The Experiments view's calls to /api/admin/experiments (issue 24;
// functions/routes/admin/experiments.ts) on the admin's HTTP layer (../api.ts), and their
// react-query keys. Answers are read with the shared schemas (functions/shared/experiments.ts),
// so a drifted contract fails here rather than on screen.
import type { QueryClient } from '@tanstack/react-query';
import {
  experimentDetailSchema,
  experimentListSchema,
  experimentResultsSchema,
  promotedExperimentSchema,
  type CreateExperimentRequest,
  type Experiment,
  type ExperimentDetail,
  type ExperimentResults,
  type PromotedExperiment,
  type UpdateExperimentRequest,
  type VariantId,
} from '../../../../functions/shared/experiments.ts';
import type { ApproveRequest } from '../../../../functions/shared/workflow.ts';
import { noContent, request } from '../api.ts';
import { pageDetailSchema } from '../../../../functions/shared/translations.ts';
import { DEFAULT_LOCALE } from '../../../../functions/shared/locales.ts';
import { publicPath } from '../../../../functions/shared/slug.ts';
import { pageKey } from './pages-api.ts';

export type { Experiment, ExperimentDetail, ExperimentResults };
export type VariantDetail = ExperimentDetail['variants'][number];

const BASE = '/api/admin/experiments';

/** Every key below starts with this: invalidating it refreshes every experiment query. */
export const EXPERIMENTS_KEY = [BASE] as const;
/** A page's experiments, or every experiment (the page cards' running badge). */
export const experimentListKey = (pageId: string | undefined) =>
  [BASE, 'list', pageId ?? 'all'] as const;
export const experimentKey = (id: string) => [BASE, id] as const;
export const resultsKey = (id: string) => [BASE, id, 'results'] as const;

const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export async function listExperiments(pageId?: string): Promise<Experiment[]> {
  const query = pageId ? `?${new URLSearchParams({ pageId })}` : '';
  return (await request(experimentListSchema, 'GET', `${BASE}${query}`)).experiments;
}

export async function fetchExperiment(id: string): Promise<ExperimentDetail> {
  return request(experimentDetailSchema, 'GET', path(id));
}

export async function fetchResults(id: string): Promise<ExperimentResults> {
  return request(experimentResultsSchema, 'GET', `${path(id)}/results`);
}

/** A language a page may run an experiment in: the site's locale, and whether the page is live in it. */
export interface PageLanguage {
  locale: string;
  live: boolean;
  /** Where the page is public in it (null: no slug yet). */
  path: string | null;
}

/**
 * The site's locales for a page, the default first, each with whether the page has a live
 * version in it (GET /api/admin/pages/:id `locales`, under the page's key as the Pages view
 * reads it, issue 39).
 */
export async function pageLanguages(pageId: string): Promise<PageLanguage[]> {
  const detail = await request(pageDetailSchema, 'GET', `/api/admin/pages/${pageId}`);
  return [
    { locale: DEFAULT_LOCALE, live: detail.isActive, path: publicPath(detail.slug) },
    ...Object.entries(detail.locales).map(([locale, version]) => ({
      locale,
      live: version.live !== null,
      path: version.path,
    })),
  ];
}
export const pageLanguagesKey = (pageId: string) => [...pageKey(pageId), 'languages'] as const;

export async function createExperiment(body: CreateExperimentRequest): Promise<ExperimentDetail> {
  return request(experimentDetailSchema, 'POST', BASE, body);
}

export async function updateExperiment(
  id: string,
  body: UpdateExperimentRequest,
): Promise<ExperimentDetail> {
  return request(experimentDetailSchema, 'PATCH', path(id), body);
}

export async function deleteExperiment(id: string): Promise<void> {
  await request(noContent, 'DELETE', path(id));
}

export async function saveVariant(
  id: string,
  variantId: VariantId,
  body: { content: unknown; revision: number },
): Promise<ExperimentDetail> {
  return request(experimentDetailSchema, 'PUT', `${path(id)}/variants/${variantId}`, body);
}

export async function approveVariant(
  id: string,
  variantId: VariantId,
  body: ApproveRequest,
): Promise<ExperimentDetail> {
  return request(experimentDetailSchema, 'POST', `${path(id)}/variants/${variantId}/approve`, body);
}

export type LifecycleAction = 'start' | 'pause' | 'stop';

export async function changeStatus(id: string, action: LifecycleAction): Promise<ExperimentDetail> {
  return request(experimentDetailSchema, 'POST', `${path(id)}/${action}`);
}

export async function promoteVariant(
  id: string,
  variantId: VariantId,
): Promise<PromotedExperiment> {
  return request(promotedExperimentSchema, 'POST', `${path(id)}/promote`, { variantId });
}

/** An answer the server just gave: the detail's cache takes it at once, the lists refresh. */
export function cacheExperiment(client: QueryClient, detail: ExperimentDetail): void {
  client.setQueryData(experimentKey(detail.id), detail);
  void client.invalidateQueries({ queryKey: [BASE, 'list'] });
  void client.invalidateQueries({ queryKey: resultsKey(detail.id) });
}
