// What follows withdrawing a claim or a piece of evidence (issue 36,
// docs/decisions/0538-claim-withdrawal.md): the pages saying a claim the withdrawal left
// unapproved are listed, their publishers e-mailed, and with the setting
// `withdrawnClaims: 'unpublish'` the live ones taken off the site at once (each audited as an
// unpublish saying why). The Pages list flags such pages from GET /api/admin/workflow
// (`flaggedClaims` below), computed when read, so a flag never outlives its cause.
import type { Context } from 'hono';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import type { AppEnv } from '../../lib/context.ts';
import { claimWithdrawalMessage } from '../../mail/claim-withdrawal.ts';
import { sendWithin } from '../../mail/mailer.ts';
import { publisherEmails } from '../../mail/publishers.ts';
import { addUnpublishRedirect } from '../../publishing/unpublish-redirect.ts';
import type { Claim } from '../../shared/claims/model.ts';
import type { WithdrawalEffect } from '../../shared/claims/withdrawal.ts';
import type { FlaggedClaim } from '../../shared/workflow.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import { actorOf } from './actor.ts';
import { requestRebuild } from './changes.ts';
import { pagesWithClaims, usageOf, type PageClaimKeys } from './claim-usage.ts';

/** How long the withdrawal waits for the mail transport. */
const MAIL_TIMEOUT_MS = 5_000;

const problemOf = (claim: Claim | undefined): FlaggedClaim['problem'] | undefined =>
  !claim
    ? 'unknown'
    : claim.status === 'withdrawn'
      ? 'withdrawn'
      : claim.lapse
        ? 'lapsed'
        : claim.status === 'draft'
          ? 'draft'
          : undefined;

/**
 * Per page id, the claims it says that are not approved now. A working copy saying a draft
 * claim is work in progress, not flagged; the live version saying anything not approved is.
 * `pages`: the pages with the keys they say (pagesWithClaims), `claims`: every claim today.
 */
export function flaggedClaims(
  pages: readonly PageClaimKeys[],
  claims: readonly Claim[],
): Map<string, FlaggedClaim[]> {
  const byKey = new Map(claims.map((claim) => [claim.key, claim]));
  const flagged = new Map<string, FlaggedClaim[]>();
  for (const { page, live, draft } of pages) {
    const flags: FlaggedClaim[] = [];
    for (const key of new Set([...live.keys(), ...draft.keys()])) {
      const problem = problemOf(byKey.get(key));
      if (!problem) continue;
      if (!live.has(key) && (problem === 'draft' || problem === 'unknown')) continue;
      flags.push({ key, problem, live: live.has(key) });
    }
    if (flags.length) flagged.set(page.id, flags);
  }
  return flagged;
}

/**
 * Lists, tells and (with the setting) takes down the pages saying `withdrawn` claims.
 * `what` names what was withdrawn for the e-mail ("the claim "x"", "the evidence "y"").
 */
export async function afterWithdrawal(
  c: Context<AppEnv>,
  withdrawn: readonly Pick<Claim, 'id' | 'key'>[],
  what: string,
  reason: string,
): Promise<WithdrawalEffect> {
  const services = c.get('services');
  const settings = await services.workflow.settings();
  const keys = new Set(withdrawn.map((claim) => claim.key));
  const pages: WithdrawalEffect['pages'] = [];
  const live: LandingPage[] = [];
  for (const entry of await pagesWithClaims(services)) {
    const usage = usageOf(entry, keys);
    if (!usage) continue;
    pages.push(usage);
    if (usage.live) live.push(entry.page);
  }
  const unpublished: string[] = [];
  const keptLive: WithdrawalEffect['keptLive'] = [];
  if (settings.withdrawnClaims === 'unpublish') {
    const why = `it says ${withdrawn.length === 1 ? 'a claim' : 'claims'} no longer approved (${what} was withdrawn)`;
    for (const page of live) {
      if (page.slug === DEFAULT_SLUG) {
        keptLive.push({
          id: page.id,
          reason: 'the default page renders the home page and stays live: change its content',
        });
        continue;
      }
      const down = await services.workflow.unpublish(page, actorOf(c), undefined, why);
      // Where the page's lifecycle sends its address once it is taken down (issue 37).
      const redirectTo = page.lifecycle?.redirectTo;
      if (redirectTo) await addUnpublishRedirect(services, down, redirectTo, actorOf(c));
      await requestRebuild(c, 'unpublish', down);
      unpublished.push(page.id);
    }
  }
  const effect = {
    claims: withdrawn.map(({ id, key }) => ({ id, key })),
    pages,
    setting: settings.withdrawnClaims,
    unpublished,
    keptLive,
  };
  const notified = pages.length ? await tellPublishers(c, effect, what, reason) : [];
  return { ...effect, notified };
}

/** E-mails every active account that may publish; the withdrawal stands if mail fails. */
async function tellPublishers(
  c: Context<AppEnv>,
  effect: Omit<WithdrawalEffect, 'notified'>,
  what: string,
  reason: string,
): Promise<string[]> {
  const services = c.get('services');
  const to = await publisherEmails(services);
  if (to.length === 0) return [];
  const message = claimWithdrawalMessage(
    to,
    what,
    reason,
    actorOf(c).email,
    effect,
    services.config.siteUrl,
  );
  try {
    await sendWithin(services.mailer, message, MAIL_TIMEOUT_MS);
    return to;
  } catch (error) {
    services.log.error('claim withdrawal email failed', {
      to,
      error: error instanceof Error ? error.message : String(error),
    });
    return [];
  }
}
