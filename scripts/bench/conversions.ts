// Event ingestion: POST /api/conversions on the local server, against the same route as
// a no-op (a crawler's event: parsed, validated and dropped without touching the store)
// and the store's own ceiling (the items one event needs, written straight to the same
// DynamoDB Local with the SDK at the same concurrency).
// Afterwards the stored counters are compared with the requests the API accepted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventRepository } from '../../functions/data/events/repository.ts';
import { utcDay } from '../../functions/data/salts.ts';
import { createDocumentClient } from '../../functions/data/dynamo.ts';
import { LandingPageRepository } from '../../functions/data/landing-pages/repository.ts';
import { landingTemplate } from '../../functions/shared/template.ts';
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

export interface ConversionsRound {
  ingest: LoadResult;
  store: StoreCeiling;
}

export interface ConversionsBench {
  seconds: number;
  connections: number;
  /** Measured rounds, each the store ceiling then the route, after the warm-up. */
  rounds: ConversionsRound[];
  /** The median round's figures (events/s; p99 of the same runs' medians). */
  ingest: { eventsPerSecond: number; latencyP99Ms: number; worstP99Ms: number; errors: number };
  store: { eventsPerSecond: number; latencyP99Ms: number; errors: number };
  noop: LoadResult;
  /** Requests the API answered 202 during the measured rounds. */
  accepted: number;
  /** Sum of the stored counters of the measured rounds' pages. */
  counted: number;
  ratioToStore: number;
  ratioToNoop: number;
}

/** Warm-up per side: DynamoDB Local's JIT needs about half a minute of load to settle. */
const WARM_UP_SECONDS = 15;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Why rounds: DynamoDB Local is a JVM whose throughput roughly doubles over its first
 * half-minute of load, and this machine is shared. Measuring the route on a cold engine
 * and the store after it on a warm one (the first version of this benchmark) made the
 * route look 40 % slower than it is. So both sides are warmed, then measured in
 * alternating rounds, and the medians are compared.
 */
export async function benchConversions(options: {
  seconds: number;
  connections: number;
  rounds: number;
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
      // wrk is one visitor at one address; the caps would drop nearly everything it sends.
      CONVERSION_RATE_LIMIT: '1000000000',
      CONVERSION_ADDRESS_RATE_LIMIT: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // `/` answers once the site is built: nothing else competes for the CPU after that.
    await waitFor(`http://127.0.0.1:${port}/`);
    await ensureTable(db, tableName);
    const base = `http://127.0.0.1:${port}`;
    const runId = Date.now().toString(36);
    // Only live pages are counted: the measured page ids must exist.
    const pages = new LandingPageRepository(db, tableName);
    const benchSlugs = [
      `bench-warmup-${runId}`,
      `bench-noop-${runId}`,
      ...Array.from({ length: options.rounds }, (_, round) => `bench-${runId}-${round}`),
    ];
    // Counters are keyed by the page's id, which the route resolves from the path sent.
    const pageIds = new Map<string, string>();
    for (const slug of benchSlugs) {
      const page = await pages.create({
        title: slug,
        slug,
        isActive: true,
        content: landingTemplate(),
      });
      pageIds.set(slug, page.id);
    }
    const post = (landingPageId: string, seconds: number, userAgent = BROWSER_UA) =>
      load({
        url: `${base}/api/conversions`,
        seconds,
        connections: options.connections,
        method: 'POST',
        body: JSON.stringify({ landingPageId, eventType: 'page_view' }),
        headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
      });

    // Warm-up on other page ids, so the measured pages' counters hold only their run.
    await storeCeiling(db, tableName, `bench-warmup-store-${runId}`, {
      ...options,
      seconds: WARM_UP_SECONDS,
    });
    await post(`bench-warmup-${runId}`, WARM_UP_SECONDS);
    await post(`bench-noop-${runId}`, 2, BOT_UA);

    const dayBefore = utcDay(new Date());
    const rounds: ConversionsRound[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const store = await storeCeiling(db, tableName, `bench-store-${runId}-${round}`, options);
      const ingest = await post(`bench-${runId}-${round}`, options.seconds);
      rounds.push({ store, ingest });
    }
    const noop = await post(`bench-noop-${runId}`, options.seconds, BOT_UA);
    // Let the last in-flight writes land before reading the counters.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const events = new EventRepository(db, tableName);
    let counted = 0;
    for (let round = 0; round < options.rounds; round++) {
      const counters = await events.countersForPage(
        pageIds.get(`bench-${runId}-${round}`)!,
        dayBefore,
        utcDay(new Date()),
      );
      counted += counters.reduce((sum, counter) => sum + counter.count, 0);
    }
    const ingest = {
      eventsPerSecond: median(rounds.map((r) => r.ingest.requestsPerSecond)),
      latencyP99Ms: median(rounds.map((r) => r.ingest.latencyP99Ms)),
      worstP99Ms: Math.max(...rounds.map((r) => r.ingest.latencyP99Ms)),
      errors: rounds.reduce((sum, r) => sum + r.ingest.errors + r.ingest.non2xx, 0),
    };
    const store = {
      eventsPerSecond: median(rounds.map((r) => r.store.eventsPerSecond)),
      latencyP99Ms: median(rounds.map((r) => r.store.latencyP99Ms)),
      errors: rounds.reduce((sum, r) => sum + r.store.errors, 0),
    };
    return {
      seconds: options.seconds,
      connections: options.connections,
      rounds,
      ingest,
      store,
      noop,
      accepted: rounds.reduce((sum, r) => sum + r.ingest.requests - r.ingest.non2xx, 0),
      counted,
      ratioToStore: ingest.eventsPerSecond / store.eventsPerSecond,
      ratioToNoop: ingest.eventsPerSecond / noop.requestsPerSecond,
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
        await events.record({ landingPageId, eventType: 'page_view' }, landingPageId, visitor, {
          device: 'desktop',
        });
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
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
  const rounds = result.rounds.map(
    (r, i) =>
      `    round ${i + 1}: store ${fmt(r.store.eventsPerSecond)} events/s (p99 ${fmt(r.store.latencyP99Ms, 1)} ms), route ${fmt(r.ingest.requestsPerSecond)} events/s (p99 ${fmt(r.ingest.latencyP99Ms, 1)} ms), ratio ${(r.ingest.requestsPerSecond / r.store.eventsPerSecond).toFixed(2)}`,
  );
  return [
    `Event ingestion, POST /api/conversions (${result.noop.tool}, ${result.connections} connections, ${result.seconds} s per run, medians of ${result.rounds.length} rounds after a ${WARM_UP_SECONDS} s warm-up of each side)`,
    `  POST /api/conversions ${fmt(result.ingest.eventsPerSecond).padStart(9)} events/s   p99 ${fmt(result.ingest.latencyP99Ms, 2)} ms (worst round ${fmt(result.ingest.worstP99Ms, 2)} ms)   errors ${result.ingest.errors}`,
    `  no-op (dropped bot)   ${fmt(result.noop.requestsPerSecond).padStart(9)} req/s      p99 ${fmt(result.noop.latencyP99Ms, 2)} ms   errors ${result.noop.errors + result.noop.non2xx}`,
    `  store ceiling (SDK)   ${fmt(result.store.eventsPerSecond).padStart(9)} events/s   p99 ${fmt(result.store.latencyP99Ms, 2)} ms   errors ${result.store.errors}`,
    ...rounds,
    `  ratio to store        ${result.ratioToStore.toFixed(2)} (goal >= 0.70: ${result.ratioToStore >= 0.7 ? 'met' : 'NOT met'})`,
    `  ratio to no-op        ${result.ratioToNoop.toFixed(2)}`,
    `  p99 under 100 ms      ${result.ingest.latencyP99Ms < 100 ? 'met' : 'NOT met'}`,
    `  accepted ${fmt(result.accepted)}, counted ${fmt(result.counted)}: ${
      lost > 0
        ? `${fmt(lost)} LOST`
        : inFlight > 0
          ? `none lost (${fmt(inFlight)} more counted: requests still in flight when the load tool stopped, at most ${result.connections} per round)`
          : 'none lost'
    }`,
  ].join('\n');
}
