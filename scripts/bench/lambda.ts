// Lambda bundles: builds each API function with the esbuild settings of the CDK's
// NodejsFunction (infra/constructs/api.ts) plus two reference bundles, and reports their
// size (minified, gzip) and cold init: a fresh Node 24 process importing the bundle until
// the handler is exported, median of 10, and the instructions that takes (callgrind, when
// valgrind is installed: a figure the machine's other work does not move). Reference A is
// the DynamoDB client alone; B adds hono and zod as the app imports them, the floor this
// stack cannot go below.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { lambdaBuildOptions } from '../../infra/lambda-esbuild.ts';

const root = join(import.meta.dirname, '../..');

/** The API functions as deployed, by name (infra/constructs/api.ts). */
export const LAMBDA_ENTRIES: Record<string, string> = {
  public: 'functions/lambda-public.ts',
  admin: 'functions/lambda-admin.ts',
};

const REFERENCES: Record<string, string> = {
  'reference A': [
    "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "export { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    'export const handler = async () => ({ statusCode: 200 });',
  ].join('\n'),
  'reference B': [
    "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "export { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    "import { Hono } from 'hono';",
    "import { handle } from 'hono/aws-lambda';",
    "import * as z from 'zod';",
    // As every entry of ours does first (functions/lib/zod-jitless.ts).
    'z.config({ jitless: true });',
    'const body = z.object({ name: z.string() });',
    "const app = new Hono().post('/', async (c) => c.json(body.parse(await c.req.json())));",
    'export const handler = handle(app);',
  ].join('\n'),
};

/** The functions' esbuild options (one definition, shared with the CDK's NodejsFunction). */
export { lambdaBuildOptions };

export interface LambdaBundle {
  file: string;
  bytes: number;
  gzipBytes: number;
  metafile: Metafile;
}

/** Builds one entry (a file of the repository, or source text) into dir. */
export async function buildLambda(
  dir: string,
  name: string,
  source: { entry: string } | { contents: string },
): Promise<LambdaBundle> {
  const file = join(dir, `${name.replace(/\W+/g, '-')}.mjs`);
  const options = lambdaBuildOptions(file);
  const result = await build(
    'entry' in source
      ? { ...options, entryPoints: [join(root, source.entry)] }
      : { ...options, stdin: { contents: source.contents, resolveDir: root, loader: 'ts' } },
  );
  const code = readFileSync(file);
  return { file, bytes: code.length, gzipBytes: gzipSync(code).length, metafile: result.metafile! };
}

/**
 * What the functions see in AWS (every optional client configured), pointed at a closed
 * port: nothing at module load may need the network.
 */
const LAMBDA_ENV: Record<string, string> = {
  TABLE_NAME: 'bench',
  AWS_REGION: 'eu-central-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  UPLOADS_BUCKET: 'bench-uploads',
  REBUILD_PROJECT: 'bench-rebuild',
  MAIL_TRANSPORT: 'ses',
  MAIL_FROM: 'noreply@example.com',
  NOTIFY_EMAIL: 'sales@example.com',
  SITE_URL: 'https://example.com',
  ORIGIN_VERIFY_SECRET: 'bench-origin-verify-secret-0123456789',
  LOG_LEVEL: 'error',
  // No NODE_OPTIONS: the functions run without --enable-source-maps (infra/constructs/api.ts).
};

const INIT_PROBE = `
const started = performance.now();
const module = await import(process.argv[1]);
if (typeof module.handler !== 'function') throw new Error('no handler export');
process.stdout.write(String(performance.now() - started));
process.exit(0);
`;

/**
 * Instructions a fresh process executes to import the bundle (valgrind's callgrind, V8 on
 * one thread): unlike milliseconds, the count does not move with the other work on a shared
 * machine, so it tells whether a change made the cold start cheaper. Undefined without
 * valgrind. Node's own start-up is included, as in the millisecond figure's process.
 */
export function coldInitInstructions(file: string): number | undefined {
  const child = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      '--input-type=module',
      '-e',
      INIT_PROBE,
      pathToFileURL(file).href,
    ],
    { env: { PATH: process.env['PATH'] ?? '', ...LAMBDA_ENV }, encoding: 'utf8' },
  );
  if (child.error) return undefined;
  const collected = /Collected : (\d+)/.exec(child.stderr);
  if (child.status !== 0 || !collected)
    throw new Error(`${file} failed under valgrind: ${child.stderr}`);
  return Number(collected[1]);
}

/** Milliseconds from import() to a ready handler in a fresh process, each run. */
export function coldInit(file: string, runs: number): number[] {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', INIT_PROBE, pathToFileURL(file).href],
      { env: { PATH: process.env['PATH'] ?? '', ...LAMBDA_ENV }, encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`${file} failed to load: ${child.stderr}`);
    times.push(Number(child.stdout));
  }
  return times;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface LambdaRow {
  name: string;
  bytes: number;
  gzipBytes: number;
  initMedianMs: number;
  initMs: number[];
  /** coldInitInstructions: undefined when valgrind is missing. */
  initInstructions?: number | undefined;
}

export interface LambdaBench {
  rows: LambdaRow[];
}

export async function benchLambda(options: { runs?: number } = {}): Promise<LambdaBench> {
  const runs = options.runs ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-lambda-'));
  try {
    const sources: [string, { entry: string } | { contents: string }][] = [
      ...Object.entries(LAMBDA_ENTRIES)
        .filter(([, entry]) => existsSync(join(root, entry)))
        .map(([name, entry]): [string, { entry: string }] => [name, { entry }]),
      ...Object.entries(REFERENCES).map(([name, contents]): [string, { contents: string }] => [
        name,
        { contents },
      ]),
    ];
    const bundles: [string, LambdaBundle][] = [];
    for (const [name, source] of sources)
      bundles.push([name, await buildLambda(dir, name, source)]);
    // Round-robin: one cold start of each bundle per round, so a change in the machine's
    // load during the run weighs on every bundle alike instead of skewing the ratios.
    const times = new Map<string, number[]>(bundles.map(([name]) => [name, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const [name, bundle] of bundles) times.get(name)!.push(...coldInit(bundle.file, 1));
    }
    const rows: LambdaRow[] = bundles.map(([name, bundle]) => ({
      name,
      bytes: bundle.bytes,
      gzipBytes: bundle.gzipBytes,
      initMs: times.get(name)!,
      initMedianMs: median(times.get(name)!),
      initInstructions: coldInitInstructions(bundle.file),
    }));
    return { rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${Math.round(bytes / 1000)} KB`;

export function reportLambda(result: LambdaBench): string {
  const floor = result.rows.find((row) => row.name === 'reference B');
  const header = `${'bundle'.padEnd(12)}  ${'minified'.padStart(9)}  ${'gzip'.padStart(7)}  ${'init p50'.padStart(8)}  ${'init instr'.padStart(10)}  vs B (size, init, instr)`;
  const instructions = (row: LambdaRow) =>
    row.initInstructions === undefined ? '-' : `${Math.round(row.initInstructions / 1e6)} M`;
  const lines = result.rows.map((row) => {
    const instrRatio =
      floor?.initInstructions && row.initInstructions
        ? `${(row.initInstructions / floor.initInstructions).toFixed(2)}x`
        : '-';
    const ratio = floor
      ? `${(row.bytes / floor.bytes).toFixed(2)}x, ${(row.initMedianMs / floor.initMedianMs).toFixed(2)}x, ${instrRatio}`
      : '';
    return `${row.name.padEnd(12)}  ${kb(row.bytes).padStart(9)}  ${kb(row.gzipBytes).padStart(7)}  ${`${row.initMedianMs.toFixed(0)} ms`.padStart(8)}  ${instructions(row).padStart(10)}  ${ratio}`;
  });
  const publicRow = result.rows.find((row) => row.name === 'public');
  const goals =
    publicRow && floor
      ? [
          `  public bundle <= 1.1x B: ${publicRow.bytes <= floor.bytes * 1.1 ? 'met' : 'NOT met'}`,
          `  public cold init <= 1.15x B: ${publicRow.initMedianMs <= floor.initMedianMs * 1.15 ? 'met' : 'NOT met'}`,
          ...(publicRow.initInstructions && floor.initInstructions
            ? [
                // A steady indicator of change; the goal itself is on time (above).
                `  public cold-init instructions: ${(publicRow.initInstructions / floor.initInstructions).toFixed(2)}x B (indicator, not the goal)`,
              ]
            : []),
        ]
      : [];
  return [
    `Lambda bundles (CDK esbuild settings) and cold init (fresh Node ${process.versions.node} process, median of ${result.rows[0]?.initMs.length ?? 0})`,
    header,
    ...lines,
    ...goals,
  ].join('\n');
}

// `node scripts/bench/lambda.ts` runs it alone.
if (import.meta.main) {
  const result = await benchLambda();
  writeFileSync(join(root, '.bench/lambda.json'), JSON.stringify(result, null, 2));
  process.stdout.write(`${reportLambda(result)}\n`);
}
