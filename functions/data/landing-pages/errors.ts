// The landing page repository's refusals and the experiment lock's check
// (docs/decisions/0062-page-domain-errors.md, docs/decisions/0059-page-revisions-and-conflicts.md;
// the split: docs/decisions/0441-data-modules-by-concern.md). functions/routes/support/changes.ts maps them to HTTP.
import { ConflictError, NotFoundError } from '../../core/domain-errors.ts';
import { keys } from '../keys.ts';
import type { LandingPage } from './page-item.ts';

// The repository's refusals are domain errors (functions/core/domain-errors.ts): the app's
// error handler answers them 404 or 409 with these messages and fields.
export class PageNotFoundError extends NotFoundError {
  override name = 'PageNotFoundError';
  readonly what: string;
  constructor(what: 'Landing page' | 'Version' | 'Deleted page') {
    super(`${what} not found`);
    this.what = what;
  }
}

/**
 * A write to a page whose experiment holds its lock (functions/data/experiments.ts): the
 * live page is the experiment's control and cannot change until the experiment ends.
 */
export class ExperimentRunningError extends ConflictError {
  override name = 'ExperimentRunningError';
  constructor(name: string | undefined) {
    super(
      `This page has an experiment${name ? ` ("${name}")` : ''} running or paused: end it before changing or publishing the live page. Visitors in the experiment see its variants, and its results compare them with the version that was live when it started.`,
    );
  }
}

/** The transaction part that fails while an experiment holds the page's lock. */
export const experimentLockCheck = (table: string, pageId: string) => ({
  ConditionCheck: {
    TableName: table,
    Key: keys.experimentLock(pageId),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The refusal of a page created live while review is required (the routes say it first). */
export const NEW_LIVE_PAGE_NEEDS_REVIEW =
  'A new page goes live through review while approvals are required: create it as a draft (isActive: false), submit it for review, and publish it once approved. Nothing was created.';

export class SlugTakenError extends ConflictError {
  override name = 'SlugTakenError';
  readonly slug: string;
  constructor(slug: string) {
    super(`The slug '${slug}' is already used by another page`, {
      slug: ['is already used by another page'],
    });
    this.slug = slug;
  }
}

/** The page was written after the revision the change was based on. */
export class StaleRevisionError extends ConflictError {
  override name = 'StaleRevisionError';
  readonly expected: number;
  /** The page as stored now, when it was read (the 409 names who saved it and when). */
  readonly current: LandingPage | undefined;
  constructor(expected: number, current: LandingPage | undefined) {
    const by = current?.updatedBy ? ` by ${current.updatedBy}` : '';
    const when = current ? ` at ${current.updatedAt}` : '';
    super(
      current
        ? `This page was saved${by}${when} after you opened it; reload it, compare the changes, or overwrite them`
        : 'This page was deleted after you opened it',
      {
        revision: [
          current
            ? `is ${expected}, but the page is at revision ${current.revision} now`
            : `is ${expected}, but the page no longer exists`,
        ],
      },
    );
    this.expected = expected;
    this.current = current;
  }
}

/** The default page renders `/`: it cannot be deleted or renamed. */
export class DefaultPageError extends ConflictError {
  override name = 'DefaultPageError';
  readonly change: 'delete' | 'rename';
  constructor(change: 'delete' | 'rename') {
    super(
      change === 'delete'
        ? 'The default page renders the home page and cannot be deleted'
        : 'The default page renders the home page; its slug cannot change',
      change === 'rename' ? { slug: ['cannot change on the default page'] } : undefined,
    );
    this.change = change;
  }
}

/** A deleted page was restored by someone else between our read and our write. */
export class AlreadyRestoredError extends ConflictError {
  override name = 'AlreadyRestoredError';
  constructor() {
    super('The page was restored by someone else meanwhile');
  }
}
