// The weekly analytics report (issue 25, docs/decisions/0155-weekly-report.md): last week's
// visitors, leads and conversion rate against the week before, the top pages, sources and
// campaigns (and, on a site with several locales, each locale's visitors and leads), as an
// e-mail with a plain-text and an HTML part through the configured mail
// transport. Off by default; when on, it goes out on Mondays from 08:00 in the chosen time
// zone, once a week however many runners ask (the local server's scheduler every 20 s, the
// schedules Lambda every minute in AWS: functions/publishing/lambda.ts).
import { analyticsReport, localeTotals } from '../data/analytics/report.ts';
import { ReportSettingsRepository, type StoredReportSettings } from '../data/report-settings.ts';
import type { Services } from '../lib/context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { addDays } from '../shared/days.ts';
import { REPORT_HOUR } from '../shared/reports.ts';
import type { AnalyticsResponse, AnalyticsTotals } from '../shared/analytics.ts';
import { localeName } from '../shared/locales.ts';

export type ReportServices = Pick<
  Services,
  'events' | 'pages' | 'db' | 'tableName' | 'mailer' | 'now' | 'log' | 'config'
>;

const TOP = 5;

/** Calendar fields of `at` in `timeZone`. */
export function localParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: get('weekday'),
  };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The local date (YYYY-MM-DD) of the Monday of the week `at` falls in, in `timeZone`. */
export function weekOf(at: Date, timeZone: string): string {
  const local = localParts(at, timeZone);
  return addDays(local.date, -WEEKDAYS.indexOf(local.weekday));
}

/** The instant of `date` (local, YYYY-MM-DD) at `hour`:00 in `timeZone`. */
export function zonedTime(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  // The zone's offset at the guess, applied twice (a DST change between them is rare).
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const local = localParts(new Date(at), timeZone);
    const [ly, lm, ld] = local.date.split('-').map(Number) as [number, number, number];
    const shown = Date.UTC(ly, lm - 1, ld, local.hour, local.minute);
    at = guess - (shown - at);
  }
  return new Date(at);
}

/** When this week's report is due (Monday REPORT_HOUR:00 local). */
export const dueAt = (week: string, timeZone: string) => zonedTime(week, REPORT_HOUR, timeZone);

/**
 * A week's report may go out from its Monday 08:00 for a day (a runner that was down catches
 * up); a report switched on mid-week waits for the next Monday rather than going out at once.
 */
export const DUE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether this week's report is due at `now`. */
export function isDue(settings: StoredReportSettings, now: Date): boolean {
  if (!settings.enabled) return false;
  const week = weekOf(now, settings.timeZone);
  const due = dueAt(week, settings.timeZone).getTime();
  return (
    settings.lastSentWeek !== week && now.getTime() >= due && now.getTime() < due + DUE_WINDOW_MS
  );
}

/** The next scheduled report after `now`, or null while the report is off. */
export function nextRunAt(settings: StoredReportSettings, now: Date): Date | null {
  if (!settings.enabled) return null;
  if (isDue(settings, now)) return now;
  const week = weekOf(now, settings.timeZone);
  const thisWeek = dueAt(week, settings.timeZone);
  if (settings.lastSentWeek !== week && now.getTime() < thisWeek.getTime()) return thisWeek;
  return dueAt(addDays(week, 7), settings.timeZone);
}

/** The seven days (UTC calendar days, as the analytics store counts) before `week`'s Monday. */
export const reportRange = (week: string) => ({ from: addDays(week, -7), to: addDays(week, -1) });

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);
const number = (value: number) => value.toLocaleString('en-US');

function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no change' : 'new this week';
  const delta = (current - previous) / previous;
  return `${delta >= 0 ? '+' : ''}${(delta * 100).toFixed(0)}% on the week before`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One locale's week (issue 39): its share of the site's totals, and the week before. */
export interface LanguageWeek {
  locale: string;
  current: AnalyticsTotals;
  previous: AnalyticsTotals;
}

/** The report's lines: [title, rows] per section, shared by the text and the HTML part. */
function sections(report: AnalyticsResponse, languages: LanguageWeek[]) {
  const { current, previous } = report;
  const summary: [string, string][] = [
    [
      'Visitors',
      `${number(current.totals.visitors)} (${change(current.totals.visitors, previous.totals.visitors)})`,
    ],
    [
      'Leads',
      `${number(current.totals.leads)} (${change(current.totals.leads, previous.totals.leads)})`,
    ],
    [
      'Conversion rate',
      `${percent(current.totals.conversionRate)} (the week before: ${percent(previous.totals.conversionRate)})`,
    ],
  ];
  const pages = [...current.pages]
    .filter((row) => row.visitors > 0 || row.leads > 0)
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads)
    .slice(0, TOP)
    .map((row): [string, string] => [
      `${row.title}${row.path ? ` (${row.path})` : ''}`,
      `${number(row.visitors)} visitors, ${number(row.leads)} leads`,
    ]);
  const sources = current.referrers
    .filter((row) => row.visitors > 0 || row.leads > 0)
    .slice(0, TOP)
    .map((row): [string, string] => [
      row.kind === 'direct'
        ? 'Direct (no referrer)'
        : row.kind === 'other'
          ? 'Other sources'
          : row.host!,
      `${number(row.visitors)} visitors, ${number(row.leads)} leads`,
    ]);
  const campaigns = current.campaigns
    .slice(0, TOP)
    .map((row): [string, string] => [
      row.kind === 'other'
        ? 'Other campaigns'
        : [row.source, row.medium, row.campaign].filter(Boolean).join(' / '),
      `${number(row.visitors)} visitors, ${number(row.leads)} leads`,
    ]);
  // On a site with several locales: each one's visitors and leads, in the configured order
  // (docs/decisions/0574-analytics-by-locale.md); a visitor reading two counts in both.
  const byLanguage = languages.map((week): [string, string] => [
    `${localeName(week.locale, 'en')} (${week.locale})`,
    `${number(week.current.visitors)} visitors (${change(week.current.visitors, week.previous.visitors)}), ${number(week.current.leads)} leads`,
  ]);
  return [
    ['Summary', summary],
    ...(languages.length ? ([['By language', byLanguage]] as const) : []),
    ['Top pages', pages],
    ['Top sources', sources],
    ['Top campaigns', campaigns],
  ] as const;
}

/** The e-mail for the week `range` (UTC days), to `to`. */
export function reportMessage(
  report: AnalyticsResponse,
  range: { from: string; to: string },
  to: string[],
  siteUrl: string,
  languages: LanguageWeek[] = [],
): MailMessage {
  const subject = `PharmaBridge weekly report, ${range.from} to ${range.to}`;
  const link = `${siteUrl}/admin/analytics?from=${range.from}&to=${range.to}`;
  const parts = sections(report, languages);
  const text = [
    `Your website last week (${range.from} to ${range.to}, UTC days).`,
    '',
    ...parts.flatMap(([title, rows]) => [
      title,
      ...(rows.length
        ? rows.map(([label, value]) => `  ${label}: ${value}`)
        : ['  None this week']),
      '',
    ]),
    `The whole dashboard: ${link}`,
    '',
    'You receive this because an administrator added you to the weekly report (Account, Weekly report).',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:20px">Your website last week</h1>`,
    `<p>${escapeHtml(range.from)} to ${escapeHtml(range.to)} (UTC days)</p>`,
    ...parts.map(
      ([title, rows]) =>
        `<h2 style="font-size:16px;margin-top:24px">${escapeHtml(title)}</h2>` +
        (rows.length
          ? `<table style="border-collapse:collapse">${rows
              .map(
                ([label, value]) =>
                  `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
              )
              .join('')}</table>`
          : '<p>None this week</p>'),
    ),
    `<p style="margin-top:24px"><a href="${escapeHtml(link)}">Open the whole dashboard</a></p>`,
    '<p style="color:#475569;font-size:12px">You receive this because an administrator added you to the weekly report (Account, Weekly report).</p>',
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}

/** Builds and sends the report of the week before `week` to `to`. */
export async function sendReport(
  services: ReportServices,
  week: string,
  to: string[],
): Promise<{ subject: string; from: string; to: string }> {
  const range = reportRange(week);
  const [report, locales] = await Promise.all([
    analyticsReport(services, range),
    services.events.siteLocales(),
  ]);
  if (!report) throw new Error('The analytics report could not be built');
  // A site with one locale keeps no locale counters: no section.
  const languages =
    locales.length > 1
      ? await Promise.all(
          locales.map(async (locale) => ({
            locale,
            ...(await localeTotals(services, range, locale)),
          })),
        )
      : [];
  const message = reportMessage(report, range, to, services.config.siteUrl, languages);
  await services.mailer.send(message);
  return { subject: message.subject, ...range };
}

/**
 * Sends this week's scheduled report when it is due and not sent yet. Returns whether it
 * sent. A failed send gives the week back, so the next run tries again.
 */
export async function runWeeklyReport(services: ReportServices): Promise<boolean> {
  const repository = new ReportSettingsRepository(services.db, services.tableName, services.now);
  const settings = await repository.get();
  if (!settings.enabled || settings.recipients.length === 0) return false;
  const now = services.now();
  if (!isDue(settings, now)) return false;
  const week = weekOf(now, settings.timeZone);
  if (!(await repository.claimWeek(week))) return false;
  try {
    await sendReport(services, week, settings.recipients);
    services.log.info('weekly report sent', { week, recipients: settings.recipients.length });
    return true;
  } catch (error) {
    await repository.releaseWeek(week, settings);
    services.log.error('weekly report failed', {
      week,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}
