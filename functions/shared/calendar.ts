// The content calendar (issue 37, docs/decisions/0559-content-calendar.md): what is planned
// or due, by day. GET /api/admin/calendar's query and answer, the calendar feeds'
// (docs/decisions/0560-calendar-feeds.md) requests and answers, and the types' labels:
// shared by the API, the feed's .ics and the admin's Calendar view.
import * as z from 'zod';
import { checkDayRange, daySchema } from './analytics.ts';

/** The longest range one request may ask for (a leap year: the agenda's longest is 3 months). */
export const CALENDAR_MAX_DAYS = 366;

export const CALENDAR_ENTRY_TYPES = [
  'publish',
  'unpublish',
  'expiry',
  'review-by',
  'experiment-start',
  'experiment-end',
  'event',
] as const;
export type CalendarEntryType = (typeof CALENDAR_ENTRY_TYPES)[number];

export const CALENDAR_TYPE_LABELS: Record<CalendarEntryType, string> = {
  publish: 'Scheduled publish',
  unpublish: 'Scheduled unpublish',
  expiry: 'Approval expires',
  'review-by': 'Review by',
  'experiment-start': 'Experiment starts',
  'experiment-end': 'Experiment ends',
  event: 'Event',
};

/** What each type is, for the filters' tooltips. */
export const CALENDAR_TYPE_HINTS: Record<CalendarEntryType, string> = {
  publish: "A page's approved working copy goes live at this time (scheduled from the page card).",
  unpublish: 'A page is taken down at this time (scheduled from the page card).',
  expiry:
    "A page's approval ends: it is then unpublished or flagged, as its lifecycle says (the page card's Lifecycle).",
  'review-by': 'The day by which a page’s material is to be reviewed again (a reminder only).',
  'experiment-start': 'When an A/B experiment of a page started.',
  'experiment-end':
    'When an experiment ended or, while it runs, the earliest day its minimum run allows it to end.',
  event: 'An event or webinar announced by an event block on a live page.',
};

export const calendarQuerySchema = z
  .strictObject({ from: daySchema, to: daySchema })
  .superRefine(checkDayRange(CALENDAR_MAX_DAYS));
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarEntrySchema = z.object({
  type: z.enum(CALENDAR_ENTRY_TYPES),
  /** When (ISO, UTC); a review-by date is that day's UTC midnight with `allDay`. */
  at: z.string(),
  /** An event's end. */
  end: z.string().optional(),
  /** A whole day rather than a time (review-by dates). */
  allDay: z.boolean().optional(),
  /** A planned time rather than one that happened (a running experiment's earliest end). */
  planned: z.boolean().optional(),
  pageId: z.string().optional(),
  experimentId: z.string().optional(),
  /** The page's title, the experiment's name or the event's. */
  title: z.string(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarResponseSchema = z.object({ entries: z.array(calendarEntrySchema) });
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

// Feeds: a secret .ics address per person for their own calendar app.

export const createFeedSchema = z.strictObject({
  label: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(80, 'must be at most 80 characters')
    .refine((text) => !/\p{Cc}/u.test(text), 'must not contain control characters'),
});

export const calendarFeedSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A new feed: its address is shown this once (only its hash is kept). */
export const createdFeedSchema = calendarFeedSchema.extend({ url: z.string() });
export type CreatedFeed = z.infer<typeof createdFeedSchema>;

export const calendarFeedListSchema = z.object({ feeds: z.array(calendarFeedSchema) });
export type CalendarFeedList = z.infer<typeof calendarFeedListSchema>;

/** The API path a feed is served at (functions/routes/calendar-feed.ts). */
export const CALENDAR_FEED_BASE = '/api/calendar/feed';
export const calendarFeedPath = (token: string) => `${CALENDAR_FEED_BASE}/${token}.ics`;

/**
 * Where an entry leads in the admin: an experiment's view, else its page's editor (the URLs
 * of site/islands/admin/common/experiments-url.ts and common/editor/blocks/editor-url.ts).
 */
export function calendarEntryPath(entry: Pick<CalendarEntry, 'pageId' | 'experimentId'>): string {
  if (entry.experimentId && entry.pageId) {
    return `/admin/experiments?${new URLSearchParams({ page: entry.pageId, experiment: entry.experimentId })}`;
  }
  return entry.pageId ? `/admin?${new URLSearchParams({ edit: entry.pageId })}` : '/admin';
}
