// The live slugs CloudFront knows (issue 33, docs/decisions/0353-legacy-slugs-live-at-the-edge.md):
// `/legacy/<slug>` must answer a page published after the last build, so the viewer-request
// function (infra/edge/clean-urls.js) reads `live:<slug>` from the KeyValueStore it already
// reads redirects and experiments from (a function has one store), and the API keeps those
// keys as pages change: every committed page write (functions/data/landing-pages/: create,
// update, delete, restore; publishing, unpublishing, renames and scheduled changes all go
// through them) tells this module the page before and after, and a change of liveness or
// slug becomes one UpdateKeys call at once. The rebuild's sync (scripts/sync-redirects.ts)
// reconciles the keys with the table after each build, which also seeds them on the first.
// Locally nothing is written: the local server asks the table itself (functions/server/static-site/site.ts).

import type { Logger } from '../core/logger.ts';

/** The key of a live page's slug in the edge store; its value is the page's id. */
export const LIVE_SLUG_PREFIX = 'live:';
export const liveSlugKey = (slug: string) => `${LIVE_SLUG_PREFIX}${slug}`;

/** What the edge needs of a page: whether visitors see it, and where. */
export interface PageLiveness {
  id: string;
  slug: string;
  isActive: boolean;
}

/** A page write that committed: the page before (absent: created) and after (absent: deleted). */
export interface LiveChange {
  before?: PageLiveness | undefined;
  after?: PageLiveness | undefined;
}

/** Told of every committed page write; never throws (the write stands whatever happens). */
export type LiveSlugSink = (change: LiveChange) => Promise<void>;

/** Puts and deletes of one UpdateKeys call (CloudFront KeyValueStore). */
export interface KvsUpdate {
  puts: { Key: string; Value: string }[];
  deletes: { Key: string }[];
}

/** The live-slug keys of these pages: `live:<slug>` -> page id, for the live ones. */
export function liveSlugEntries(pages: readonly PageLiveness[]): Map<string, string> {
  return new Map(
    pages.filter((page) => page.isActive).map((page) => [liveSlugKey(page.slug), page.id]),
  );
}

/** The keys a page write changes: its old slug's key goes, its new one comes. */
export function liveSlugUpdate({ before, after }: LiveChange): KvsUpdate {
  const was = before?.isActive ? before.slug : undefined;
  const is = after?.isActive ? after.slug : undefined;
  return {
    puts: is !== undefined && is !== was ? [{ Key: liveSlugKey(is), Value: after!.id }] : [],
    deletes: was !== undefined && was !== is ? [{ Key: liveSlugKey(was) }] : [],
  };
}

/** The part of the KeyValueStore API this module calls (the SDK's client, or a test's). */
export interface KvsApi {
  /** The store's current ETag (DescribeKeyValueStore). */
  etag(arn: string): Promise<string>;
  /** UpdateKeys, conditional on `etag`; its error `name` is ConflictException when stale. */
  update(arn: string, etag: string, update: KvsUpdate): Promise<void>;
}

/** UpdateKeys refused for a stale ETag: another writer (the rebuild, another save) came first. */
export const isStaleEtag = (error: unknown) =>
  error instanceof Error && error.name === 'ConflictException';

const ATTEMPTS = 5;

/**
 * Applies `update` to the store `arn`: reads its ETag, then UpdateKeys conditional on it,
 * reading the ETag again when another writer changed the store meanwhile.
 */
export async function applyKvsUpdate(api: KvsApi, arn: string, update: KvsUpdate): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await api.update(arn, await api.etag(arn), update);
      return;
    } catch (error) {
      if (!isStaleEtag(error) || attempt === ATTEMPTS) throw error;
    }
  }
}

/**
 * The sink that writes the edge store `arn` through `api`; a failure is logged (the page
 * change committed; the next rebuild's sync puts the keys right).
 */
export function kvsLiveSlugs(api: () => Promise<KvsApi>, arn: string, log: Logger): LiveSlugSink {
  return async (change) => {
    const update = liveSlugUpdate(change);
    if (update.puts.length === 0 && update.deletes.length === 0) return;
    try {
      await applyKvsUpdate(await api(), arn, update);
    } catch (error) {
      log.error('live slugs not updated in CloudFront', {
        puts: update.puts.map((put) => put.Key),
        deletes: update.deletes.map((del) => del.Key),
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  };
}

/**
 * The AWS SDK's KeyValueStore client as a KvsApi, loaded on first use (a cold start that
 * changes no page does not pay for it). The API signs with SigV4A: the SDK's own JavaScript
 * signer (@aws-sdk/signature-v4a) is registered by importing it.
 */
export async function sdkKvsApi(): Promise<KvsApi> {
  const [sdk] = await Promise.all([
    import('@aws-sdk/client-cloudfront-keyvaluestore'),
    import('@aws-sdk/signature-v4a'),
  ]);
  const client = new sdk.CloudFrontKeyValueStoreClient({});
  return {
    etag: async (arn) =>
      String((await client.send(new sdk.DescribeKeyValueStoreCommand({ KvsARN: arn }))).ETag ?? ''),
    update: async (arn, etag, update) => {
      await client.send(
        new sdk.UpdateKeysCommand({
          KvsARN: arn,
          IfMatch: etag,
          ...(update.puts.length ? { Puts: update.puts } : {}),
          ...(update.deletes.length ? { Deletes: update.deletes } : {}),
        }),
      );
    },
  };
}

/** REDIRECTS_KVS_ARN set (AWS): the sink writing that store; otherwise none. */
export function chooseLiveSlugs(arn: string | undefined, log: Logger): LiveSlugSink | undefined {
  if (!arn) return undefined;
  let loaded: Promise<KvsApi> | undefined;
  const api = () => {
    loaded ??= sdkKvsApi();
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  return kvsLiveSlugs(api, arn, log);
}
