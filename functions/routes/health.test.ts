import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { createServices } from '../services.ts';
import { memoryLogger, testApp } from '../test/harness.ts';

describe('GET /api/health', () => {
  it('is ok when DynamoDB answers', async () => {
    const { app } = await testApp();
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('is 503 when DynamoDB does not answer', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const config = loadConfig({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' });
    const app = createApp(
      createServices(
        config,
        { region: 'local', endpoint: 'http://127.0.0.1:9' },
        { log: memoryLogger() },
      ),
    );
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { status: string }).status).toBe('unavailable');
  });

  it('during an outage says when to look again, and logs its start once, not per check', async () => {
    const config = loadConfig({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' });
    const log = memoryLogger();
    const services = createServices(
      config,
      { region: 'local', endpoint: 'http://127.0.0.1:9' },
      { log },
    );
    const app = createApp(services);
    for (let i = 0; i < 5; i++) {
      const response = await app.request('/api/health');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
    }
    // The same incident as the rest of the API's: a request elsewhere adds no line either.
    expect((await app.request('/api/landing-pages/default')).status).toBe(503);
    expect(log.lines.map((line) => line.message)).toEqual([
      'store unavailable: answering 503 until it is back',
    ]);
    services.db.destroy();
  });
});
