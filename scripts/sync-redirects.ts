// `node scripts/sync-redirects.ts <dist dir>`: the rebuild in AWS (infra/constructs/rebuild.ts)
// runs it once the pages are in the bucket. It makes CloudFront's KeyValueStore
// (REDIRECTS_KVS_ARN) hold exactly what the build's viewer-request function
// (infra/edge/clean-urls.js) reads: the redirect map (dist/.redirects.json,
// functions/server/redirect-map.ts) and the running experiments with their secret
// (dist/.experiments.json, functions/server/experiment-map.ts), the two merged by
// readEdgeStore as the local server merges them, and the live pages' slugs
// (`live:<slug>`, functions/publishing/live-slugs.ts), which the API writes at each page
// change and this sync reconciles with the table (read after the store's keys are listed,
// so a page the API published meanwhile is put, not deleted; and seeded on the first build).
// Keys the build lacks are deleted (a redirect removed, an experiment ended), others put.
// The API writes the same store, so an UpdateKeys refused for a stale ETag is sent again
// with the store's new ETag. The calls go through the AWS CLI of the build image, which signs
// the KeyValueStore API's SigV4A requests.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readEdgeStore } from '../functions/server/experiment-map.ts';
import { liveSlugEntries, type KvsUpdate } from '../functions/publishing/live-slugs.ts';
import { readActivePages } from '../functions/site-data/store.ts';

export type { KvsUpdate } from '../functions/publishing/live-slugs.ts';

/** UpdateKeys takes at most 50 puts and deletes in one call. */
export const KVS_BATCH = 50;
/** Tries of one UpdateKeys whose ETag another writer (the API) made stale. */
const STALE_TRIES = 5;

/** The updates, in batches, that turn the store's `current` keys into `wanted`. */
export function kvsUpdates(
  current: ReadonlyMap<string, string>,
  wanted: ReadonlyMap<string, string>,
  batch = KVS_BATCH,
): KvsUpdate[] {
  const changes: ({ put: [string, string] } | { delete: string })[] = [];
  for (const [key, value] of wanted) {
    if (current.get(key) !== value) changes.push({ put: [key, value] });
  }
  for (const key of current.keys()) if (!wanted.has(key)) changes.push({ delete: key });
  const updates: KvsUpdate[] = [];
  for (let start = 0; start < changes.length; start += batch) {
    const update: KvsUpdate = { puts: [], deletes: [] };
    for (const change of changes.slice(start, start + batch)) {
      if ('put' in change) update.puts.push({ Key: change.put[0], Value: change.put[1] });
      else update.deletes.push({ Key: change.delete });
    }
    updates.push(update);
  }
  return updates;
}

/** One `aws cloudfront-keyvaluestore <command>` call, its JSON answer. */
export type KvsCli = (command: string, args: string[]) => Promise<Record<string, unknown>>;

const awsCli: KvsCli = async (command, args) => {
  const { stdout } = await promisify(execFile)(
    'aws',
    ['cloudfront-keyvaluestore', command, ...args, '--output', 'json'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout.trim() ? (JSON.parse(stdout) as Record<string, unknown>) : {};
};

/** The CLI's refusal of an UpdateKeys whose --if-match is no longer the store's ETag. */
const staleEtag = (error: unknown) =>
  /ConflictException/.test(
    `${(error as { stderr?: unknown }).stderr ?? ''} ${error instanceof Error ? error.message : ''}`,
  );

/**
 * Brings the store `arn` to `wanted` (read once the store's keys are listed): reads its keys
 * (the CLI follows the pages) and its ETag, then updates batch by batch, each with the ETag
 * the previous one returned, or the store's own again when another writer came first.
 */
export async function syncRedirects(
  arn: string,
  wanted: ReadonlyMap<string, string> | (() => Promise<ReadonlyMap<string, string>>),
  cli: KvsCli = awsCli,
): Promise<{ puts: number; deletes: number }> {
  const listed = await cli('list-keys', ['--kvs-arn', arn]);
  const items = (listed['Items'] ?? []) as { Key: string; Value: string }[];
  const current = new Map(items.map((item) => [item.Key, item.Value]));
  const updates = kvsUpdates(current, typeof wanted === 'function' ? await wanted() : wanted);
  const describe = async () =>
    String((await cli('describe-key-value-store', ['--kvs-arn', arn]))['ETag'] ?? '');
  let etag = await describe();
  for (const update of updates) {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await cli('update-keys', [
          '--kvs-arn',
          arn,
          '--if-match',
          etag,
          ...(update.puts.length ? ['--puts', JSON.stringify(update.puts)] : []),
          ...(update.deletes.length ? ['--deletes', JSON.stringify(update.deletes)] : []),
        ]);
        etag = String(answer['ETag'] ?? '');
        break;
      } catch (error) {
        if (!staleEtag(error) || attempt === STALE_TRIES) throw error;
        etag = await describe();
      }
    }
  }
  return {
    puts: updates.reduce((sum, update) => sum + update.puts.length, 0),
    deletes: updates.reduce((sum, update) => sum + update.deletes.length, 0),
  };
}

/** What the live-slug keys are read from: the table's live pages (none without a store). */
export type LivePages = () => Promise<readonly { id: string; slug: string }[]>;
const tablePages: LivePages = async () => (await readActivePages()) ?? [];

/**
 * Brings the store `arn` to the build in `dist` (its redirects and its experiments) and to
 * the pages live in the table now (their `live:<slug>` keys).
 */
export function syncEdgeStore(
  arn: string,
  dist: string,
  cli: KvsCli = awsCli,
  livePages: LivePages = tablePages,
): Promise<{ puts: number; deletes: number }> {
  return syncRedirects(
    arn,
    async () =>
      new Map([
        ...readEdgeStore(dist),
        ...liveSlugEntries((await livePages()).map((page) => ({ ...page, isActive: true }))),
      ]),
    cli,
  );
}

if (import.meta.main) {
  const dist = process.argv[2] ?? 'dist';
  const arn = process.env['REDIRECTS_KVS_ARN'];
  if (!arn) {
    process.stderr.write('REDIRECTS_KVS_ARN is not set: no KeyValueStore to write.\n');
    process.exit(1);
  }
  const { puts, deletes } = await syncEdgeStore(arn, dist);
  process.stdout.write(
    `Redirects, experiments and live slugs in CloudFront: ${puts} put, ${deletes} deleted\n`,
  );
}
