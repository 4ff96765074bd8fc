// Review-by dates and expiries at work (issue 37, docs/decisions/0558-expiry-and-reminders.md),
// run by the schedules runner after the schedules (locally every SCHEDULE_INTERVAL_MS,
// functions/server/local-stack.ts; in AWS every minute, functions/publishing/lambda.ts).
//
// - Reminders: publishers get an e-mail 30 and 7 days before a live page's review-by date
//   (the day's start, UTC) and its expiry. Each once: a marker naming the date and the
//   window is written conditionally, with its audit entry, before the e-mail goes; a date
//   set less than 7 days ahead gets the 7-day one only. A failed e-mail is logged, not sent
//   again (as the lead reminders, functions/mail/lead-reminder.ts).
// - At its expiry a live page is taken down (with its redirect, through the unpublish
//   redirect path) or, with `onExpiry: 'flag'` and for the default page, which stays live,
//   only recorded, the Pages list flagging it "Expired". Exactly once: the marker is in the
//   same transaction as the page write (functions/data/workflow/lifecycle.ts), so of two
//   runners at once one acts and the other is refused.
import { lifecycleMarks } from '../data/keys.ts';
import { StaleRevisionError } from '../data/landing-pages/errors.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { WorkflowStateError } from '../data/workflow/errors.ts';
import type { Services } from '../lib/context.ts';
import { lifecycleReminderMessage, type ReminderKind } from '../mail/lifecycle-reminder.ts';
import { sendWithin } from '../mail/mailer.ts';
import { publisherEmails } from '../mail/publishers.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';
import { addUnpublishRedirect } from './unpublish-redirect.ts';

const DAY_MS = 86_400_000;
/** The reminders' windows, in days before the date, largest first. */
export const REMINDER_DAYS = [30, 7] as const;
const SEND_TIMEOUT_MS = 5_000;
const ACTOR = { email: 'Lifecycle (scheduled)' };

export interface LifecycleRun {
  reminded: number;
  unpublished: number;
  flagged: number;
  /** Done by another runner meanwhile. */
  skipped: number;
  failed: number;
}

type RunServices = Pick<
  Services,
  'pages' | 'workflow' | 'admins' | 'mailer' | 'config' | 'log' | 'now' | 'rebuilder' | 'redirects'
>;

/** The moment a reminder counts down to. */
const targetOf = (kind: ReminderKind, page: LandingPage): number | undefined => {
  const value = page.lifecycle?.[kind];
  if (!value) return undefined;
  return Date.parse(kind === 'reviewBy' ? `${value}T00:00:00.000Z` : value);
};

/** The smallest window `left` falls in (7 days left: the 7-day reminder, not the 30). */
export const windowOf = (left: number): number | undefined =>
  left <= 0 ? undefined : [...REMINDER_DAYS].reverse().find((days) => left <= days * DAY_MS);

type Due = { kind: 'expiry'; mark: string } | { kind: ReminderKind; days: number; mark: string };

/** What is due for a page at `now`: its expiry, or else the reminders whose window it is. */
function dueOf(page: LandingPage, now: number): Due[] {
  const expiresAt = page.lifecycle?.expiresAt;
  if (expiresAt && Date.parse(expiresAt) <= now) {
    return [{ kind: 'expiry', mark: lifecycleMarks.expired(expiresAt) }];
  }
  return (['reviewBy', 'expiresAt'] as const).flatMap((kind) => {
    const target = targetOf(kind, page);
    const days = target === undefined ? undefined : windowOf(target - now);
    if (days === undefined) return [];
    return [{ kind, days, mark: lifecycleMarks.reminder(kind, page.lifecycle![kind]!, days) }];
  });
}

export async function runLifecycle(services: RunServices): Promise<LifecycleRun> {
  const run: LifecycleRun = { reminded: 0, unpublished: 0, flagged: 0, skipped: 0, failed: 0 };
  const now = services.now().getTime();
  const pages = (await services.pages.list()).filter((page) => page.isActive && page.lifecycle);
  let to: string[] | undefined;
  for (const page of pages) {
    try {
      const due = dueOf(page, now);
      if (due.length === 0) continue;
      // One read of what was done already, so a run writes only what is new.
      const done = await services.workflow.marks(page.id);
      for (const item of due.filter((entry) => !done.has(entry.mark))) {
        if (item.kind === 'expiry') {
          run[await expire(services, page, item.mark)] += 1;
          continue;
        }
        to ??= await publisherEmails(services);
        if (to.length === 0) continue;
        const date = page.lifecycle![item.kind]!;
        const claimed = await services.workflow.markOnce(
          page,
          item.mark,
          'lifecycle-reminder',
          `${item.kind === 'reviewBy' ? `review due by ${date}` : `expires at ${date}`}, ${item.days}-day reminder to ${to.join(', ')}`,
          ACTOR,
        );
        if (!claimed) {
          run.skipped += 1;
          continue;
        }
        await remind(services, page, item.kind, item.days, to, run);
      }
    } catch (error) {
      run.failed += 1;
      services.log.error('lifecycle run failed for a page', {
        pageId: page.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (run.reminded + run.unpublished + run.flagged + run.failed > 0) {
    services.log.info('lifecycle run', { ...run });
  }
  return run;
}

async function remind(
  services: RunServices,
  page: LandingPage,
  kind: ReminderKind,
  days: number,
  to: string[],
  run: LifecycleRun,
): Promise<void> {
  try {
    await sendWithin(
      services.mailer,
      lifecycleReminderMessage(page, kind, days, to, services.config.siteUrl),
      SEND_TIMEOUT_MS,
    );
    run.reminded += 1;
  } catch (error) {
    run.failed += 1;
    services.log.error('lifecycle reminder failed', {
      pageId: page.id,
      kind,
      days,
      transport: services.mailer.transport,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Acts on the page's expiry (see the header); 'skipped' when another runner did. */
async function expire(
  services: RunServices,
  page: LandingPage,
  mark: string,
): Promise<'unpublished' | 'flagged' | 'skipped'> {
  const { expiresAt, onExpiry, redirectTo } = page.lifecycle!;
  if (onExpiry === 'flag' || page.slug === DEFAULT_SLUG) {
    const why =
      onExpiry === 'flag'
        ? 'it stays live, flagged "Expired" in the Pages list'
        : 'the default page renders the home page and stays live, flagged "Expired"';
    const marked = await services.workflow.markOnce(
      page,
      mark,
      'expire',
      `its approval expired at ${expiresAt}; ${why}`,
      ACTOR,
    );
    return marked ? 'flagged' : 'skipped';
  }
  try {
    const down = await services.workflow.expireLive(page, mark, ACTOR);
    if (redirectTo) await addUnpublishRedirect(services, down, redirectTo, ACTOR);
    await services.rebuilder.request(`expiry: unpublish /${down.slug}`);
    return 'unpublished';
  } catch (error) {
    if (error instanceof StaleRevisionError || error instanceof WorkflowStateError) {
      return 'skipped';
    }
    throw error;
  }
}
