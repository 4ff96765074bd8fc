// The analytics dashboard's contract: GET /api/admin/analytics's query and answer, one
// zod schema each, imported by the route and by the admin's Analytics tab.
import * as z from 'zod';
import { DAY_FORMAT, daysBetween, isCalendarDay } from './days.ts';
import { DEVICE_CLASSES, EVENT_TYPES, type EventType } from './events.ts';

/** The longest range one request may ask for (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;
/** Rows of the referrer and campaign tables; the rest is summed into one "other" row. */
export const ANALYTICS_TOP_VALUES = 20;

export { addDays, daysBetween, eachDay, isCalendarDay, previousRange } from './days.ts';

export const daySchema = z
  .string()
  .regex(DAY_FORMAT, { message: 'must be a date written YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, { message: 'is not a calendar date', abort: true })
  .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', 'must be between 2000 and 2099');

export const analyticsQuerySchema = z
  .strictObject({
    from: daySchema,
    to: daySchema,
    /** One page's figures; absent for the whole site. */
    pageId: z.uuid('must be a page id').optional(),
  })
  .superRefine((query, ctx) => {
    // The range is judged only between two real days; a bad day has its own message.
    if (!isCalendarDay(query.from) || !isCalendarDay(query.to)) return;
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    } else if (daysBetween(query.from, query.to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${ANALYTICS_MAX_DAYS} days from from (the range has ${daysBetween(query.from, query.to)})`,
      });
    }
  });

export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();
/** Leads per visitor; null when there were no visitors (no rate to speak of). */
const rate = z.number().nonnegative().nullable();

export const analyticsTotalsSchema = z.object({
  visitors: count,
  pageViews: count,
  leads: count,
  conversionRate: rate,
});

export const analyticsDaySchema = z.object({
  day: z.string(),
  visitors: count,
  pageViews: count,
  leads: count,
  ctaClicks: count,
});

/**
 * live and inactive: landing pages that exist; deleted: history of a removed page; forms: the
 * contact page's and /pilot's leads; site: a marketing page (`/pricing`), measured by the
 * site-wide script (issue 25).
 */
export const PAGE_ROW_KINDS = ['live', 'inactive', 'deleted', 'forms', 'site'] as const;

export const analyticsPageRowSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  /** The public path (`/spring`, `/` for the default page); null when there is none. */
  path: z.string().nullable(),
  kind: z.enum(PAGE_ROW_KINDS),
  visitors: count,
  pageViews: count,
  ctaClicks: count,
  leads: count,
  conversionRate: rate,
});

/** value: a counted value; direct: no referrer; other: every value past the top ones. */
const rowKind = z.enum(['value', 'direct', 'other']);

export const referrerRowSchema = z.object({
  kind: rowKind,
  /** The referrer's host; null for direct and other. */
  host: z.string().nullable(),
  visitors: count,
  leads: count,
});

export const campaignRowSchema = z.object({
  kind: z.enum(['value', 'other']),
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  visitors: count,
  leads: count,
});

export const deviceRowSchema = z.object({
  device: z.enum(DEVICE_CLASSES),
  visitors: count,
  leads: count,
});

export const analyticsEventsSchema = z.object(
  Object.fromEntries(EVENT_TYPES.map((type) => [type, count])) as Record<EventType, typeof count>,
);

export const analyticsPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int().positive(),
  totals: analyticsTotalsSchema,
  events: analyticsEventsSchema,
  daily: z.array(analyticsDaySchema),
  pages: z.array(analyticsPageRowSchema),
  referrers: z.array(referrerRowSchema),
  campaigns: z.array(campaignRowSchema),
  devices: z.array(deviceRowSchema),
});

export const analyticsResponseSchema = z.object({
  /** The page asked for, or null for every page. */
  page: z.object({ id: z.string(), title: z.string(), path: z.string().nullable() }).nullable(),
  current: analyticsPeriodSchema,
  /** The same number of days just before `current`. */
  previous: analyticsPeriodSchema,
  generatedAt: z.iso.datetime({ offset: true }),
  /** Items this answer read from the table (counters and page records). */
  itemsRead: count,
});

export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;
export type AnalyticsPageRow = z.infer<typeof analyticsPageRowSchema>;
export type ReferrerRow = z.infer<typeof referrerRowSchema>;
export type CampaignRow = z.infer<typeof campaignRowSchema>;
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** Leads per visitor, or null without visitors. */
export const conversionRate = (leads: number, visitors: number): number | null =>
  visitors > 0 ? leads / visitors : null;

/** GET /api/admin/analytics/realtime: the last five minutes (issue 25). */
export const realtimeSchema = z.object({
  /** Distinct visitors (the cookieless daily hash) with a page view in the window. */
  visitors: z.number().int().nonnegative(),
  pages: z.array(
    z.object({
      /** The page's path (`/spring`, `/pricing`, `/` for the default page). */
      path: z.string(),
      title: z.string(),
      visitors: z.number().int().nonnegative(),
    }),
  ),
  /** Referrer hosts, `(direct)` without one: where each visitor's latest view came from. */
  sources: z.array(z.object({ source: z.string(), visitors: z.number().int().nonnegative() })),
  minutes: z.number().int().positive(),
  generatedAt: z.string(),
});
export type Realtime = z.infer<typeof realtimeSchema>;
