// `node scripts/sync-redirects.ts <dist dir>`: the rebuild in AWS (infra/constructs/rebuild.ts)
// runs it once the pages are in the bucket. It makes CloudFront's KeyValueStore
// (REDIRECTS_KVS_ARN) hold exactly what the build's viewer-request function
// (infra/edge/clean-urls.js) reads: the redirect map (dist/.redirects.json,
// functions/server/redirect-map.ts) and the running experiments with their secret
// (dist/.experiments.json, functions/server/experiment-map.ts), the two merged by
// readEdgeStore as the local server merges them. Keys the build lacks are deleted (a
// redirect removed, an experiment ended), others put.
// The calls go through the AWS CLI of the build image, which signs the KeyValueStore API's
// SigV4A requests (the JavaScript SDK would need its CRT signer for that).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readEdgeStore } from '../functions/server/experiment-map.ts';

/** UpdateKeys takes at most 50 puts and deletes in one call. */
export const KVS_BATCH = 50;

export interface KvsUpdate {
  puts: { Key: string; Value: string }[];
  deletes: { Key: string }[];
}

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

/**
 * Brings the store `arn` to `wanted`: reads its keys (the CLI follows the pages) and its
 * ETag, then updates batch by batch, each with the ETag the previous one returned.
 */
export async function syncRedirects(
  arn: string,
  wanted: ReadonlyMap<string, string>,
  cli: KvsCli = awsCli,
): Promise<{ puts: number; deletes: number }> {
  const listed = await cli('list-keys', ['--kvs-arn', arn]);
  const items = (listed['Items'] ?? []) as { Key: string; Value: string }[];
  const current = new Map(items.map((item) => [item.Key, item.Value]));
  const updates = kvsUpdates(current, wanted);
  let etag = String((await cli('describe-key-value-store', ['--kvs-arn', arn]))['ETag'] ?? '');
  for (const update of updates) {
    const answer = await cli('update-keys', [
      '--kvs-arn',
      arn,
      '--if-match',
      etag,
      ...(update.puts.length ? ['--puts', JSON.stringify(update.puts)] : []),
      ...(update.deletes.length ? ['--deletes', JSON.stringify(update.deletes)] : []),
    ]);
    etag = String(answer['ETag'] ?? '');
  }
  return {
    puts: updates.reduce((sum, update) => sum + update.puts.length, 0),
    deletes: updates.reduce((sum, update) => sum + update.deletes.length, 0),
  };
}

/** Brings the store `arn` to the build in `dist`: its redirects and its experiments. */
export function syncEdgeStore(
  arn: string,
  dist: string,
  cli: KvsCli = awsCli,
): Promise<{ puts: number; deletes: number }> {
  return syncRedirects(arn, readEdgeStore(dist), cli);
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
    `Redirects and experiments in CloudFront: ${puts} put, ${deletes} deleted\n`,
  );
}
