// The e-mail to publishers when a withdrawal leaves pages saying a claim that is no longer
// approved (issue 36, docs/decisions/0538-claim-withdrawal.md): which claims, why, which
// pages (live or only in a working copy), and what happened to the live ones.
import type { WithdrawalEffect } from '../shared/claims/withdrawal.ts';
import type { MailMessage } from './mailer.ts';

export const WITHDRAWAL_SUBJECT = 'Pages say a claim that was withdrawn';

export function claimWithdrawalMessage(
  to: string[],
  what: string,
  reason: string,
  by: string,
  effect: Omit<WithdrawalEffect, 'notified'>,
  siteUrl: string,
): MailMessage {
  const keys = effect.claims.map((claim) => `"${claim.key}"`).join(', ');
  const taken = new Set(effect.unpublished);
  const kept = new Map(effect.keptLive.map((entry) => [entry.id, entry.reason]));
  const line = (page: WithdrawalEffect['pages'][number]) => {
    const state = taken.has(page.id)
      ? 'taken off the site'
      : kept.has(page.id)
        ? `still live: ${kept.get(page.id)}`
        : page.live
          ? 'still live, flagged in the Pages list'
          : 'in its working copy only';
    return `- ${page.title} (/${page.slug}), ${state}; says ${page.keys.map((key) => `"${key}"`).join(', ')} in ${page.fields.join(', ')}\n  ${siteUrl}/admin?edit=${page.id}`;
  };
  return {
    to,
    subject: WITHDRAWAL_SUBJECT,
    text: [
      `${by} withdrew ${what}. Reason given: ${reason}`,
      '',
      `The claim${effect.claims.length === 1 ? '' : 's'} ${keys} ${effect.claims.length === 1 ? 'is' : 'are'} no longer approved, and these pages say ${effect.claims.length === 1 ? 'it' : 'them'}:`,
      ...effect.pages.map(line),
      '',
      effect.setting === 'unpublish'
        ? 'The publishing settings take such live pages off the site at once.'
        : 'The publishing settings leave such live pages up: replace the claim or take the page down.',
      `The claims: ${siteUrl}/admin/claims`,
    ].join('\n'),
  };
}
