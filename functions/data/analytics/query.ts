// The analytics reports' one query shape and what every report reads from
// (docs/decisions/0440-analytics-report-modules.md). Each report of this folder takes the
// same query object: a range of days and its filters. The days are UTC days, both
// included, because the counters are written per UTC day
// (docs/decisions/0081-analytics-storage-and-reads.md): no report converts a time zone.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsQuery } from '../../shared/analytics.ts';
import type { EventRepository } from '../events/repository.ts';
import type { GoalRepository } from '../goals.ts';
import type { LandingPageRepository } from '../landing-pages/repository.ts';

export interface AnalyticsSources {
  db: DynamoDBDocumentClient;
  tableName: string;
  events: EventRepository;
  pages: LandingPageRepository;
  /** The goals to report on (none without). */
  goals?: GoalRepository;
  now: () => Date;
}

/**
 * A report's query: `from` and `to` (UTC days, both included) and the filter `pageId` (one
 * page's figures; absent for the whole site). The dashboard's GET query and a goal's
 * breakdown range (which has no page filter) are both of this shape.
 */
export type ReportQuery = AnalyticsQuery;

/** Rows of the page, entry page, 404 and source tables. */
export const TOP_ROWS = 20;
