// Static serving: the local server (functions/server) against a bare Node http server
// holding the same bytes in memory, both loaded by the same tool in one run. Then the cost
// of an A/B experiment (issue 24): the landing page at / served by the local server's
// StaticSite behind its HTTP front, once under a running experiment (each request hashed to
// its variant by infra/edge/clean-urls.js's code) and once without one, same build, same
// machine, same load generator, in one run; the experiment's rate must stay within
// EXPERIMENT_BUDGET of the plain page's, or the bench fails.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socketIp } from '../../functions/lib/client-ip.ts';
import { freePort } from '../../functions/server/dynamo-local.ts';
import { EXPERIMENT_MAP_FILE, writeExperimentMap } from '../../functions/server/experiment-map.ts';
import { createFrontServer, requestClientIp } from '../../functions/server/http.ts';
import { EXPERIMENT_CACHE } from '../../functions/server/static-site/headers.ts';
import { StaticSite } from '../../functions/server/static-site/site.ts';
import { fmt, load, stopChild, waitFor, type LoadResult } from './tools.ts';
import { EMPTY_STORE, loadEdgeScript } from '../../infra/edge/edge-script.ts';

const root = join(import.meta.dirname, '../..');

/** The experiment's rate over the plain page's must be at least this. */
export const EXPERIMENT_BUDGET = 0.9;

export interface ExperimentBench {
  path: string;
  /** The page without an experiment. */
  plain: LoadResult;
  /** The same page under a 50/50 experiment. */
  experiment: LoadResult;
  ratio: number;
  /**
   * wrk is one visitor (one address and user agent), whose repeat views the server answers
   * from its assignment cache; this is what a new visitor's first view adds on top: the
   * edge function's hash and choice (clean-urls.js variantFor), in microseconds.
   */
  newVisitorMicros: number;
}

export interface StaticBench {
  path: string;
  local: LoadResult;
  bare: LoadResult;
  ratio: number;
  experiment: ExperimentBench;
}

export async function benchStatic(options: {
  seconds: number;
  connections: number;
}): Promise<StaticBench> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-static-'));
  const localPort = await freePort();
  const local = spawn(process.execPath, [join(root, 'functions/server/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(localPort),
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // `/` answers 200 once the first build is served; the API is up before that.
    await waitFor(`http://127.0.0.1:${localPort}/`);
    // Chosen only now: asked earlier, the OS may hand out the same free port twice.
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [join(root, 'scripts/bench/bare-server.ts'), join(dir, 'dist/index.html'), String(barePort)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    try {
      await waitFor(`http://127.0.0.1:${barePort}/`);
      const path = '/';
      // Warm both up so neither pays for JIT compilation inside the measured window.
      await load({
        url: `http://127.0.0.1:${localPort}${path}`,
        seconds: 2,
        connections: options.connections,
      });
      await load({
        url: `http://127.0.0.1:${barePort}${path}`,
        seconds: 2,
        connections: options.connections,
      });
      const localResult = await load({ url: `http://127.0.0.1:${localPort}${path}`, ...options });
      const bareResult = await load({ url: `http://127.0.0.1:${barePort}${path}`, ...options });
      const experiment = await benchExperiment(join(dir, 'dist'), join(dir, 'ab'), options);
      return {
        path,
        local: localResult,
        bare: bareResult,
        ratio: localResult.requestsPerSecond / bareResult.requestsPerSecond,
        experiment,
      };
    } finally {
      await stopChild(bare);
    }
  } finally {
    await stopChild(local);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The landing page at / from two copies of the build in `dist`: one as built without an
 * experiment, one with two variants (the page's own bytes, so both answers weigh the same)
 * and a 50/50 experiment on /. Each is served in this process by StaticSite behind the
 * local server's front (http.ts), the client address resolved as `npm start` does with
 * TRUST_PROXY=0. Measured plain, experiment, experiment, plain, so a drift of the machine
 * during the run weighs on both alike.
 */
async function benchExperiment(
  dist: string,
  work: string,
  options: { seconds: number; connections: number },
): Promise<ExperimentBench> {
  const plainDir = join(work, 'plain');
  const experimentDir = join(work, 'experiment');
  cpSync(dist, plainDir, { recursive: true });
  rmSync(join(plainDir, EXPERIMENT_MAP_FILE), { force: true });
  cpSync(plainDir, experimentDir, { recursive: true });
  for (const id of ['a', 'b']) {
    const variantDir = join(experimentDir, 'variants/default', id);
    mkdirSync(variantDir, { recursive: true });
    for (const suffix of ['', '.br', '.gz']) {
      const page = join(experimentDir, `index.html${suffix}`);
      if (existsSync(page)) copyFileSync(page, join(variantDir, `index.html${suffix}`));
    }
  }
  writeExperimentMap(
    experimentDir,
    [
      {
        path: '/',
        experimentId: '01JBENCHEXPERIMENT',
        variantPrefix: '/variants/default',
        variants: [
          { id: 'a', weight: 50 },
          { id: 'b', weight: 50 },
        ],
      },
    ],
    randomBytes(32).toString('hex'),
  );
  const servers: Server[] = [];
  const serve = async (root: string) => {
    const site = StaticSite.load(root);
    const server = createFrontServer({
      fetch: () => new Response('no API here', { status: 404 }),
      site: () => site,
      clientIp: requestClientIp(socketIp(0)),
    });
    servers.push(server);
    const port = await freePort();
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    return `http://127.0.0.1:${port}/`;
  };
  try {
    const plainUrl = await serve(plainDir);
    const experimentUrl = await serve(experimentDir);
    // What is measured is what it claims: a variant under the experiment, the page without.
    const [plainAnswer, experimentAnswer] = await Promise.all([
      fetch(plainUrl),
      fetch(experimentUrl),
    ]);
    if (plainAnswer.headers.get('cache-control') === EXPERIMENT_CACHE) {
      throw new Error('the plain copy of the build serves / under an experiment');
    }
    if (experimentAnswer.headers.get('cache-control') !== EXPERIMENT_CACHE) {
      throw new Error('the experiment copy of the build does not serve / as a variant');
    }
    await Promise.all([plainAnswer.arrayBuffer(), experimentAnswer.arrayBuffer()]);
    for (const url of [plainUrl, experimentUrl]) {
      await load({ url, seconds: 2, connections: options.connections });
    }
    const rounds: LoadResult[][] = [[], []];
    for (const which of [0, 1, 1, 0]) {
      rounds[which]!.push(await load({ url: which ? experimentUrl : plainUrl, ...options }));
    }
    const [plain, experiment] = rounds.map(combine) as [LoadResult, LoadResult];
    return {
      path: '/',
      plain,
      experiment,
      ratio: experiment.requestsPerSecond / plain.requestsPerSecond,
      newVisitorMicros: newVisitorCost(),
    };
  } finally {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  }
}

/** Microseconds the edge's assignment takes for a visitor not seen before (100,000 of them). */
function newVisitorCost(): number {
  const edge = loadEdgeScript<{
    experimentOf(value: string): unknown;
    variantFor(experiment: unknown, secret: string, ip: string, ua: string): string;
  }>('clean-urls.js', ['experimentOf', 'variantFor'], EMPTY_STORE);
  const experiment = edge.experimentOf('x 01JBENCHEXPERIMENT /variants/default a:50 b:50');
  const secret = randomBytes(32).toString('hex');
  const ua =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const count = 100_000;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    edge.variantFor(experiment, secret, `198.51.${(i >> 8) & 255}.${i & 255}`, ua);
  }
  return ((performance.now() - started) * 1000) / count;
}

/** Two measurements of one server as one: their requests over their time, the worse p99. */
function combine(results: LoadResult[]): LoadResult {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const seconds = results.reduce(
    (sum, result) => sum + result.requests / result.requestsPerSecond,
    0,
  );
  return {
    requestsPerSecond: requests / seconds,
    latencyP99Ms: Math.max(...results.map((result) => result.latencyP99Ms)),
    requests,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    tool: 'wrk',
  };
}

/** True when the experiment's budget is missed or either side answered with errors. */
export function staticFailed(result: StaticBench): boolean {
  const { experiment } = result;
  return (
    experiment.ratio < EXPERIMENT_BUDGET ||
    experiment.plain.errors + experiment.plain.non2xx > 0 ||
    experiment.experiment.errors + experiment.experiment.non2xx > 0
  );
}

export function reportStatic(result: StaticBench): string {
  return [
    `Static serving of ${result.path} (${result.local.tool}, ${fmt(result.local.requests)} + ${fmt(result.bare.requests)} requests)`,
    `  local server      ${fmt(result.local.requestsPerSecond).padStart(9)} req/s   p99 ${fmt(result.local.latencyP99Ms, 2)} ms   errors ${result.local.errors + result.local.non2xx}`,
    `  bare node http    ${fmt(result.bare.requestsPerSecond).padStart(9)} req/s   p99 ${fmt(result.bare.latencyP99Ms, 2)} ms   errors ${result.bare.errors + result.bare.non2xx}`,
    `  ratio             ${result.ratio.toFixed(2)} (goal >= 0.80: ${result.ratio >= 0.8 ? 'met' : 'NOT met'})`,
    `A/B experiment on ${result.experiment.path} (StaticSite behind the local front, ${result.experiment.plain.tool}, ${fmt(result.experiment.plain.requests)} + ${fmt(result.experiment.experiment.requests)} requests)`,
    `  without experiment ${fmt(result.experiment.plain.requestsPerSecond).padStart(8)} req/s   p99 ${fmt(result.experiment.plain.latencyP99Ms, 2)} ms   errors ${result.experiment.plain.errors + result.experiment.plain.non2xx}`,
    `  under experiment   ${fmt(result.experiment.experiment.requestsPerSecond).padStart(8)} req/s   p99 ${fmt(result.experiment.experiment.latencyP99Ms, 2)} ms   errors ${result.experiment.experiment.errors + result.experiment.experiment.non2xx}`,
    `  ratio             ${result.experiment.ratio.toFixed(2)} (budget >= ${EXPERIMENT_BUDGET.toFixed(2)}: ${result.experiment.ratio >= EXPERIMENT_BUDGET ? 'met' : 'NOT met, the bench fails'}; one visitor's repeat views)`,
    `  a new visitor's assignment adds ${result.experiment.newVisitorMicros.toFixed(1)} us (the HMAC and the choice, once per visitor and build)`,
  ].join('\n');
}
