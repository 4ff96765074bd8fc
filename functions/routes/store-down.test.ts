// Hole 7 of the hardening issue: when the store dies, the API answers 503 with
// Retry-After and the envelope's `unavailable`, logs one line for the incident (not a
// stack trace per request), and logs its end once the store answers again.
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { ensureTable } from '../data/table.ts';
import { createServices } from '../services.ts';
import { forwardedForIp } from '../lib/client-ip.ts';
import { memoryLogger } from '../test/harness.ts';
import { startDynamoLocal } from '../server/dynamo-local.ts';
import type { ErrorBody } from '../lib/errors.ts';

describe('a dead store', () => {
  it('answers 503 unavailable with Retry-After, logs once per incident, and recovers', async () => {
    // An engine of this test's own, since it is killed mid-run.
    let engine = await startDynamoLocal({});
    const port = new URL(engine.endpoint).port;
    const config = loadConfig({ TABLE_NAME: 'store-down', DYNAMODB_ENDPOINT: engine.endpoint });
    const log = memoryLogger();
    const services = createServices(
      config,
      { region: 'local', endpoint: engine.endpoint },
      { log, clientIp: forwardedForIp },
    );
    await ensureTable(services.db, 'store-down');
    const app = createApp(services);
    const lead = JSON.stringify({ name: 'Dana Whitfield', email: 'dana@example-pharma.com' });
    const post = () =>
      app.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: lead,
      });
    try {
      expect((await post()).status).toBe(201);
      await engine.stop();
      for (let i = 0; i < 12; i++) {
        const response = i % 2 ? await post() : await app.request('/api/landing-pages/default');
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(((await response.json()) as ErrorBody).error.code).toBe('unavailable');
      }
      const errors = log.lines.filter((line) => line.level === 'error');
      expect(errors.map((line) => line.message)).toEqual([
        'store unavailable: answering 503 until it is back',
      ]);
      expect(JSON.stringify(log.lines)).not.toContain('    at ');

      engine = await startDynamoLocal({ port: Number(port) });
      await ensureTable(services.db, 'store-down');
      expect((await post()).status).toBe(201);
      const back = log.lines.find((line) => line.message === 'store reachable again');
      expect(back?.details?.['failedRequests']).toBe(12);
    } finally {
      services.db.destroy();
      await engine.stop();
    }
  }, 90_000);
});

describe('errors that are not store outages', () => {
  it('a connection reset outside an AWS SDK call (an aborted upload) is not an outage', async () => {
    const { isStoreUnavailable } = await import('../lib/store-errors.ts');
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isStoreUnavailable(aborted)).toBe(false);
    const sdk = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
      $metadata: { attempts: 3 },
    });
    expect(isStoreUnavailable(sdk)).toBe(true);
  });
});
