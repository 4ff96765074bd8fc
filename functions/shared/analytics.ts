// The analytics dashboard's contract: GET /api/admin/analytics's query and answer, one
// zod schema each, imported by the route and by the admin's Analytics tab.
import * as z from 'zod';
import { DAY_FORMAT, daysBetween, isCalendarDay } from './days.ts';
import { DEVICE_CLASSES, EVENT_TYPES, type EventType } from './events.ts';
import { formIdSchema } from './forms/form-id.ts';
import { localeSchema } from './locales.ts';

/** The longest range one request may ask for (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;
/** Rows of the referrer and campaign tables; the rest is summed into one "other" row. */
export const ANALYTICS_TOP_VALUES = 20;

export { addDays, daysBetween, eachDay, previousRange } from './days.ts';

export const daySchema = z
  .string()
  .regex(DAY_FORMAT, { message: 'must be a date written YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, { message: 'is not a calendar date', abort: true })
  .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', 'must be between 2000 and 2099');

const rangeShape = {
  from: daySchema,
  to: daySchema,
  /** One page's figures; absent for the whole site. */
  pageId: z.uuid('must be a page id').optional(),
};

/**
 * The Analytics tab's query and the shared dashboard's (functions/routes/shared-analytics.ts):
 * the range, and one page's figures or one locale's (issue 39,
 * docs/decisions/0574-analytics-by-locale.md), not both: a page's counters are not kept per
 * locale. Whether the site has the locale configured is the route's check.
 */
export const analyticsQuerySchema = z
  .strictObject({
    ...rangeShape,
    /** One locale's share of the site's figures; absent for every locale. */
    locale: localeSchema.optional(),
  })
  .superRefine(checkDayRange(ANALYTICS_MAX_DAYS))
  .superRefine((query, ctx) => {
    if (query.pageId !== undefined && query.locale !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['locale'],
        message: LOCALE_WITH_PAGE,
      });
    }
  });

/** Why `locale` and `pageId` do not go together (the API's 400 and the admin's note). */
export const LOCALE_WITH_PAGE =
  "cannot be combined with pageId: a page's figures are not kept per language, so choose either a page or a language";

/**
 * A range of days' check (`from` and `to`, both included): `to` not before `from` and at
 * most `maxDays` days in all, each refused on `to`. Judged only between two real days: a
 * bad day has its own message. The analytics query and the content calendar's use it.
 */
export function checkDayRange(maxDays: number) {
  return (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
    if (!isCalendarDay(query.from) || !isCalendarDay(query.to)) return;
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    } else if (daysBetween(query.from, query.to) > maxDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${maxDays} days from from (the range has ${daysBetween(query.from, query.to)})`,
      });
    }
  };
}

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

/** value: a counted value; direct: no source; other: every value past the top ones. */
const rowKind = z.enum(['value', 'direct', 'other']);

/**
 * A row of the Sources table (docs/decisions/0410-sources-by-utm-source.md): `host` is the
 * source, the name kept from when it was the referrer's host only: the visit's utm_source
 * tag, else its referrer's host; null for direct and other.
 */
export const referrerRowSchema = z.object({
  kind: rowKind,
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

// ---- Goals (issue 25) ----------------------------------------------------------------

export const GOAL_KINDS = ['event', 'page'] as const;
export const MAX_GOALS = 20;
/** A page goal's path: `/pricing`, `/product/*`; `*` stands for any part of one segment or more. */
const goalPathSchema = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .regex(
    /^\/[a-z0-9/*._~-]*$/,
    'must be a path starting with / (letters, digits, - . _ ~ / and *)',
  );

const GOAL_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter((type) => type !== 'page_view');

/**
 * POST /api/admin/goals: an event type (not page_view: views are a page goal), or a path. A
 * form_submit goal may name one form (`formId`, a form of the Forms tab) and a file_download
 * goal one gated file (`assetId`, a private PDF): docs/decisions/0412-form-and-file-goals.md.
 */
export const createGoalSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    kind: z.enum(GOAL_KINDS),
    match: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    formId: formIdSchema.optional(),
    assetId: z.uuid('must be a file id').optional(),
  })
  .superRefine((goal, ctx) => {
    if (goal.formId !== undefined && (goal.kind !== 'event' || goal.match !== 'form_submit')) {
      ctx.addIssue({
        code: 'custom',
        path: ['formId'],
        message: 'names a form only for a goal of forms sent (form_submit)',
        input: goal.formId,
      });
    }
    if (goal.assetId !== undefined && (goal.kind !== 'event' || goal.match !== 'file_download')) {
      ctx.addIssue({
        code: 'custom',
        path: ['assetId'],
        message: 'names a file only for a goal of downloads (file_download)',
        input: goal.assetId,
      });
    }
    if (goal.kind === 'event' && !GOAL_EVENT_TYPES.includes(goal.match)) {
      ctx.addIssue({
        code: 'custom',
        path: ['match'],
        message: `must be a tracked event type: ${GOAL_EVENT_TYPES.join(', ')}`,
        input: goal.match,
      });
    }
    if (goal.kind === 'page' && !goalPathSchema.safeParse(goal.match).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['match'],
        message: 'must be a path starting with / (letters, digits, - . _ ~ / and *)',
        input: goal.match,
      });
    }
  });
export type CreateGoalRequest = z.input<typeof createGoalSchema>;

/** What a form or file goal is about, besides its event type. */
const goalTargetShape = {
  /** The form of a form_submit goal; absent: any form. */
  formId: z.string().optional(),
  /** The gated file (asset id) of a file_download goal; absent: any download. */
  assetId: z.string().optional(),
  /** The form's title or the file's name when the goal was made, to show beside it. */
  targetName: z.string().optional(),
};

export const goalSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GOAL_KINDS),
  match: z.string(),
  ...goalTargetShape,
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;

/** GET /api/admin/goals */
export const goalListSchema = z.object({ goals: z.array(goalSchema) });
export type GoalList = z.infer<typeof goalListSchema>;

/** A goal's figures over a range: in GET /api/admin/analytics's `goals`. */
export const goalFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GOAL_KINDS),
  match: z.string(),
  ...goalTargetShape,
  /** Events of the type, or views of the matching pages. */
  conversions: z.number().int().nonnegative(),
  /** Visitor-days with the goal (for a page goal: per matching page, summed). */
  converters: z.number().int().nonnegative(),
  /** converters / visitors of the range (of the page, when one is asked for). */
  conversionRate: z.number().nonnegative().nullable(),
});
export type GoalFigures = z.infer<typeof goalFiguresSchema>;

/** The longest and shortest funnel built from goals (issue 25). */
export const GOAL_FUNNEL_MIN_STEPS = 2;
export const GOAL_FUNNEL_MAX_STEPS = 5;

/**
 * PUT /api/admin/goals/funnel: the goals of the Analytics tab's funnel, in order (2 to 5,
 * each once); an empty list brings back the default funnel (page views, CTA clicks, leads).
 * Each change starts the funnel's count afresh (docs/decisions/0411-funnels-in-order.md).
 */
export const goalFunnelSchema = z.strictObject({
  goalIds: z
    .array(z.uuid('must be a goal id'))
    .max(GOAL_FUNNEL_MAX_STEPS, `must have at most ${GOAL_FUNNEL_MAX_STEPS} steps`)
    .refine((ids) => ids.length === 0 || ids.length >= GOAL_FUNNEL_MIN_STEPS, {
      message: `must have at least ${GOAL_FUNNEL_MIN_STEPS} steps (or none, for the default funnel)`,
    })
    .refine((ids) => new Set(ids).size === ids.length, 'must name each goal once'),
});
export type GoalFunnel = z.infer<typeof goalFunnelSchema>;

/** GET /api/admin/goals/:id/breakdown's query: a range of UTC days, as the dashboard's. */
export const goalBreakdownQuerySchema = z
  .strictObject({ from: daySchema, to: daySchema })
  .superRefine((query, ctx) => {
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

/** One page's row of a goal's breakdown. */
export const goalPageRowSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  path: z.string().nullable(),
  conversions: count,
  converters: count,
  /**
   * An event goal: converters over the page's visitors. A page goal: the page's visitors
   * over the site's (every visitor of a matching page converts there).
   */
  conversionRate: rate,
});

/**
 * One source's row: a source (the utm_source tag, else the referrer's host: `host`, as in the
 * Sources table), direct, or everything else (past the cap, older days).
 */
export const goalSourceRowSchema = z.object({
  kind: z.enum(['value', 'direct', 'other']),
  host: z.string().nullable(),
  /** Null for a page goal: views are not counted by source. */
  conversions: count.nullable(),
  converters: count,
  /** Converters over the source's visitors; null for a page goal and for other. */
  conversionRate: rate,
});

/** GET /api/admin/goals/:id/breakdown: one goal's figures per page and per source. */
export const goalBreakdownSchema = z.object({
  goal: goalFiguresSchema,
  from: z.string(),
  to: z.string(),
  pages: z.array(goalPageRowSchema),
  sources: z.array(goalSourceRowSchema),
  generatedAt: z.iso.datetime({ offset: true }),
  itemsRead: count,
});
export type GoalPageRow = z.infer<typeof goalPageRowSchema>;
export type GoalSourceRow = z.infer<typeof goalSourceRowSchema>;
export type GoalBreakdown = z.infer<typeof goalBreakdownSchema>;

/** True when `path` matches a page goal's pattern (`*` any run of characters). */
export function goalPathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** The Analytics tab's entry pages: where visitors' days began (all pages only). */
export const entryPageSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  path: z.string().nullable(),
  visitors: count,
});
/** The 404 page's missing paths (all pages only); `(other)` past the daily cap. */
export const notFoundRowSchema = z.object({ path: z.string(), views: count });

/**
 * A step of the funnel (docs/decisions/0411-funnels-in-order.md): the visitors who reached it
 * after every step before it, in order, the same UTC day, over the range. `goalId` is null
 * for the default funnel's steps.
 */
export const funnelStepSchema = z.object({
  goalId: z.string().nullable(),
  name: z.string(),
  visitors: count,
});
export type FunnelStepFigures = z.infer<typeof funnelStepSchema>;

export const analyticsResponseSchema = z.object({
  /** The page asked for, or null for every page. */
  page: z.object({ id: z.string(), title: z.string(), path: z.string().nullable() }).nullable(),
  current: analyticsPeriodSchema,
  /** The same number of days just before `current`. */
  previous: analyticsPeriodSchema,
  generatedAt: z.iso.datetime({ offset: true }),
  /** The goals' figures over `current` (issue 25). */
  goals: z.array(goalFiguresSchema),
  /**
   * The funnel's goals in order (ids of `goals`), or empty for the default funnel: page
   * views, CTA clicks, leads (PUT /api/admin/goals/funnel).
   */
  goalFunnel: z.array(z.string()),
  /**
   * The funnel's steps in order (the goals of `goalFunnel`, else the default funnel's), each
   * counted in order within a visitor-day, for the whole site whatever page is asked for.
   */
  funnel: z.array(funnelStepSchema),
  /**
   * When these steps began to be counted (a change of the funnel starts afresh); null when
   * that is not known (the default funnel, never changed).
   */
  funnelSince: z.iso.datetime({ offset: true }).nullable(),
  /** Entry pages over `current`, most visitors first (empty for one page). */
  entryPages: z.array(entryPageSchema),
  /** Missing paths asked for over `current`, most views first (empty for one page). */
  notFound: z.array(notFoundRowSchema),
  /** Items this answer read from the table (counters and page records). */
  itemsRead: count,
  /**
   * The Analytics tab's and the shared dashboard's (issue 39): the locale whose share these
   * figures are (null: every locale's), and the site's locales, which their Language filter
   * offers when there are several (docs/decisions/0574-analytics-by-locale.md).
   */
  locale: z.string().nullable().optional(),
  locales: z.array(z.string()).optional(),
});

export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;
export type AnalyticsPageRow = z.infer<typeof analyticsPageRowSchema>;
export type ReferrerRow = z.infer<typeof referrerRowSchema>;
export type CampaignRow = z.infer<typeof campaignRowSchema>;
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
export type EntryPageRow = z.infer<typeof entryPageSchema>;
export type NotFoundRow = z.infer<typeof notFoundRowSchema>;

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
