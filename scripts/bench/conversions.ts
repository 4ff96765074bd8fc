// Event ingestion: POST /api/conversions on the local server, against the same route as
// a no-op (a crawler's event: parsed, validated and dropped without touching the store)
// and the store's own ceiling (the items one event needs, written straight to the same
// DynamoDB Local with the SDK at the same concurrency).
// Afterwards the stored counters are compared with the requests the API accepted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventRepository, utcDay } from '../../functions/data/events.ts';
import { createDocumentClient } from '../../functions/data/dynamo.ts';
import { ensureTable } from '../../functions/data/table.ts';
import { freePort, startDynamoLocal } from '../../functions/server/dynamo-local.ts';
import { fmt, load, stopChild, waitFor, type LoadResult } from './tools.ts';

const root = join(import.meta.dirname, '../..');
/** The route answers crawlers 202 and drops their events: HTTP and validation only. */
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface StoreCeiling {
  eventsPerSecond: number;
  latencyP99Ms: number;
  events: number;
  errors: number;
}

export interface ConversionsBench {
  seconds: number;
  connections: number;
  ingest: LoadResult;
  noop: LoadResult;
  store: StoreCeiling;
  /** Requests the API answered 202 during the measured run. */
  accepted: number;
  /** Sum of the stored per-page counters of the run's page. */
  counted: number;
  ratioToStore: number;
  ratioToNoop: number;
}

export async function benchConversions(options: {
  seconds: number;
  connections: number;
}): Promise<ConversionsBench> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-conversions-'));
  const dynamo = await startDynamoLocal({});
  const tableName = 'pharmabridge';
  const db = createDocumentClient({ region: 'local', endpoint: dynamo.endpoint });
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'functions/server/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'local',
      TABLE_NAME: tableName,
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // `/` answers once the site is built: nothing else competes for the CPU after that.
    await waitFor(`http://127.0.0.1:${port}/`);
    await ensureTable(db, tableName);
    const base = `http://127.0.0.1:${port}`;
    const runId = Date.now().toString(36);
    const post = (landingPageId: string, seconds: number, userAgent = BROWSER_UA) =>
      load({
        url: `${base}/api/conversions`,
        seconds,
        connections: options.connections,
        method: 'POST',
        body: JSON.stringify({ landingPageId, eventType: 'page_view' }),
        headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
      });

    // Warm-up on another page id, so the measured page's counters hold only the run.
    await post(`bench-warmup-${runId}`, 2);
    await post(`bench-noop-${runId}`, 2, BOT_UA);

    const pageId = `bench-${runId}`;
    const dayBefore = utcDay(new Date());
    const ingest = await post(pageId, options.seconds);
    const noop = await post(`bench-noop-${runId}`, options.seconds, BOT_UA);
    // Let the last in-flight writes land before reading the counters.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const store = await storeCeiling(db, tableName, `bench-store-${runId}`, options);

    const events = new EventRepository(db, tableName);
    const counters = await events.countersForPage(pageId, dayBefore, utcDay(new Date()));
    const counted = counters.reduce((sum, counter) => sum + counter.count, 0);
    return {
      ...options,
      ingest,
      noop,
      store,
      accepted: ingest.requests - ingest.non2xx,
      counted,
      ratioToStore: ingest.requestsPerSecond / store.eventsPerSecond,
      ratioToNoop: ingest.requestsPerSecond / noop.requestsPerSecond,
    };
  } finally {
    await stopChild(server);
    db.destroy();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `connections` writers in this process, each recording one event after another. */
async function storeCeiling(
  db: ReturnType<typeof createDocumentClient>,
  tableName: string,
  landingPageId: string,
  options: { seconds: number; connections: number },
): Promise<StoreCeiling> {
  // The visitor hash is computed once, as the API does per request from a cached salt.
  const events = new EventRepository(db, tableName, () => new Date());
  const visitor = await events.visitorHash('127.0.0.1', BROWSER_UA);
  const latencies: number[] = [];
  let errors = 0;
  const writer = async (deadline: number) => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await events.record({ landingPageId, eventType: 'page_view' }, visitor);
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(
    Array.from({ length: options.connections }, () => writer(performance.now() + 2000)),
  );
  latencies.length = 0;
  errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.connections }, () => writer(deadline)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: latencies.length / elapsed,
    latencyP99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    events: latencies.length,
    errors,
  };
}

export function reportConversions(result: ConversionsBench): string {
  const lost = result.accepted - result.counted;
  const inFlight = result.counted - result.accepted;
  return [
    `Event ingestion, POST /api/conversions (${result.ingest.tool}, ${result.connections} connections, ${result.seconds} s each)`,
    `  POST /api/conversions ${fmt(result.ingest.requestsPerSecond).padStart(9)} events/s   p99 ${fmt(result.ingest.latencyP99Ms, 2)} ms   errors ${result.ingest.errors + result.ingest.non2xx}`,
    `  no-op (dropped bot)   ${fmt(result.noop.requestsPerSecond).padStart(9)} req/s      p99 ${fmt(result.noop.latencyP99Ms, 2)} ms   errors ${result.noop.errors + result.noop.non2xx}`,
    `  store ceiling (SDK)   ${fmt(result.store.eventsPerSecond).padStart(9)} events/s   p99 ${fmt(result.store.latencyP99Ms, 2)} ms   errors ${result.store.errors}`,
    `  ratio to store        ${result.ratioToStore.toFixed(2)} (goal >= 0.70: ${result.ratioToStore >= 0.7 ? 'met' : 'NOT met'})`,
    `  ratio to no-op        ${result.ratioToNoop.toFixed(2)}`,
    `  p99 under 100 ms      ${result.ingest.latencyP99Ms < 100 ? 'met' : 'NOT met'}`,
    `  accepted ${fmt(result.accepted)}, counted ${fmt(result.counted)}: ${
      lost > 0
        ? `${fmt(lost)} LOST`
        : inFlight > 0
          ? `none lost (${fmt(inFlight)} more counted: requests still in flight when the load tool stopped, at most ${result.connections})`
          : 'none lost'
    }`,
  ].join('\n');
}
