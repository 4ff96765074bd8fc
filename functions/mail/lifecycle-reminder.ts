// The e-mail to publishers 30 and 7 days before a page's review-by date or expiry
// (issue 37, docs/decisions/0558-expiry-and-reminders.md), sent by the runner
// (functions/publishing/lifecycle.ts).
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { publicPath } from '../shared/slug.ts';
import type { MailMessage } from './mailer.ts';

export type ReminderKind = 'reviewBy' | 'expiresAt';

export function lifecycleReminderMessage(
  page: Pick<LandingPage, 'id' | 'title' | 'slug' | 'lifecycle'>,
  kind: ReminderKind,
  days: number,
  to: string[],
  siteUrl: string,
): MailMessage {
  const lifecycle = page.lifecycle!;
  const what = kind === 'reviewBy' ? 'is due for review' : 'expires';
  const date = kind === 'reviewBy' ? lifecycle.reviewBy! : lifecycle.expiresAt!;
  const then =
    kind === 'reviewBy'
      ? 'Nothing happens on its own: review the page and set its next review-by date.'
      : lifecycle.onExpiry === 'flag'
        ? 'It then stays live and is flagged "Expired" in the Pages list.'
        : `It is then taken off the site${
            lifecycle.redirectTo
              ? ` and its address redirects to ${lifecycle.redirectTo}`
              : '; its address answers 404'
          }.`;
  return {
    to,
    subject: `${page.title} ${what} in ${days} days`,
    text: [
      `The page "${page.title}" (${publicPath(page.slug)}) ${what} ${
        kind === 'reviewBy' ? `by ${date}` : `at ${date} (UTC)`
      }, in ${days} days or less.`,
      then,
      '',
      `Change its review-by date or expiry in the page's Lifecycle: ${siteUrl}/admin?edit=${page.id}`,
    ].join('\n'),
  };
}
