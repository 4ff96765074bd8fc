// Where a change visitors would see goes while review is required (issue 33;
// docs/decisions/0300-review-covers-every-visible-write.md). With `approvalsRequired` >= 1,
// a route that would write a live page's title, slug or content writes its working copy
// instead (SPEC's PUT, a version restore, a reset to the template) and answers 202 with a
// sentence saying so, or refuses with a 409 naming what to do (making a page live, creating
// one live). The page repository refuses any such write nobody signed anyway
// (functions/data/live-guard.ts): this module only chooses the answer a person expects.
import type { Context } from 'hono';
import type { LandingPage, VersionReason } from '../../data/landing-pages/page-item.ts';
import { SlugTakenError } from '../../data/landing-pages/errors.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ConflictError } from '../../core/domain-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import type { SavedToCopy } from '../../shared/workflow.ts';
import { actorEmail, actorOf } from './actor.ts';

/** The approvals the settings require now (0: changes go live at once, as SPEC says). */
export async function approvalsRequired(c: Context<AppEnv>): Promise<number> {
  return (await c.get('services').workflow.settings()).approvalsRequired;
}

export const approvalsText = (n: number) => `${n} approval${n === 1 ? '' : 's'}`;

/** A working copy's slug must be free and the default page keeps its own. */
export async function checkCopySlug(
  c: Context<AppEnv>,
  page: LandingPage,
  slug: string,
): Promise<void> {
  if (page.slug === DEFAULT_SLUG && slug !== DEFAULT_SLUG) {
    throw new ApiError(
      400,
      'validation_failed',
      'Invalid request: slug cannot change on the default page',
      {
        slug: ['cannot change on the default page'],
      },
    );
  }
  if (slug !== page.slug) {
    const holder = await c.get('services').pages.getBySlug(slug);
    if (holder && holder.id !== page.id) throw new SlugTakenError(slug);
  }
}

export interface CopyChange {
  title?: string | undefined;
  slug?: string | undefined;
  content?: LandingContent | undefined;
}

/**
 * Saves `change` to the working copy of the live `page` and answers 202 {savedTo, message,
 * workingCopy}. `revision` is the one the caller's change is based on: the copy's, or the
 * live page's while there is no copy; `'replace'` (a restore, a reset) replaces whatever
 * the copy holds and keeps that as a version (`replacedAs`), as the live content would be.
 */
export async function saveToWorkingCopy(
  c: Context<AppEnv>,
  page: LandingPage,
  change: CopyChange,
  options: {
    revision: number | undefined | 'replace';
    replacedAs?: VersionReason;
    /** What went into the copy, for the sentence: "Your change", "The version of ...". */
    what: string;
    /** The audit entry's words: "version restored into the working copy". */
    audit: string;
    required: number;
  },
): Promise<Response> {
  const { workflow, pages } = c.get('services');
  const copy = await workflow.workingCopy(page.id);
  let revision: number;
  if (options.revision === 'replace') revision = copy?.revision ?? page.revision;
  else if (options.revision !== undefined) revision = options.revision;
  else if (copy) {
    throw new ConflictError(
      `This page has a working copy (revision ${copy.revision}, saved by ${copy.updatedBy}) that this change would overwrite: send its revision, or make the change in the editor`,
      { revision: [`is required: the working copy is at revision ${copy.revision}`] },
    );
  } else revision = page.revision;
  const base = copy && revision === copy.revision ? copy : page;
  const input = {
    title: change.title ?? base.title,
    slug: change.slug ?? base.slug,
    content: change.content ?? base.content,
  };
  await checkCopySlug(c, page, input.slug);
  const saved = await workflow.saveDraft(page, input, revision, actorOf(c), {
    summary: options.audit,
    parts: (current, at) =>
      current && options.replacedAs
        ? [
            pages.versionPart(
              { ...current, id: page.id, isActive: page.isActive },
              options.replacedAs,
              actorEmail(c),
              at,
            ),
          ]
        : [],
  });
  return c.json<SavedToCopy>(
    {
      savedTo: 'working-copy',
      message: `${page.title} is live and publishing needs ${approvalsText(options.required)}: ${options.what} went into its working copy (revision ${saved.revision}), which visitors do not see until it is approved and published.${
        options.replacedAs && copy ? ' The working copy it replaced is kept as a version.' : ''
      }`,
      workingCopy: saved,
    },
    202,
  );
}
