// The weekly analytics report (issue 25, docs/decisions/0155-weekly-report.md): its settings,
// shared by the API (functions/routes/admin/reports.ts) and the admin's Account area.
import * as z from 'zod';

/** An IANA time zone the runtime knows (Europe/Berlin, America/New_York, UTC, ...). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone such as Europe/Berlin or UTC');

/** PUT /api/admin/reports/weekly */
export const reportSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  timeZone: timeZoneSchema,
  /** Administrators' e-mail addresses (each must be an account that is not disabled). */
  recipients: z
    .array(z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address')))
    .max(20, 'must list at most 20 recipients'),
});
export type ReportSettingsInput = z.input<typeof reportSettingsSchema>;

export const DEFAULT_REPORT_SETTINGS = {
  enabled: false,
  timeZone: 'UTC',
  recipients: [] as string[],
};

/** GET /api/admin/reports/weekly */
export const reportSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  timeZone: z.string(),
  recipients: z.array(z.string()),
  /** The Monday (local date) of the last scheduled report sent, if any. */
  lastSentWeek: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  /** When the next scheduled report goes out (ISO), or null while it is off. */
  nextRunAt: z.string().nullable(),
});
export type ReportSettings = z.infer<typeof reportSettingsResponseSchema>;

/** POST /api/admin/reports/weekly/send: what was sent. */
export const reportSentSchema = z.object({
  sentTo: z.array(z.string()),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ReportSent = z.infer<typeof reportSentSchema>;

/** The report goes out on Mondays at this local hour. */
export const REPORT_HOUR = 8;

// ---- Shared dashboards ---------------------------------------------------------------

/** A shared dashboard lives this long at most; none may also never expire. */
export const SHARE_MAX_DAYS = 365;

/** POST /api/admin/analytics/shares */
export const createShareSchema = z.strictObject({
  /** Who it is for ("Agency", "Board"): shown in the list and on the shared page. */
  label: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  /** Days until it stops working; absent or null: until revoked. */
  expiresInDays: z.number().int().min(1).max(SHARE_MAX_DAYS).nullable().optional(),
});
export type CreateShareRequest = z.input<typeof createShareSchema>;

export const shareSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The link to send: a signed token naming this share. */
  url: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type AnalyticsShare = z.infer<typeof shareSchema>;

/** GET /api/admin/analytics/shares */
export const shareListSchema = z.object({ shares: z.array(shareSchema) });
export type ShareList = z.infer<typeof shareListSchema>;

/** The public path of a shared dashboard (site/pages/shared/analytics.astro). */
export const sharedDashboardPath = (token: string) =>
  `/shared/analytics?token=${encodeURIComponent(token)}`;
