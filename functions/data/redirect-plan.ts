// Redirects in the single table, and how a change to them is planned (issue 23,
// docs/decisions/0139-redirect-chains-and-loops.md). The repository (redirects.ts) and page writes
// (landing-pages.ts, a slug rename) both plan here, so neither imports the other.
//
// Access patterns and keys:
//   every redirect ....... Query       pk=REDIRECTS  (sk = the `from` path)
//   one redirect ......... GetItem     pk=REDIRECTS  sk=<from>
//   a hit ................ UpdateItem  ADD hits 1   (the local server, not awaited)
// One partition: a site has a few hundred redirects at most, and every change reads them
// all, because chains are flattened against the whole set.
//
// Invariants, kept by every change planned here:
//   - no stored `to` is another redirect's `from`: adding A -> B when B -> C exists stores
//     A -> C, and adding B -> C rewrites every X -> B to X -> C (chains are flattened);
//   - following `to` never returns to `from` (a loop is refused, naming `to`).
import { ConflictError, NotFoundError } from '../core/domain-errors.ts';
import type { RedirectReason, RedirectStatus } from '../shared/redirects.ts';
import { pathKey } from '../shared/redirects.ts';
import { livePath, publicPath } from '../shared/slug.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys, PK } from './keys.ts';
import { queryAll, type TransactPart } from './table.ts';

export interface Redirect {
  from: string;
  to: string;
  status: RedirectStatus;
  reason: RedirectReason;
  createdAt: string;
  createdBy: string;
  hits: number;
}

export type RedirectMap = ReadonlyMap<string, Redirect>;

/**
 * The most redirect writes one change may carry: they share a DynamoDB transaction (100
 * items) with the page write, its version, its audit entry and the workflow's parts.
 */
export const MAX_REDIRECT_WRITES = 80;

/** A redirect whose `to` leads back to its `from` (409, naming `to`). */
export class RedirectLoopError extends ConflictError {
  override name = 'RedirectLoopError';
  constructor(from: string, via: string) {
    super(`A redirect from ${from} would make a loop: ${via} already redirects to ${from}`, {
      to: [`leads back to ${from} (${via} redirects there), which would make a loop`],
    });
  }
}

/** Another redirect already starts at this path (409, naming `from`). */
export class RedirectExistsError extends ConflictError {
  override name = 'RedirectExistsError';
  constructor(existing: Redirect) {
    super(`${existing.from} already redirects to ${existing.to}; delete that redirect first`, {
      from: [`already redirects to ${existing.to}; delete that redirect first`],
    });
  }
}

export class RedirectNotFoundError extends NotFoundError {
  override name = 'RedirectNotFoundError';
  constructor() {
    super('Redirect not found');
  }
}

/** The redirects changed between the read a change was planned on and its write. */
export class RedirectsChangedError extends ConflictError {
  override name = 'RedirectsChangedError';
  constructor() {
    super('The redirects changed while this was being saved; save again');
  }
}

export class TooManyRedirectWritesError extends ConflictError {
  override name = 'TooManyRedirectWritesError';
  constructor(count: number) {
    super(
      `This change would rewrite ${count} redirects at once (at most ${MAX_REDIRECT_WRITES}); delete some of the redirects that point here first`,
    );
  }
}

/** Every redirect, by `from`. */
export async function readRedirects(
  db: DynamoDBDocumentClient,
  table: string,
): Promise<Map<string, Redirect>> {
  const items = await queryAll<Redirect>(db, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': PK.redirects },
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [item.from, toRedirect(item)]));
}

export function toRedirect(item: Redirect): Redirect {
  const { from, to, status, reason, createdAt, createdBy, hits } = item;
  return { from, to, status, reason, createdAt, createdBy, hits: Number(hits ?? 0) };
}

/**
 * `current` with `entry` added (or replacing the redirect of the same `from`), flattened:
 * `entry.to` is followed through existing redirects, and redirects to `entry.from` now go
 * where it goes. Throws RedirectLoopError when that leads back to `entry.from`.
 */
export function withRedirect(current: RedirectMap, entry: Redirect): Map<string, Redirect> {
  let to = entry.to;
  let via = entry.to;
  const seen = new Set<string>();
  for (let key = pathKey(to); key !== undefined; key = pathKey(to)) {
    if (key === entry.from) throw new RedirectLoopError(entry.from, via);
    const next = current.get(key);
    if (!next || seen.has(key)) break;
    seen.add(key);
    via = next.from;
    to = next.to;
  }
  const result = new Map(current);
  result.set(entry.from, { ...entry, to });
  for (const [from, redirect] of result) {
    if (from === entry.from || pathKey(redirect.to) !== entry.from) continue;
    if (pathKey(to) === from) throw new RedirectLoopError(entry.from, from);
    result.set(from, { ...redirect, to });
  }
  return result;
}

/** `current` without the redirects from the addresses a page at `slug` uses. */
export function claimed(current: RedirectMap, slug: string, live: boolean): Map<string, Redirect> {
  const result = new Map(current);
  result.delete(livePath(slug));
  if (live) result.delete(publicPath(slug));
  return result;
}

/** What a page write does to the redirects (docs/decisions/0140-renames-page-wins.md). */
export interface PageAddresses {
  slug: string;
  isActive: boolean;
}

/**
 * The redirects after a page write that may change them: the page's addresses are its own
 * (`/legacy/<slug>` always, `/<slug>` when live: a redirect there is removed, so a page
 * renamed back, or a new page on a redirected address, wins); a live page renamed while
 * staying live leaves `/<old>` -> `/<new>` and `/legacy/<old>` -> `/legacy/<new>` (301).
 */
export function afterPageWrite(
  current: RedirectMap,
  before: PageAddresses | undefined,
  after: PageAddresses,
  made: { actor: string; at: string },
): Map<string, Redirect> {
  const renamed = before !== undefined && before.slug !== after.slug;
  let result = claimed(current, after.slug, after.isActive);
  if (renamed && before.isActive && after.isActive) {
    for (const [from, to] of [
      [publicPath(before.slug), publicPath(after.slug)],
      [livePath(before.slug), livePath(after.slug)],
    ] as const) {
      result = withRedirect(result, {
        from,
        to,
        status: 301,
        reason: 'rename',
        createdAt: made.at,
        createdBy: made.actor,
        hits: 0,
      });
    }
  }
  return result;
}

/** True when a page write can change redirects at all (otherwise nothing is read). */
export function touchesRedirects(before: PageAddresses | undefined, after: PageAddresses): boolean {
  return !before || before.slug !== after.slug || (after.isActive && !before.isActive);
}

const item = (redirect: Redirect) => ({ ...keys.redirect(redirect.from), ...redirect });

/** Equal as stored, hits aside (a hit never changes what a redirect is). */
const sameRedirect = (a: Redirect, b: Redirect) =>
  a.to === b.to &&
  a.status === b.status &&
  a.reason === b.reason &&
  a.createdAt === b.createdAt &&
  a.createdBy === b.createdBy;

/**
 * The transaction parts that turn `before` into `after`. A new redirect is written only if
 * its path is still free; a changed one only if it still goes where it went (its hits are
 * kept); removals are unconditional. A refusal means the redirects changed meanwhile.
 */
export function redirectWrites(
  table: string,
  before: RedirectMap,
  after: RedirectMap,
): TransactPart[] {
  const parts: TransactPart[] = [];
  for (const [from, next] of after) {
    const previous = before.get(from);
    if (!previous) {
      parts.push({
        Put: {
          TableName: table,
          Item: item(next),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    } else if (!sameRedirect(previous, next)) {
      parts.push(
        sameRedirect(previous, { ...next, to: previous.to })
          ? {
              Update: {
                TableName: table,
                Key: keys.redirect(from),
                UpdateExpression: 'SET #to = :to',
                ConditionExpression: '#to = :previous',
                ExpressionAttributeNames: { '#to': 'to' },
                ExpressionAttributeValues: { ':to': next.to, ':previous': previous.to },
              },
            }
          : {
              Put: {
                TableName: table,
                Item: item(next),
                ConditionExpression: '#to = :previous',
                ExpressionAttributeNames: { '#to': 'to' },
                ExpressionAttributeValues: { ':previous': previous.to },
              },
            },
      );
    }
  }
  for (const from of before.keys()) {
    if (!after.has(from)) parts.push({ Delete: { TableName: table, Key: keys.redirect(from) } });
  }
  if (parts.length > MAX_REDIRECT_WRITES) throw new TooManyRedirectWritesError(parts.length);
  return parts;
}

/**
 * The redirect parts of a page write (create, update, restore), for the page's own
 * transaction: nothing is read when the write cannot change redirects.
 */
export async function pageRedirectWrites(
  db: DynamoDBDocumentClient,
  table: string,
  before: PageAddresses | undefined,
  after: PageAddresses,
  made: { actor: string; at: string },
): Promise<TransactPart[]> {
  if (!touchesRedirects(before, after)) return [];
  const current = await readRedirects(db, table);
  return redirectWrites(table, current, afterPageWrite(current, before, after, made));
}
