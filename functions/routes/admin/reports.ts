// /api/admin/reports/weekly (issue 25, docs/decisions/0155-weekly-report.md): the weekly e-mail
// report's settings, and "Send now" to try it. Admins only (`accounts`, like the other
// settings); the report itself carries no personal data (figures, pages, sources, campaigns).
import { Hono } from 'hono';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { ReportSettingsRepository, type StoredReportSettings } from '../../data/report-settings.ts';
import {
  reportSentSchema,
  reportSettingsResponseSchema,
  reportSettingsSchema,
  type ReportSent,
  type ReportSettings,
} from '../../shared/reports.ts';
import { nextRunAt, sendReport, weekOf } from '../../reports/weekly.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const repository = (c: { get: (key: 'services') => AppEnv['Variables']['services'] }) => {
  const { db, tableName, now } = c.get('services');
  return new ReportSettingsRepository(db, tableName, now);
};

const answer = (settings: StoredReportSettings, now: Date): ReportSettings => ({
  ...settings,
  nextRunAt: nextRunAt(settings, now)?.toISOString() ?? null,
});

export const getReportSettings = defineRoute(
  {
    method: 'get',
    path: '/weekly',
    permission: 'accounts',
    summary: "The weekly report's settings and when it goes out next",
    responses: { 200: reportSettingsResponseSchema },
  },
  async (c) => c.json<ReportSettings>(answer(await repository(c).get(), c.get('services').now())),
);

export const putReportSettings = defineRoute(
  {
    method: 'put',
    path: '/weekly',
    permission: 'accounts',
    summary: "Saves the weekly report's settings (on or off, time zone, recipients)",
    request: { json: reportSettingsSchema },
    responses: { 200: reportSettingsResponseSchema },
  },
  async (c, { json: body }) => {
    const services = c.get('services');
    // Recipients are administrators of this installation, never outside addresses.
    const recipients = [...new Set(body.recipients)];
    const unknown: string[] = [];
    for (const email of recipients) {
      const admin = await services.admins.get(email);
      if (!admin || admin.disabled) unknown.push(email);
    }
    if (unknown.length) {
      throw new ApiError(
        400,
        'validation_failed',
        `Invalid request: recipients must be administrators of this site (${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not)`,
        { recipients: [`${unknown.join(', ')}: not an active administrator`] },
      );
    }
    if (body.enabled && recipients.length === 0) {
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid request: recipients must name at least one administrator while the report is on',
        { recipients: ['must name at least one administrator while the report is on'] },
      );
    }
    const saved = await repository(c).put({ ...body, recipients }, actorOf(c));
    return c.json<ReportSettings>(answer(saved, services.now()));
  },
);

/** Sends last week's report now: to the recipients, or to the caller when there are none. */
export const sendReportNow = defineRoute(
  {
    method: 'post',
    path: '/weekly/send',
    permission: 'accounts',
    summary: "Sends last week's report now, to the recipients or else to the caller",
    responses: { 200: reportSentSchema },
  },
  async (c) => {
    const services = c.get('services');
    const settings = await repository(c).get();
    const to = settings.recipients.length ? settings.recipients : [c.get('admin')!.email];
    const week = weekOf(services.now(), settings.timeZone);
    try {
      const sent = await sendReport(services, week, to);
      return c.json<ReportSent>({ sentTo: to, ...sent });
    } catch (error) {
      services.log.error('weekly report (send now) failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      throw new ApiError(
        503,
        'unavailable',
        'The report could not be sent: the mail transport refused it. Check the mail settings and try again.',
      );
    }
  },
);

export const reports = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  getReportSettings,
  putReportSettings,
  sendReportNow,
]);
