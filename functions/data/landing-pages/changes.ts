// The landing page repository's creates and updates: the page, its slug item, its version,
// audit entry, redirects and review guard in one transaction, refused on a stale revision, a
// taken slug or an experiment's lock (docs/decisions/0059-page-revisions-and-conflicts.md,
// docs/decisions/0140-renames-page-wins.md, docs/decisions/0300-review-covers-every-visible-write.md;
// the split: docs/decisions/0441-data-modules-by-concern.md).
import { randomUUID } from 'node:crypto';
import type { VersionReason } from '../../shared/api/versions.ts';
import type { Publication, PublicationApproval } from '../../shared/job-codes.ts';
import type { WebhookEventInput } from '../../shared/webhooks.ts';
import type { ChecksOverride } from '../../shared/page-checks.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import { sameJson } from '../../shared/stable-json.ts';
import { liveWritePart, ReviewRequiredError, type LiveWrite } from '../live-guard.ts';
import { pageRedirectWrites, RedirectsChangedError } from '../redirect-plan.ts';
import { putNew } from '../table.ts';
import {
  DefaultPageError,
  experimentLockCheck,
  ExperimentRunningError,
  NEW_LIVE_PAGE_NEEDS_REVIEW,
  PageNotFoundError,
  SlugTakenError,
  StaleRevisionError,
} from './errors.ts';
import {
  definedOnly,
  pageItem,
  slugKey,
  toPage,
  type LandingPage,
  type NewPage,
  type PageChange,
  type PageItem,
  type PagePatch,
} from './page-item.ts';
import { LandingPageStore } from './store.ts';
import { versionOf } from '../../shared/translation-ids.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';

/**
 * The webhook events of a page write (issue 40, functions/data/webhook-events.ts): a publish
 * that put something new live, a page taken down by hand or schedule, or by its expiry.
 */
function pageEvents(
  change: PageChange,
  current: PageItem,
  next: PageItem,
  publication: Publication | undefined,
): WebhookEventInput[] {
  // A version in another locale is stored under `<page id>.<locale>`: the payload names the
  // page and the locale apart (its slug is already its address, `de/<slug>`).
  const page = {
    ...versionOf(next.id, DEFAULT_LOCALE),
    title: next.title,
    slug: next.slug,
    by: change.actor,
  };
  if (change.action === 'publish' && publication) {
    return [
      {
        type: 'page.published',
        data: { ...page, jobCode: publication.jobCode, version: publication.version },
      },
    ];
  }
  if (!current.isActive || next.isActive) return [];
  if (change.action === 'unpublish') return [{ type: 'page.unpublished', data: page }];
  if (change.action === 'expire') {
    const expiresAt = current.lifecycle?.expiresAt;
    return [{ type: 'page.expired', data: { ...page, ...(expiresAt ? { expiresAt } : {}) } }];
  }
  return [];
}

export class LandingPageChanges extends LandingPageStore {
  /** Creates a page; with `change`, its audit entry is written in the same transaction. */
  async create(
    input: NewPage,
    options: { id?: string; change?: PageChange } = {},
  ): Promise<LandingPage> {
    const id = options.id ?? randomUUID();
    const now = this.now();
    const at = now.toISOString();
    const item = pageItem({
      id,
      title: input.title,
      slug: input.slug,
      isActive: input.isActive,
      content: input.content,
      createdAt: at,
      updatedAt: at,
      revision: 1,
      ...(options.change ? { updatedBy: options.change.actor } : {}),
    });
    const page = toPage(item);
    // A redirect from the page's addresses goes: the page wins
    // (docs/decisions/0140-renames-page-wins.md).
    const redirects = await pageRedirectWrites(this.db, this.table, undefined, page, {
      actor: options.change?.actor ?? 'system',
      at,
    });
    // Someone's change (audited) that creates a live page is one nobody signed; the seed and
    // the scripts, which pass no change, create what the installation starts with.
    const guard =
      options.change && input.isActive ? [liveWritePart(this.table, { approvals: 0 })] : [];
    if (guard.length) await this.liveClaims?.(input.content);
    // Someone's page created live is its first publication (the seed's pages get theirs when
    // they are next published).
    const published = guard.length
      ? await this.publication(undefined, options.change!.actor, now)
      : undefined;
    const written = published ? { ...item, ...published } : item;
    await this.transact({
      now,
      items: [
        putNew(this.table, { ...slugKey(input.slug), pageId: id }),
        putNew(this.table, written),
        ...redirects,
        ...guard,
      ],
      audit: this.auditParts(options.change, now, undefined, page, published?.publication),
      onConflict: async (codes) => {
        if (guard.length && codes.at(-1) === 'ConditionalCheckFailed') {
          return new ReviewRequiredError(NEW_LIVE_PAGE_NEEDS_REVIEW);
        }
        return new SlugTakenError(input.slug);
      },
    });
    await this.committed(undefined, page);
    return toPage(written);
  }

  /**
   * Applies a patch, keeping the page before it as a version. `expectedRevision` is the
   * revision the author's form was based on; without it the write is based on the page
   * as read here (docs/requirements.md §7's image assignment sends only `{content}`).
   */
  async update(
    id: string,
    patch: PagePatch,
    change: PageChange & {
      reason?: VersionReason;
      expectedRevision?: number | undefined;
      /**
       * More parts of the same transaction (publishing deletes the working copy and its
       * schedule with the write); when one of them is refused, `refused()` is thrown.
       */
      also?: { parts: object[]; refused: () => Error };
      /** For a publish: the approvals of the content written (none: an unsigned change). */
      reviewed?: LiveWrite;
      /** For a publish: the signatures counted in `reviewed`, kept in its publication. */
      signatures?: PublicationApproval[];
      /** For a publish over the checks' errors: why, kept in its publication (issue 38). */
      checksOverride?: ChecksOverride;
    },
  ): Promise<LandingPage> {
    const current = await this.getItem(id);
    if (!current) throw new PageNotFoundError('Landing page');
    const expected = change.expectedRevision ?? current.revision;
    if (expected !== current.revision) throw new StaleRevisionError(expected, toPage(current));
    if (current.slug === DEFAULT_SLUG && patch.slug !== undefined && patch.slug !== DEFAULT_SLUG) {
      throw new DefaultPageError('rename');
    }
    const now = this.now();
    const at = now.toISOString();
    const next: PageItem = {
      ...current,
      ...definedOnly(patch),
      updatedAt: at,
      updatedBy: change.actor,
      revision: current.revision + 1,
    };
    const slugChanged = next.slug !== current.slug;
    // Visitors would see it: the page is live after the write, and was not before or reads
    // differently now (taking a page down, or saving it unchanged, shows nothing new).
    const visible =
      next.isActive &&
      (!current.isActive ||
        slugChanged ||
        next.title !== current.title ||
        !sameJson(next.content, current.content));
    const guard = visible ? [liveWritePart(this.table, change.reviewed ?? { approvals: 0 })] : [];
    if (visible && !change.reviewed) await this.liveClaims?.(next.content);
    // A live page renamed leaves redirects from its old addresses; a page taking an address
    // removes the redirect from it (docs/decisions/0140-renames-page-wins.md). In this transaction.
    const redirects = await pageRedirectWrites(this.db, this.table, current, next, {
      actor: change.actor,
      at,
    });
    // Something new goes live: a publication with its job code. A page taken down has no live
    // version, so no publication (its count stays for the next).
    const published = visible
      ? await this.publication(current.publications, change.actor, now, change.signatures)
      : undefined;
    if (published && change.checksOverride) {
      published.publication.checksOverride = change.checksOverride;
    }
    if (published) Object.assign(next, published);
    else if (!next.isActive) delete next.publication;
    await this.transact({
      now,
      events: pageEvents(change, current, next, published?.publication),
      items: [
        {
          Put: {
            TableName: this.table,
            Item: next,
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: { ':revision': expected },
          },
        },
        ...(slugChanged
          ? [
              putNew(this.table, { ...slugKey(next.slug), pageId: id }),
              {
                Delete: {
                  TableName: this.table,
                  Key: slugKey(current.slug),
                  ConditionExpression: 'pageId = :id',
                  ExpressionAttributeValues: { ':id': id },
                },
              },
            ]
          : []),
        {
          Put: {
            TableName: this.table,
            Item: this.versionItem(current, change.reason ?? 'update', change.actor, at),
          },
        },
        ...redirects,
        ...(change.also?.parts ?? []),
        ...guard,
        // Last: no change to the live page while an experiment holds its lock.
        experimentLockCheck(this.table, id),
      ],
      audit: this.auditParts(change, now, toPage(current), toPage(next), published?.publication),
      onConflict: async (all) => {
        if (all[all.length - 1] === 'ConditionalCheckFailed') {
          return new ExperimentRunningError(await this.lockName(id));
        }
        if (guard.length && all.at(-2) === 'ConditionalCheckFailed') {
          return change.reviewed
            ? new ReviewRequiredError(
                'The approvals of this content no longer cover what visitors would see (the setting changed, or an image it shows changed meanwhile): nothing was published',
              )
            : new ReviewRequiredError();
        }
        const reasons = all.slice(0, -1 - guard.length);
        const extra = change.also?.parts.length ?? 0;
        if (extra > 0 && reasons.slice(-extra).includes('ConditionalCheckFailed')) {
          return change.also!.refused();
        }
        const redirectsAt = reasons.length - extra - redirects.length;
        if (
          reasons
            .slice(redirectsAt, redirectsAt + redirects.length)
            .includes('ConditionalCheckFailed')
        ) {
          return new RedirectsChangedError();
        }
        // Index 1 is the new slug item; anything else means the page moved under us.
        if (slugChanged && reasons[1] === 'ConditionalCheckFailed') {
          return new SlugTakenError(next.slug);
        }
        const latest = await this.getItem(id);
        return new StaleRevisionError(expected, latest && toPage(latest));
      },
    });
    await this.committed(current, next);
    return toPage(next);
  }
}
