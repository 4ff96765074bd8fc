// `npm run bench`: every benchmark in one run. Figures go to stdout and .bench/*.json.
// Options: --seconds N (default 10; ingestion runs at least 20), --connections N (default
// 50 for static files, 10 for ingestion), --rounds N (ingestion, default 3), --only NAME.
// A bench over its budget (lighthouse's JavaScript, static's A/B experiment rate, the public
// Lambda's size and cold-init instructions against reference B) fails the
// run once every report is printed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchStatic, reportStatic, staticFailed } from './bench/static.ts';
import { benchConversions, reportConversions } from './bench/conversions.ts';
import { benchLighthouse, lighthouseFailed, reportLighthouse } from './bench/lighthouse.ts';
import { benchMedia, reportMedia } from './bench/media.ts';
import { benchAnalytics, reportAnalytics } from './bench/analytics.ts';
import { benchAnalyticsFlood, reportAnalyticsFlood } from './bench/analytics-flood.ts';
import { benchLambda, lambdaFailed, reportLambda } from './bench/lambda.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = values.connections === undefined ? undefined : Number(values.connections);
const out = join(import.meta.dirname, '../.bench');
mkdirSync(out, { recursive: true });

const benches: Record<string, () => Promise<string>> = {
  static: async () => {
    const result = await benchStatic({ seconds, connections: connections ?? 50 });
    writeFileSync(join(out, 'static.json'), JSON.stringify(result, null, 2));
    // A/B experiments (issue 24): a page under one must keep 90% of its plain rate.
    if (staticFailed(result)) process.exitCode = 1;
    return reportStatic(result);
  },
  // Ingestion runs at least 20 s per measurement: DynamoDB Local needs time to settle.
  // 10 connections by default: at 50, DynamoDB Local itself is saturated and by Little's
  // law no p99 can be under 100 ms (docs/decisions/0016-ingestion-benchmark.md).
  conversions: async () => {
    const result = await benchConversions({
      seconds: Math.max(seconds, 20),
      connections: connections ?? 10,
      rounds: Number(values.rounds),
    });
    writeFileSync(join(out, 'conversions.json'), JSON.stringify(result, null, 2));
    return reportConversions(result);
  },
  media: async () => {
    const result = await benchMedia({ seconds, connections: connections ?? 50 });
    writeFileSync(join(out, 'media.json'), JSON.stringify(result, null, 2));
    return reportMedia(result);
  },
  // The dashboard's read: 90 days over 20 pages, 200 sequential requests per view.
  analytics: async () => {
    const result = await benchAnalytics({ requests: 200 });
    writeFileSync(join(out, 'analytics.json'), JSON.stringify(result, null, 2));
    return reportAnalytics(result);
  },
  // The admin's analytics read while one address floods /api/conversions with a new user
  // agent per event (issue 21, item 6): no flood, flood with the per-address cap, without.
  'analytics-flood': async () => {
    const result = await benchAnalyticsFlood({
      seconds: Math.max(seconds, 15),
      connections: connections ?? 10,
    });
    writeFileSync(join(out, 'analytics-flood.json'), JSON.stringify(result, null, 2));
    return reportAnalyticsFlood(result);
  },
  // Bundle sizes and cold init of the API functions against two reference bundles.
  lambda: async () => {
    const result = await benchLambda();
    writeFileSync(join(out, 'lambda.json'), JSON.stringify(result, null, 2));
    // The public function over 1.25x B, in size or instructions (issue 34).
    if (lambdaFailed(result)) process.exitCode = 1;
    return reportLambda(result);
  },
  lighthouse: async () => {
    const result = await benchLighthouse();
    writeFileSync(join(out, 'lighthouse.json'), JSON.stringify(result, null, 2));
    // A page over its JavaScript budget fails the run (after every report is printed).
    if (lighthouseFailed(result)) process.exitCode = 1;
    return reportLighthouse(result);
  },
};

for (const [name, run] of Object.entries(benches)) {
  if (values.only && values.only !== name) continue;
  process.stdout.write(`\n${await run()}\n`);
}
