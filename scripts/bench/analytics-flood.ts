// Issue 21, item 6: one address flooding POST /api/conversions with a new user agent per
// event counted each as a new visitor and slowed the admin 10-30x. This measures the
// admin's analytics read (GET /api/admin/analytics, 30 days over the bench pages) while a
// separate process floods the same server from one address (scripts/bench/flood-client.ts):
// without flood, with the flood and the per-address cap (CONVERSION_ADDRESS_RATE_LIMIT,
// the default), and with the flood and that cap lifted (what the flood cost before it).
// The server runs in this process against DynamoDB Local, as in scripts/bench/analytics.ts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { SITE_SCOPE } from '../../functions/data/event-counters.ts';
import { VisitorEventCap } from '../../functions/data/page-resolver.ts';
import { freePort } from '../../functions/server/dynamo-local.ts';
import { hashPassword } from '../../functions/lib/passwords.ts';
import { LOCAL_COOKIE } from '../../functions/lib/auth.ts';
import { addDays } from '../../functions/shared/analytics.ts';
import { fmt, machineLoad, percentile } from './tools.ts';
import { startAppStack } from './app-stack.ts';

const PAGES = 10;
const DAYS = 30;
const WARM_UP_REQUESTS = 20;

export interface AdminLatency {
  requests: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}

export interface FloodPhase {
  name: string;
  admin: AdminLatency;
  /** Flood events sent and answered 202 (undefined without a flood). */
  flood?: { sent: number; accepted: number; perSecond: number };
  /** Page views the site counted during the phase: the visitors the flood faked. */
  counted: number;
}

export interface AnalyticsFloodBench {
  connections: number;
  seconds: number;
  addressLimit: number;
  phases: FloodPhase[];
}

export async function benchAnalyticsFlood(options: {
  seconds: number;
  connections: number;
}): Promise<AnalyticsFloodBench> {
  const stack = await startAppStack('flood', PAGES);
  const { services, server } = stack;
  try {
    const slugs = stack.pages.map((page) => page.slug);
    const email = 'bench@pharmabridge.test';
    await services.admins.create(email, await hashPassword('bench-harbour-lantern-2026'));
    const session = await services.sessions.create(email, 3600);
    const cookie = `${LOCAL_COOKIE}=${session.id}`;
    const port = await freePort();
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${port}`;
    const today = new Date().toISOString().slice(0, 10);
    const adminUrl = `${base}/api/admin/analytics?from=${addDays(today, -(DAYS - 1))}&to=${today}`;

    const counted = async () => {
      const counters = await services.events.countersForPage(SITE_SCOPE, today, today);
      return counters.reduce((sum, counter) => sum + counter.count, 0);
    };
    const adminRequest = async () => {
      const started = performance.now();
      const response = await fetch(adminUrl, { headers: { cookie } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status}: ${text}`);
      return performance.now() - started;
    };
    /** Sequential admin reads until `until` resolves (or `seconds` pass without a flood). */
    const measureAdmin = async (until: Promise<unknown>): Promise<AdminLatency> => {
      let done = false;
      void until.then(() => (done = true));
      const latencies: number[] = [];
      while (!done) latencies.push(await adminRequest());
      latencies.sort((a, b) => a - b);
      return {
        requests: latencies.length,
        medianMs: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.at(-1) ?? 0,
      };
    };
    const flood = (landingPageId: string) => {
      const child = spawn(
        process.execPath,
        [
          join(import.meta.dirname, 'flood-client.ts'),
          base,
          String(options.connections),
          String(options.seconds),
          landingPageId,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return once(child, 'exit').then(
        () => JSON.parse(output) as { sent: number; accepted: number },
      );
    };
    const phase = async (name: string, withFlood: boolean, slug: string): Promise<FloodPhase> => {
      const before = await counted();
      if (!withFlood) {
        const admin = await measureAdmin(
          new Promise((resolve) => setTimeout(resolve, options.seconds * 1000)),
        );
        return { name, admin, counted: (await counted()) - before };
      }
      const running = flood(slug);
      const admin = await measureAdmin(running);
      const sent = await running;
      // Let the last in-flight writes land.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return {
        name,
        admin,
        flood: { ...sent, perSecond: sent.sent / options.seconds },
        counted: (await counted()) - before,
      };
    };

    for (let i = 0; i < WARM_UP_REQUESTS; i++) await adminRequest();
    const phases: FloodPhase[] = [];
    phases.push(await phase('no flood', false, slugs[0]!));
    phases.push(await phase('flood, per-address cap', true, slugs[1]!));
    // The cap lifted: what the same flood cost before this item (every event written).
    const capped = services.eventCap;
    services.eventCap = new VisitorEventCap(
      {
        perVisitor: services.config.env.CONVERSION_RATE_LIMIT,
        perAddress: Number.MAX_SAFE_INTEGER,
      },
      services.now,
    );
    phases.push(await phase('flood, no per-address cap', true, slugs[2]!));
    services.eventCap = capped;
    phases.push(await phase('no flood, after', false, slugs[0]!));
    return {
      connections: options.connections,
      seconds: options.seconds,
      addressLimit: services.config.env.CONVERSION_ADDRESS_RATE_LIMIT,
      phases,
    };
  } finally {
    await stack.stop();
  }
}

export function reportAnalyticsFlood(result: AnalyticsFloodBench): string {
  const baseline = result.phases[0]!.admin;
  const lines = result.phases.map((phase) => {
    const { admin, flood } = phase;
    const floodText = flood
      ? `flood ${fmt(flood.perSecond).padStart(6)} events/s, ${fmt(phase.counted)} counted`
      : 'no flood';
    return `  ${phase.name.padEnd(28)} admin median ${fmt(admin.medianMs, 1).padStart(6)} ms (x${(admin.medianMs / baseline.medianMs).toFixed(1)})   p99 ${fmt(admin.p99Ms, 1).padStart(6)} ms (x${(admin.p99Ms / baseline.p99Ms).toFixed(1)})   ${fmt(admin.requests)} requests   ${floodText}`;
  });
  return [
    `Admin analytics under a conversions flood (GET /api/admin/analytics for ${DAYS} days over ${PAGES} pages, sequential; flood: POST /api/conversions from one address with a new user agent per event, ${result.connections} connections, ${result.seconds} s per phase; CONVERSION_ADDRESS_RATE_LIMIT ${fmt(result.addressLimit)} a minute)`,
    ...lines,
    `  (${machineLoad()})`,
  ].join('\n');
}
