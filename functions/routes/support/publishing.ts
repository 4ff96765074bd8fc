// Publishing and taking down a page, or its version in a locale (issue 39): the handlers'
// bodies of POST /api/landing-pages/:id/publish|unpublish (functions/routes/workflow.ts) and
// of .../locales/:locale/publish|unpublish (functions/routes/locales.ts), now or scheduled.
import type { Context } from 'hono';
import type * as z from 'zod';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import { WorkflowRepository } from '../../data/workflow/repository.ts';
import { assertChecks } from '../../data/workflow/checks.ts';
import { assertApprovalPeriod } from '../../data/workflow/approval-period.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import type { publishSchema, unpublishSchema } from '../../shared/workflow.ts';
import { addUnpublishRedirect } from '../../publishing/unpublish-redirect.ts';
import { actorOf } from './actor.ts';
import { requestRebuild } from './changes.ts';

/** A time this close to now, or past, means "now". */
const NOW_SLACK_MS = 5_000;

/**
 * POST .../publish of `page` (a page, or its version in a locale): now, or scheduled (202)
 * for a time to come.
 */
export async function publishOrSchedule(
  c: Context<AppEnv>,
  page: LandingPage,
  json: z.infer<typeof publishSchema>,
): Promise<Response> {
  const services = c.get('services');
  const { at, overrideChecks } = json;
  const when = at ? new Date(at) : undefined;
  if (when && when.getTime() > services.now().getTime() + NOW_SLACK_MS) {
    const [copy, settings] = await Promise.all([
      services.workflow.workingCopy(page.id),
      services.workflow.settings(),
    ]);
    if (!copy && page.isActive) {
      throw new ApiError(
        409,
        'conflict',
        'There is nothing to publish: visitors already get the live version',
      );
    }
    const approvals = copy
      ? WorkflowRepository.approvalsOf(await services.workflow.signatures(page.id, copy))
      : 0;
    if (approvals < settings.approvalsRequired) {
      throw new ApiError(
        409,
        'conflict',
        `Only approved content can be scheduled: ${settings.approvalsRequired - approvals} more approval${
          settings.approvalsRequired - approvals === 1 ? ' is' : 's are'
        } needed`,
        {
          approvals: [
            `${approvals} of ${settings.approvalsRequired} approvals of the current content`,
          ],
        },
      );
    }
    // The approval period counts from the schedule's time (docs/decisions/0557-approval-period.md).
    assertApprovalPeriod(page.lifecycle, settings.maxApprovalMonths, when);
    // The checks run again when it fires; content with errors is not scheduled at all.
    if (overrideChecks) {
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid request: overrideChecks publishes now only; fix the errors before scheduling',
        { overrideChecks: ['publishes now only; fix the errors before scheduling'] },
      );
    }
    assertChecks(
      await services.workflow.runChecks(copy ?? page, settings),
      'It cannot be scheduled',
      settings,
    );
    const entry = await services.workflow.schedule(
      page,
      {
        action: 'publish',
        at: when.toISOString(),
        by: actorOf(c).email,
        ...(copy ? { contentHash: copy.contentHash } : {}),
      },
      actorOf(c),
    );
    return c.json(entry, 202);
  }
  const published = await services.workflow.publish(page, actorOf(c), undefined, overrideChecks);
  await requestRebuild(c, 'publish', published);
  return c.json(published);
}

/** POST .../unpublish of `page` (a page, or its version in a locale): now, or scheduled (202). */
export async function unpublishOrSchedule(
  c: Context<AppEnv>,
  page: LandingPage,
  json: z.infer<typeof unpublishSchema>,
): Promise<Response> {
  const services = c.get('services');
  const { at, redirectTo } = json;
  if (page.slug === DEFAULT_SLUG) {
    throw new ApiError(409, 'conflict', 'The default page renders the home page and stays live');
  }
  if (!page.isActive) throw new ApiError(409, 'conflict', 'The page is not live');
  const when = at ? new Date(at) : undefined;
  if (when && when.getTime() > services.now().getTime() + NOW_SLACK_MS) {
    const entry = await services.workflow.schedule(
      page,
      {
        action: 'unpublish',
        at: when.toISOString(),
        by: actorOf(c).email,
        ...(redirectTo ? { redirectTo } : {}),
      },
      actorOf(c),
    );
    return c.json(entry, 202);
  }
  const down = await services.workflow.unpublish(page, actorOf(c));
  await afterUnpublish(c, down, redirectTo);
  return c.json(down);
}

/** What follows taking a page down: its redirect, if one was asked for, and a rebuild. */
async function afterUnpublish(
  c: Context<AppEnv>,
  page: LandingPage,
  redirectTo: string | undefined,
): Promise<void> {
  if (redirectTo) await addUnpublishRedirect(c.get('services'), page, redirectTo, actorOf(c));
  await requestRebuild(c, 'unpublish', page);
}
